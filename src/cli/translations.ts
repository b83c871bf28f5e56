// npm run translations:review -- --lang hmn --out FILE   writes a language's review file (XLIFF 2.0)
// npm run translations:import -- FILE [--reviewer NAME] [--date YYYY-MM-DD]   takes a reviewed file back
// The file opens in Weblate, Crowdin, Pontoon or any XLIFF 2.0 editor; a reviewer corrects targets and
// marks each message reviewed (state="reviewed" or "final"). The import writes the catalogues and
// src/messages/<code>/reviews.json, refusing the whole file when a message's placeholders or plural
// forms differ from English (docs/translations.md, "Review by native speakers").
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ENGLISH_PARTS } from '../lib/contract/english.ts';
import type { Catalogue } from '../lib/contract/words.ts';
import { languageByCode, type LanguageScope, TRANSLATED } from '../lib/languages.ts';
import { ERRNO_WORDS, ExpectedError } from '../lib/errors.ts';
import { CATALOGUE_PARTS, type Catalogues, importReviewFile, type ReviewedLanguage, ReviewFileError, type Reviews, reviewCounts, reviewFile } from '../lib/translations/review.ts';
import { runCommand, UsageError } from './command.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const USAGE = [
  'usage: npm run translations:review -- --lang CODE --out FILE',
  '       npm run translations:import -- FILE [--reviewer NAME] [--date YYYY-MM-DD]',
  `(CODE: ${TRANSLATED.map((l) => l.code).join(', ')})`,
].join('\n');

const messagesDir = (language: LanguageScope) => join(ROOT, 'src', 'messages', language.code);
const reviewsPath = (language: LanguageScope) => join(messagesDir(language), 'reviews.json');
// The catalogues' own layout: one space of indent, no newline at the end (as they are in git).
const catalogueText = (catalogue: Catalogue) => JSON.stringify(catalogue, null, 1);
const reviewsText = (reviews: Reviews) => `${JSON.stringify(reviews, null, 2)}\n`;

async function current(language: LanguageScope): Promise<{ english: Catalogues; translated: Catalogues; reviews: Reviews }> {
  const read = async (part: string) => JSON.parse(await readFile(join(messagesDir(language), `${part}.json`), 'utf8')) as Catalogue;
  const [pages, scripts] = await Promise.all(CATALOGUE_PARTS.map(read));
  const reviews = JSON.parse(await readFile(reviewsPath(language), 'utf8')) as Reviews;
  return { english: ENGLISH_PARTS, translated: { pages: pages ?? {}, scripts: scripts ?? {} }, reviews };
}

const log = (line: string) => process.stdout.write(`${line}\n`);

/** The reviewer's file, read or written, or one line saying why not (a missing folder, a file that is not there). */
async function reviewFileIo<T>(path: string, verb: 'read' | 'write', io: () => Promise<T>): Promise<T> {
  try {
    return await io();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw new ExpectedError(`cannot ${verb} ${path}: ${ERRNO_WORDS[code] ?? code}`);
  }
}

async function review(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { lang: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const language = languageByCode(values.lang ?? '');
  if (!language || !TRANSLATED.includes(language)) throw new UsageError(`--lang ${values.lang ?? '(missing)'}: one of ${TRANSLATED.map((l) => l.code).join(', ')}\n${USAGE}`);
  if (!values.out) throw new UsageError(`--out FILE is missing\n${USAGE}`);
  const { english, translated, reviews } = await current(language);
  const out = values.out;
  await reviewFileIo(out, 'write', () => writeFile(resolve(out), reviewFile(language, english, translated, reviews)));
  const counts = reviewCounts({ ...english.pages, ...english.scripts }, { ...translated.pages, ...translated.scripts }, reviews);
  log(`translations:review: wrote ${values.out}: ${counts.total} ${language.englishName} messages, ${counts.reviewed} reviewed as they read now`);
  return 0;
}

async function importFile(argv: string[], today: string): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { reviewer: { type: 'string' }, date: { type: 'string' } }, allowPositionals: true, strict: true });
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new UsageError(`give one review file\n${USAGE}`);
  const date = values.date ?? today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw new UsageError(`--date ${date} is not a date (YYYY-MM-DD)`);
  const xml = await reviewFileIo(file, 'read', () => readFile(resolve(file), 'utf8'));
  // Which language the file is for is its trgLang; its current catalogues are read before the import.
  const states = new Map<string, Awaited<ReturnType<typeof current>>>();
  for (const language of TRANSLATED) states.set(language.code, await current(language));
  let result: ReviewedLanguage;
  try {
    result = importReviewFile(xml, (language) => states.get(language.code) as Awaited<ReturnType<typeof current>>, values.reviewer, date);
  } catch (error) {
    if (error instanceof ReviewFileError) throw new ExpectedError(`${file}: nothing was imported:\n  ${error.problems.join('\n  ')}`);
    throw error;
  }
  const { language, catalogues, reviews, changed, newlyReviewed, unreviewed } = result;
  for (const part of CATALOGUE_PARTS) await writeFile(join(messagesDir(language), `${part}.json`), catalogueText(catalogues[part]));
  await writeFile(reviewsPath(language), reviewsText(reviews));
  log(`translations:import: ${language.englishName} (${language.code}) from ${file}`);
  log(`  ${changed.length} translation${changed.length === 1 ? '' : 's'} changed${changed.length ? `: ${changed.join(', ')}` : ''}`);
  log(`  ${newlyReviewed.length} newly reviewed${newlyReviewed.length ? ` by ${values.reviewer} on ${date}` : ''}`);
  if (unreviewed.length) log(`  ${unreviewed.length} no longer reviewed (changed, or not marked reviewed in the file): ${unreviewed.join(', ')}`);
  return 0;
}

const [command, ...argv] = process.argv.slice(2);
runCommand(`translations:${command ?? ''}`, USAGE, async () => {
  if (command === 'review') return review(argv);
  if (command === 'import') return importFile(argv, new Date().toISOString().slice(0, 10));
  throw new UsageError(USAGE);
});
