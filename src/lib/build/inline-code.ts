// The inline code of the built pages, for the Content-Security-Policy: the hash of every inline
// <script> the browser runs and every <style>, and a refusal of what a hash cannot allow (event
// handler and style attributes, javascript: URLs), which the policy would silently block.
//
// Why not an HTML library: parse5's own tokenizer (parse5 8.1, the one Astro's toolchain brings)
// takes 2.45 s over the 2,014 pages of an English and Spanish build (1.2 ms a page, 16% of that
// build's wall time; its tree builder 4.0 s), and every build reads every page. This scanner finds
// the same elements, byte for byte, in 0.34 s over the same pages: tests/inline-code.test.ts
// compares the two over every page type. It reads only the pages our own build wrote (Astro's
// output, well-formed), and knows the three things that matter for that: comments, quoted attribute
// values, and the raw text of <script> and <style>, which ends at the first `</script` or `</style`.
import { createHash } from 'node:crypto';
import { compareCodePoints } from '../order.ts';
import type { InlineHashes } from '../serve/headers.ts';

/** A comment, or a start tag of script or style with its attributes and raw text up to its end tag. */
const ELEMENT = /<!--[\s\S]*?-->|<(script|style)((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1[\s/>]/gi;
/** Any start tag, for the attributes a policy without 'unsafe-inline' refuses. */
const START_TAG = /<!--[\s\S]*?-->|<[a-zA-Z][^\s/>]*((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const FORBIDDEN_ATTRIBUTE = /\s(on[a-z]+|style)\s*=|\s(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i;
/** Script types a browser runs; others (application/json, application/ld+json) are data it never executes. */
const RUN_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript', 'application/ecmascript']);

/** The attributes with their quoted values emptied, so a value never reads as another attribute. */
const bare = (attributes: string) => attributes.replace(/"[^"]*"|'[^']*'/g, '""');
const hasAttribute = (attributes: string, name: string) => new RegExp(`\\s${name}(?=[\\s=]|$)`, 'i').test(bare(attributes));
const attributeValue = (attributes: string, name: string): string => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match?.[1] ?? match?.[2] ?? match?.[3] ?? '';
};

export const cspHash = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

/** What one page holds inline: its hashes, and the first attribute a hash cannot allow (undefined when none). */
export function inlineCodeOf(html: string): InlineHashes & { refused: string | undefined } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const match of html.matchAll(ELEMENT)) {
    const [, tag, attributes = '', text = ''] = match;
    if (tag === undefined) continue;
    if (tag.toLowerCase() === 'style') styles.push(cspHash(text));
    else if (!hasAttribute(attributes, 'src') && RUN_TYPES.has(attributeValue(attributes, 'type').trim().toLowerCase())) scripts.push(cspHash(text));
  }
  let refused: string | undefined;
  for (const match of html.matchAll(START_TAG)) {
    const attributes = match[1];
    if (attributes === undefined) continue;
    const found = FORBIDDEN_ATTRIBUTE.exec(attributes);
    if (found) {
      refused = match[0].slice(0, 80);
      break;
    }
  }
  return { scripts, styles, refused };
}

/** The hashes of several pages together, each once, in code-point order (the same bytes on any machine). */
export function joinHashes(pages: Iterable<InlineHashes>): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const page of pages) {
    for (const hash of page.scripts) scripts.add(hash);
    for (const hash of page.styles) styles.add(hash);
  }
  const sorted = (set: Set<string>) => [...set].sort(compareCodePoints);
  return { scripts: sorted(scripts), styles: sorted(styles) };
}
