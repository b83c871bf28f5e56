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
