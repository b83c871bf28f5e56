// The review by native speakers: a language's review file is XLIFF 2.0 that a second, independent
// reader (npm `xliff`, locize's XLIFF library) opens with every message, English beside the
// translation; written back by that library with one message changed, it is taken back; a message a
// reviewer marks reviewed is kept with hashes of both texts, so changing either makes it unreviewed;
// a file whose placeholders or plural forms differ from English, or whose English is older, is refused
// whole, one line per message. The commands' own run is tests/translations-commands.test.ts's.
import { describe, expect, it } from 'vitest';
import { js2xliff, xliff2js } from 'xliff';
import { ENGLISH_PARTS } from '../src/lib/contract/english.ts';
import { languageByCode, type LanguageScope } from '../src/lib/languages.ts';
import { catalogueOf } from '../src/lib/site/words.ts';
import { type Catalogues, importReviewFile, isReviewed, ReviewFileError, reviewCounts, reviewFile, type Reviews, sha256 } from '../src/lib/translations/review.ts';

const hmong = languageByCode('hmn') as LanguageScope;
const catalogue = catalogueOf(hmong);
const hmongNow: Catalogues = {
  pages: Object.fromEntries(Object.keys(ENGLISH_PARTS.pages).map((k) => [k, catalogue[k] as string])),
  scripts: Object.fromEntries(Object.keys(ENGLISH_PARTS.scripts).map((k) => [k, catalogue[k] as string])),
};
const current = (reviews: Reviews = {}) => () => ({ english: ENGLISH_PARTS, translated: hmongNow, reviews });
const MESSAGES = Object.keys(ENGLISH_PARTS.pages).length + Object.keys(ENGLISH_PARTS.scripts).length;
/** A unit's segment in our file, by key: its state and its target. */
const segmentOf = (xml: string, key: string) => new RegExp(`<unit id="${key.replace(/\./g, '\\.')}">[^]*?<segment state="(\\w+)">\\s*<source>([^<]*)</source>\\s*<target>([^<]*)</target>`).exec(xml);

type XliffJs = { sourceLanguage: string; targetLanguage: string; resources: Record<string, Record<string, { source: string; target: string; note?: string | string[] }>> };

describe('the review file', () => {
  it('is XLIFF 2.0 that a second reader opens: every message, English and Hmong, where it is shown, and its review', async () => {
    const xml = reviewFile(hmong, ENGLISH_PARTS, hmongNow, {});
    const read = (await xliff2js(xml)) as XliffJs;
    expect([read.sourceLanguage, read.targetLanguage]).toEqual(['en', 'hmn']);
    expect(Object.keys(read.resources).sort()).toEqual(['pages', 'scripts']);
    expect(Object.keys(read.resources.pages ?? {}).length + Object.keys(read.resources.scripts ?? {}).length).toBe(MESSAGES);
    const yes = read.resources.pages?.['word.yes'];
    expect(yes?.source).toBe('yes');
    expect(yes?.target).toBe(catalogue['word.yes']);
    expect(yes?.note).toEqual(['Shown on the voucher spread page (/section-8/): the yes/no column.', 'Not yet reviewed by a native speaker.']);
    // ICU's braces reach the reviewer as they are.
    expect(read.resources.scripts?.['summary.eligibility']?.target).toBe(catalogue['summary.eligibility']);
    expect(segmentOf(xml, 'word.yes')?.[1]).toBe('translated');
  });

  it('is taken back when the second reader writes it with one message changed: the catalogue changes, nothing is reviewed', async () => {
    const read = (await xliff2js(reviewFile(hmong, ENGLISH_PARTS, hmongNow, {}))) as XliffJs;
    const unit = read.resources.pages?.['notFound.text'];
    if (!unit) throw new Error('no notFound.text');
    unit.target = 'Tsis muaj nplooj ntawv nyob ntawm no. Sim ib qho hauv qab no:';
    const written = await js2xliff(read);
    const result = importReviewFile(written, current(), undefined, '2026-11-29');
    expect(result.language).toBe(hmong);
    expect(result.changed).toEqual(['notFound.text']);
    expect(result.catalogues.pages['notFound.text']).toBe('Tsis muaj nplooj ntawv nyob ntawm no. Sim ib qho hauv qab no:');
    expect(result.newlyReviewed).toEqual([]);
    expect(result.reviews).toEqual({});
  });

  it('keeps a review with the hashes of both texts; changing either makes the message unreviewed', () => {
    const xml = reviewFile(hmong, ENGLISH_PARTS, hmongNow, {}).replace(/(<unit id="word\.yes">[^]*?<segment state=")translated(">)/, '$1reviewed$2');
    const result = importReviewFile(xml, current(), 'Pa Nhia Vang', '2026-11-29');
    expect(result.newlyReviewed).toEqual(['word.yes']);
    const review = result.reviews['word.yes'];
    expect(review).toEqual({ reviewer: 'Pa Nhia Vang', date: '2026-11-29', english_sha256: sha256('yes'), translation_sha256: sha256(catalogue['word.yes'] as string) });
    expect(isReviewed(review, 'yes', catalogue['word.yes'] as string)).toBe(true);
    expect(isReviewed(review, 'Yes', catalogue['word.yes'] as string)).toBe(false);
    expect(isReviewed(review, 'yes', 'muaj')).toBe(false);
    expect(reviewCounts({ ...ENGLISH_PARTS.pages, ...ENGLISH_PARTS.scripts }, catalogue, result.reviews)).toEqual({ reviewed: 1, total: MESSAGES });
    // The next file says so, and a reviewed message whose translation a later file changes is no longer reviewed.
    const next = reviewFile(hmong, ENGLISH_PARTS, hmongNow, result.reviews);
    expect(segmentOf(next, 'word.yes')?.[1]).toBe('reviewed');
    expect(next).toContain('Reviewed by Pa Nhia Vang on 2026-11-29.');
    const changed = importReviewFile(next.replace(/(<unit id="word\.yes">[^]*?<segment state=")reviewed(">\s*<source>yes<\/source>\s*<target>)[^<]*/, '$1translated$2yog tiag'), current(result.reviews), undefined, '2026-11-30');
    expect(changed.unreviewed).toEqual(['word.yes']);
    expect(changed.reviews).toEqual({});
  });

  it('refuses a file whose placeholders or plural forms differ from English, or whose English is older, naming each message', () => {
    const xml = reviewFile(hmong, ENGLISH_PARTS, hmongNow, {});
    const spoilt = xml
      .replace(/(<unit id="site\.name">[^]*?<target>)[^<]*/, '$1Nqi Xauj Tsev hauv {xeev}')
      .replace(/(<unit id="search\.countyOption">[^]*?<target>)[^<]*/, '$1{county}: {count, plural, one {# tus lej} few {# tus lej} other {# tus lej}}')
      .replace(/(<unit id="word\.no">[^]*?<source>)[^<]*/, '$1nope');
    let error: unknown;
    try {
      importReviewFile(spoilt, current(), 'X', '2026-11-29');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReviewFileError);
    expect((error as ReviewFileError).problems).toEqual([
      'pages message "word.no": its English is not today\'s ("nope" in the file): write a new file with npm run translations:review and review that',
      'pages message "site.name" in Hmong (hmn) takes {xeev} where English takes {state}',
      'scripts message "search.countyOption" in Hmong (hmn): {count, plural} has the form few, which the language\'s plural rules never choose (its forms: one, other)',
    ]);
    expect(() => importReviewFile('<xliff version="1.2"/>', current(), 'X', '2026-11-29')).toThrow('not an XLIFF 2.0 file');
    // A file cut short (a download or an e-mail that stopped) says so, and nothing is taken.
    expect(() => importReviewFile(xml.slice(0, 3000), current(), 'X', '2026-11-29')).toThrow(/^not a whole XML file: it ends with <xliff>, <file>.* still open \(was it cut short\?\)$/);
  });
});
