/** JSON is written one way everywhere: two-space indent, trailing newline, so rebuilds diff cleanly. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function jsonResponse(value: unknown, contentType = 'application/json; charset=utf-8'): Response {
  return new Response(toJson(value), { headers: { 'Content-Type': contentType } });
}

export function textResponse(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
