/** JSON is written one way everywhere: two-space indent, trailing newline, so rebuilds diff cleanly. */
export function toJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The media type of the API's JSON files. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(value: unknown, contentType = JSON_TYPE): Response {
  return new Response(toJson(value), { headers: { 'Content-Type': contentType } });
}

export function textResponse(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
