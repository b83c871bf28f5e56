// Native speakers' review of a translation: each message's review kept with a hash of the English
// and of the translation it was given for, so a change to either makes the message unreviewed again;
// and the file a reviewer works in, XLIFF 2.0 (OASIS), which Weblate, Crowdin and Pontoon open.
// Pure: the catalogues, the reviews, the reviewer and the date arrive as values (src/cli/translations.ts
// reads and writes the files). XML is checked, read and written by fast-xml-validator, -parser and
// -builder, not by hand.
import { createHash } from 'node:crypto';
import XMLBuilder from 'fast-xml-builder';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { CATALOGUE_PARTS, type Catalogue, type CataloguePart, catalogueProblems } from '../contract/words.ts';
import { ExpectedError } from '../errors.ts';
import { languageByCode, type LanguageScope, SOURCE_LANGUAGE } from '../languages.ts';

/** One message's review: who, when, and the texts (by their SHA-256) it was given for. */
export interface Review {
  reviewer: string;
  date: string;
  english_sha256: string;
  translation_sha256: string;
}
/** A language's reviews by message key (src/messages/<code>/reviews.json). */
export type Reviews = Readonly<Record<string, Review>>;

/** The catalogue files a language has: what the pages write, and what their scripts say. */
export { CATALOGUE_PARTS, type CataloguePart };
export type Catalogues = Readonly<Record<CataloguePart, Catalogue>>;

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** True when `review` was given for exactly this English and this translation. */
export const isReviewed = (review: Review | undefined, english: string, translation: string): boolean =>
  review !== undefined && review.english_sha256 === sha256(english) && review.translation_sha256 === sha256(translation);

/** How many of a language's messages a native speaker has reviewed as they now read, of how many. */
export function reviewCounts(english: Catalogue, translated: Catalogue, reviews: Reviews): { reviewed: number; total: number } {
  const keys = Object.keys(english);
  return { reviewed: keys.filter((key) => isReviewed(reviews[key], english[key] ?? '', translated[key] ?? '')).length, total: keys.length };
}

/** Where a message is shown, for the reviewer: the first prefix of its key that this table names. */
const SHOWN_AT: readonly [string, string][] = [
  ['site.', 'every page: the site’s name and links'],
  ['nav.', 'every page: the links at the top'],
  ['languages.', 'every page: the language switcher'],
  ['translated.', 'every translated page: the notice at the top'],
  ['footer.', 'every page: the footer'],
  ['notice', 'every page, when the data is older than it should be: the notice at the top'],
  ['format.', 'every page: how months, dates, fiscal years and missing values are written'],
  ['word.', 'the voucher spread page (/section-8/): the yes/no column'],
  ['home.', 'the home page (/)'],
  ['map.', 'the home page’s map of counties (/)'],
  ['table.', 'the tables of the ZIP, county and voucher spread pages'],
  ['unit.', 'the rent tables: the number of bedrooms'],
  ['compare.', 'a ZIP code’s page (/zip/55104/): does a voucher reach the market rent'],
  ['wage.', 'a ZIP code’s page (/zip/55104/): the hourly wage the rent needs'],
  ['zip.', 'a ZIP code’s page (/zip/55104/)'],
  ['chart.', 'the charts of a ZIP code’s page (/zip/55104/)'],
  ['page.', 'the ZIP and county pages: when the page last changed'],
  ['fit.', 'the household form on a ZIP code’s page (/zip/55104/#fit)'],
  ['limits.', 'the income limits table of the county and ZIP pages (/county/hennepin/)'],
  ['rules.', 'the household form: how the rent is worked out (/zip/55104/#fit)'],
  ['county.', 'a county’s page (/county/hennepin/)'],
  ['s8.', 'the voucher spread page (/section-8/)'],
  ['zips.', 'the list of ZIP codes (/zips/)'],
  ['search.', 'the search on the home page and /zips/'],
  ['place.', 'every page that names a county (its heading, the captions, the search)'],
  ['notFound.', 'the page for an address with nothing behind it (404)'],
  ['errorPage.', 'the pages of the errors 400, 403, 405 and 414'],
  ['field.', 'the household form: the name of a field, in its error messages'],
  ['error.', 'the household form: what it says about a value it cannot use'],
  ['summary.', 'the household form’s answer: the lines in plain words'],
  ['verdict.', 'the household form’s answer: what the ✓ and ✗ say to a screen reader'],
  ['answer.', 'the household form’s answer: the sentences under the lines'],
  ['step.', 'the household form’s answer: “How this was worked out”'],
  ['assumed.', 'the household form’s answer: what it assumed'],
  ['agencies.', 'the ZIP and county pages: who runs vouchers here (/county/ramsey/#housing-agencies)'],
  ['area.', 'the area a housing agency serves, on the ZIP and county pages and in the household form’s answer (/county/hennepin/#housing-agencies)'],
  ['list.', 'lists in sentences: “A, B and C”, “A; B; and C” (the areas agencies serve, the agencies of a line)'],
];
export const whereShown = (key: string): string => SHOWN_AT.find(([prefix]) => key.startsWith(prefix))?.[1] ?? 'several pages';

const XLIFF_NS = 'urn:oasis:names:tc:xliff:document:2.0';
/** XLIFF 2.0's segment states: a reviewed message is `reviewed` (or `final`, as a tool may set it). */
const REVIEWED_STATES = new Set(['reviewed', 'final']);

/** The review file of one language: every message, English beside the translation, where it is shown, and its review. */
export function reviewFile(language: LanguageScope, english: Catalogues, translated: Catalogues, reviews: Reviews): string {
  const files = CATALOGUE_PARTS.map((part) => ({
    '@_id': part,
    '@_original': `src/messages/${language.code}/${part}.json`,
    notes: { note: [{ '@_category': 'format', '#text': 'ICU MessageFormat: keep every {name} as it is; translate the words inside {count, plural, one {…} other {…}} and {x, select, …}.' }] },
    unit: Object.entries(english[part]).map(([key, source]) => {
      const target = translated[part][key] ?? '';
      const review = reviews[key];
      const reviewed = isReviewed(review, source, target);
      const reviewNote = reviewed
        ? `Reviewed by ${review?.reviewer} on ${review?.date}.`
        : review
          ? `Reviewed by ${review.reviewer} on ${review.date}, but the English or the translation has changed since: not reviewed as it now reads.`
          : 'Not yet reviewed by a native speaker.';
      return {
        '@_id': key,
        notes: { note: [{ '@_category': 'location', '#text': `Shown on ${whereShown(key)}.` }, { '@_category': 'review', '#text': reviewNote }] },
        segment: { '@_state': reviewed ? 'reviewed' : 'translated', source, target },
      };
    }),
  }));
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: false });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ xliff: { '@_xmlns': XLIFF_NS, '@_version': '2.0', '@_srcLang': SOURCE_LANGUAGE.code, '@_trgLang': language.code, file: files } })}`;
}

/** A review file that cannot be taken back: every problem, one line each, naming the message. */
export class ReviewFileError extends ExpectedError {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

export interface ReviewedLanguage {
  language: LanguageScope;
  /** The catalogues with the file's translations in them. */
  catalogues: Catalogues;
  reviews: Reviews;
  /** Keys whose translation the file changed. */
  changed: string[];
  /** Keys the file marks reviewed that were not reviewed as they now read. */
  newlyReviewed: string[];
  /** Keys that were reviewed as they read and are not any more: the file changed them, or no longer marks them reviewed. */
  unreviewed: string[];
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** An element's text as the parser gives it: a string, or `{ '#text': … }` when the element has attributes. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String(value['#text']);
  return undefined;
}

/**
 * Takes a reviewed file back: its translations into the catalogues and its `reviewed` (or `final`)
 * segments into the reviews, by `reviewer` on `date`. Refuses the whole file, naming each message,
 * when a message's English is not today's (the file is older than a change of the English), a unit
 * is not a message of that file, or a translation's placeholders or plural forms differ from English.
 */
export function importReviewFile(
  xml: string,
  current: (language: LanguageScope) => { english: Catalogues; translated: Catalogues; reviews: Reviews },
  reviewer: string | undefined,
  date: string,
): ReviewedLanguage {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', trimValues: false, parseTagValue: false, isArray: (name) => ['file', 'unit', 'note', 'segment'].includes(name) });
  try {
    SyntaxValidator.validate(xml);
  } catch (error) {
    const at = error as Error & { line?: number; col?: number };
    // The validator reports elements left open at the end (a file cut short) as found at line 1.
    const open = /^Invalid '(\[.*\])' found\.$/.exec(at.message)?.[1];
    if (open) throw new ReviewFileError([`not a whole XML file: it ends with <${(JSON.parse(open) as string[]).join('>, <')}> still open (was it cut short?)`]);
    throw new ReviewFileError([`not an XML file: line ${at.line ?? '?'}, column ${at.col ?? '?'}: ${at.message}`]);
  }
  const doc = parser.parse(xml) as { xliff?: { '@_version'?: string; '@_srcLang'?: string; '@_trgLang'?: string; file?: { '@_id'?: string; unit?: { '@_id'?: string; segment?: { '@_state'?: string; source?: unknown; target?: unknown }[] }[] }[] } };
  const root = doc.xliff;
  if (!root || root['@_version'] !== '2.0') throw new ReviewFileError(['not an XLIFF 2.0 file (its root must be <xliff version="2.0">): write one with npm run translations:review']);
  const language = languageByCode(root['@_trgLang'] ?? '');
  if (root['@_srcLang'] !== SOURCE_LANGUAGE.code || !language || language === SOURCE_LANGUAGE) {
    throw new ReviewFileError([`srcLang="${root['@_srcLang'] ?? ''}" trgLang="${root['@_trgLang'] ?? ''}": a review file translates from en into one of the translated languages`]);
  }
  const { english, translated, reviews } = current(language);
  const problems: string[] = [];
  const catalogues = { pages: { ...translated.pages }, scripts: { ...translated.scripts } };
  const marked = new Map<string, boolean>();
  for (const file of asArray(root.file)) {
    const part = CATALOGUE_PARTS.find((p) => p === file['@_id']);
    if (!part) {
      problems.push(`<file id="${file['@_id'] ?? ''}">: not a catalogue (one of ${CATALOGUE_PARTS.join(', ')})`);
      continue;
    }
    for (const unit of asArray(file.unit)) {
      const key = unit['@_id'] ?? '';
      const where = `${part} message "${key}"`;
      const englishText = english[part][key];
      if (englishText === undefined) {
        problems.push(`${where}: not a message of the English ${part} catalogue`);
        continue;
      }
      const segment = asArray(unit.segment)[0];
      const source = textOf(segment?.source);
      const target = textOf(segment?.target);
      if (source !== englishText) {
        problems.push(`${where}: its English is not today's ("${source ?? ''}" in the file): write a new file with npm run translations:review and review that`);
        continue;
      }
      if (target === undefined || target.trim() === '') {
        problems.push(`${where}: no translation (<target>)`);
        continue;
      }
      catalogues[part][key] = target;
      marked.set(key, REVIEWED_STATES.has(segment?.['@_state'] ?? ''));
    }
  }
  for (const part of CATALOGUE_PARTS) {
    problems.push(...catalogueProblems(english[part], catalogues[part], language).map((problem) => `${part} ${problem}`));
  }
  const englishOf = (key: string) => english.pages[key] ?? english.scripts[key] ?? '';
  const targetOf = (key: string) => catalogues.pages[key] ?? catalogues.scripts[key] ?? '';
  const newlyReviewed = [...marked].filter(([key, yes]) => yes && !isReviewed(reviews[key], englishOf(key), targetOf(key))).map(([key]) => key);
  if (newlyReviewed.length > 0 && !reviewer?.trim()) problems.push(`${newlyReviewed.length} message${newlyReviewed.length > 1 ? 's are' : ' is'} marked reviewed: say by whom with --reviewer "Name"`);
  if (problems.length > 0) throw new ReviewFileError(problems);

  const next: Record<string, Review> = {};
  const unreviewed: string[] = [];
  for (const key of Object.keys({ ...english.pages, ...english.scripts }).sort()) {
    const before = reviews[key];
    const markedNow = marked.get(key);
    if (markedNow === true) {
      next[key] = before && isReviewed(before, englishOf(key), targetOf(key)) ? before : { reviewer: (reviewer ?? '').trim(), date, english_sha256: sha256(englishOf(key)), translation_sha256: sha256(targetOf(key)) };
    } else if (markedNow === undefined && before) {
      next[key] = before; // not in the file: left as it was
    }
    const wasReviewed = isReviewed(before, englishOf(key), translated.pages[key] ?? translated.scripts[key] ?? '');
    if (wasReviewed && !isReviewed(next[key], englishOf(key), targetOf(key))) unreviewed.push(key);
  }
  const changed = CATALOGUE_PARTS.flatMap((part) => Object.keys(english[part]).filter((key) => catalogues[part][key] !== translated[part][key]));
  return { language, catalogues, reviews: next, changed, newlyReviewed, unreviewed };
}
