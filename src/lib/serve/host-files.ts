// The Netlify / Cloudflare Pages rule files (public/_headers, public/_redirects) for a site under a
// path prefix: every path rule gains the prefix. Hosts read these files only at the publish root,
// so `build:states` joins the states' files into one there.

/** `_headers`: path lines start at column 0 with `/`; header lines are indented; `#` comments stay. */
export function prefixHeaders(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('/') && line !== '/*' ? prefix + line : line))
    .join('\n');
}

/** `_redirects`: `FROM TO STATUS`; both paths gain the prefix. */
export function prefixRedirects(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith('/') ? line.replace(/^(\S+)(\s+)(\S+)/, (_, from: string, gap: string, to: string) => `${prefix}${from}${gap}${prefix}${to}`) : line))
    .join('\n');
}

/**
 * One `_headers` for several prefixed sites: the first file whole, then each other file's rules
 * without the comments and the catch-all `/*` block, which is the same in all of them.
 */
export function joinHeaders(files: readonly string[]): string {
  const [first = '', ...rest] = files;
  const rules = (text: string) => text.split(/\n(?=\/)/).filter((block) => block.startsWith('/') && !block.startsWith('/*\n'));
  return [first.trimEnd(), ...rest.flatMap(rules).map((b) => b.trimEnd())].join('\n\n') + '\n';
}

/** One `_redirects` for several prefixed sites: every rule line of each, the first file's comments once. */
export function joinRedirects(files: readonly string[]): string {
  const [first = '', ...rest] = files;
  return [first.trimEnd(), ...rest.flatMap((text) => text.split('\n').filter((line) => line.startsWith('/')))].join('\n') + '\n';
}

/** `_headers` with `headers` in its `/*` rule: a header it already states is replaced, the others added at the rule's end. */
export function withHeadersForEvery(text: string, headers: Readonly<Record<string, string>>): string {
  const lines = text.split('\n');
  const start = lines.indexOf('/*');
  if (start === -1) return `${text.trimEnd()}\n\n/*\n${Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`).join('\n')}\n`;
  let end = start + 1;
  while (end < lines.length && /^\s+\S/.test(lines[end] as string)) end++;
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  const kept = lines.slice(start + 1, end).filter((line) => !names.has(line.trim().split(':')[0]?.trim().toLowerCase() ?? ''));
  return [...lines.slice(0, start + 1), ...kept, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), ...lines.slice(end)].join('\n');
}
