// Names that stay English on a translated page (a HUD area's name, the citation HUD's and Zillow's
// documents are known by) go into an element with lang="en", so a screen reader says them in
// English and a reader knows they are names, not words left untranslated.
import { SOURCE_LANGUAGE } from '../languages.ts';
import { escapeMarkup } from '../markup.ts';
import type { Page } from './collections.ts';

/** `text` as HTML, each of `names` in it wrapped in `<span lang="en">` on a translated page. */
export function markEnglish(page: Page, text: string, names: readonly (string | null | undefined)[]): string {
  const escaped = escapeMarkup(text);
  const present = [...new Set(names.filter((n): n is string => !!n))].map(escapeMarkup).filter((n) => escaped.includes(n));
  if (page.context.language === SOURCE_LANGUAGE || present.length === 0) return escaped;
  // Longest first: a county's name inside an area's name stays inside the area's element.
  const pattern = new RegExp(present.sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return escaped.replace(pattern, (name) => `<span lang="${SOURCE_LANGUAGE.code}">${name}</span>`);
}
