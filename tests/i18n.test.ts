// The catalogues without a build: every translation is complete and argues as English does, a
// broken one is refused naming the key and the language, numbers and money are Intl's for the
// language, and the household's answer comes in the language with the same numbers.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogues } from '../src/lib/build/catalogues.ts';
import { ExpectedError } from '../src/lib/errors.ts';
import { PROJECT_ROOT } from './helpers/paths.ts';
import { ENGLISH, ENGLISH_PARTS } from '../src/lib/contract/english.ts';
import { MINUS } from '../src/lib/contract/format.ts';
import { voucherFit } from '../src/lib/voucher/answer.ts';
import { voucherPlaceOf } from '../src/lib/voucher/place.ts';
import { VoucherQuestionError } from '../src/lib/voucher/question.ts';
import { catalogueProblems } from '../src/lib/contract/words.ts';
import type { ZipRecord } from '../src/lib/contract/schemas.ts';
import { languageByCode, LANGUAGES, TRANSLATED, type LanguageScope } from '../src/lib/languages.ts';
import { catalogueOf, pageWords } from '../src/lib/site/words.ts';

const spanish = languageByCode('es') as LanguageScope;

describe('the catalogues', () => {
  it('has a language table whose codes are BCP 47 tags Intl accepts, English first', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'es', 'so', 'hmn']);
    for (const l of LANGUAGES) expect(Intl.getCanonicalLocales(l.code)).toEqual([l.code]);
  });

  for (const language of TRANSLATED) {
    it(`${language.englishName}: every English message, no other, each with the English message's arguments`, () => {
      const catalogue = catalogueOf(language);
      for (const part of ['pages', 'scripts'] as const) {
        const translated = Object.fromEntries(Object.keys(ENGLISH_PARTS[part]).map((key) => [key, catalogue[key] as string]));
        expect(catalogueProblems(ENGLISH_PARTS[part], translated, language)).toEqual([]);
      }
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys({ ...ENGLISH_PARTS.pages, ...ENGLISH_PARTS.scripts }).sort());
    });

    it(`${language.englishName}: no sentence is left in English`, () => {
      const catalogue = catalogueOf(language);
      // Terms may be the same in both (FMR, ZIP, a month's "{day} {month}"); a message of three words or more may not.
      // A word has a letter: "{left} ≤ {right} ✓" is figures and symbols, the same in every language.
      const words = (text: string) => text.replace(/\{[^}]*\}/g, ' ').trim().split(/\s+/).filter((word) => /\p{L}/u.test(word));
      const untranslated = Object.entries(ENGLISH_PARTS.pages)
        .concat(Object.entries(ENGLISH_PARTS.scripts))
        .filter(([key, text]) => words(text).length >= 3 && catalogue[key] === text)
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  }

  it("takes only the English catalogue's keys: a misspelt key fails the typecheck (npm run typecheck), and, were it forced, the call", () => {
    // @ts-expect-error -- "fit.labl" is not a key of src/messages/en/: the typecheck fails if this line type-checks.
    expect(() => ENGLISH.say('fit.labl.household_size')).toThrow('no message "fit.labl.household_size" in the English (en) catalogue');
    expect(ENGLISH.say('fit.label.household_size')).toBe('Household size (persons)');
  });

  it('refuses a catalogue with a missing, an extra, a broken or a mis-argued message, naming the key and the language', () => {
    const english = { 'a.title': 'Rent in {state}', 'a.count': '{n, plural, one {# ZIP code} other {# ZIP codes}}', 'a.plain': 'Find' };
    const problems = catalogueProblems(english, { 'a.title': 'Alquiler en {estado}', 'a.count': '{n, plural, one {# código} other {# códigos}', 'a.extra': 'Sobra' }, spanish);
    expect(problems).toEqual([
      'message "a.title" in Spanish (es) takes {estado} where English takes {state}',
      expect.stringMatching(/^message "a\.count" in Spanish \(es\) does not parse as ICU MessageFormat/),
      'no message "a.plain" in Spanish (es): translate the English "Find"',
      'message "a.extra" in Spanish (es) is not in the English catalogue: remove it or add it there',
    ]);
  });

  it("stops the build in one line naming the file, the key and the language: a Spanish key removed, a catalogue that is not JSON, one missing", async () => {
    const root = await mkdtemp(join(tmpdir(), 'mnrent-catalogues-'));
    try {
      await cp(join(PROJECT_ROOT, 'src', 'messages'), join(root, 'src', 'messages'), { recursive: true });
      const file = join(root, 'src', 'messages', 'es', 'pages.json');
      const pages = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
      await expect(checkCatalogues(root, TRANSLATED)).resolves.toBeUndefined();
      const { 'home.title': removed, ...rest } = pages;
      expect(removed).toBeDefined();
      await writeFile(file, JSON.stringify(rest));
      // English alone needs no catalogue but its own.
      await expect(checkCatalogues(root, [ENGLISH.language])).resolves.toBeUndefined();
      const refusal = (await checkCatalogues(root, TRANSLATED).catch((error: unknown) => error)) as Error;
      expect(refusal).toBeInstanceOf(ExpectedError);
      expect(refusal.message).toBe(`src/messages/es/pages.json: no message "home.title" in Spanish (es): translate the English "${ENGLISH_PARTS.pages['home.title'] ?? ''}"`);
      await writeFile(file, '{"home.title": ');
      await expect(checkCatalogues(root, TRANSLATED)).rejects.toThrow(/^src\/messages\/es\/pages\.json: not JSON \(/);
      await rm(file);
      await expect(checkCatalogues(root, TRANSLATED)).rejects.toThrow('src/messages/es/pages.json: missing: every language has one (copy src/messages/en/pages.json and translate it)');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a select or a plural that branches otherwise than English, by the language\'s own plural rules', () => {
    const english = { 'b.pass': '{within, select, yes {within the limit} other {above the limit}}', 'b.count': '{n, plural, =0 {none} one {# person} other {# persons}}' };
    const somali = languageByCode('so') as LanguageScope;
    expect(catalogueProblems(english, { 'b.pass': '{within, select, yes {gudaha} no {ka badan} other {ka badan}}', 'b.count': '{n, plural, =0 {midna} one {# qof} few {# qof} other {# qof}}' }, somali)).toEqual([
      'message "b.pass" in Somali (so): {within, select} has the cases no, other, yes where English has other, yes',
      'message "b.count" in Somali (so): {n, plural} has the form few, which the language\'s plural rules never choose (its forms: one, other)',
    ]);
    expect(catalogueProblems(english, { 'b.pass': '{within, select, yes {dentro} other {por encima}}', 'b.count': '{n, plural, one {# persona} many {# de personas} other {# personas}}' }, spanish)).toEqual([
      'message "b.count" in Spanish (es): {n, plural} has the exact cases none where English has =0',
    ]);
  });
});

describe('numbers and money in each language', () => {
  it('are what Intl writes for the language, with the typographic minus', () => {
    const dollars = (locale: string, v: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(v);
    for (const language of LANGUAGES) {
      const words = pageWords(language);
      expect(words.money(1850)).toBe(dollars(language.intlLocale, 1850));
      expect(words.money(-392)).toBe(dollars(language.intlLocale, -392).replace('-', MINUS));
      expect(words.signedPercent(-27.7)).toBe(new Intl.NumberFormat(language.intlLocale, { style: 'percent', minimumFractionDigits: 1, signDisplay: 'exceptZero' }).format(-0.277).replace('-', MINUS));
    }
    // Worked by hand: en-US and es-US group by commas; Hmong writes as en-US.
    expect(ENGLISH.money(1850)).toBe('$1,850');
    expect(ENGLISH.money(-392)).toBe('−$392');
    expect(ENGLISH.signedMoney(141)).toBe('+$141');
    expect(ENGLISH.signedPercent(0)).toBe('0.0%');
    expect(pageWords(spanish).money(102_400)).toBe('$102,400');
    expect(pageWords(languageByCode('hmn') as LanguageScope).moneyWithCents(49.23)).toBe('$49.23');
  });

  it('names months in the language', () => {
    expect(ENGLISH.month('2023-10')).toBe('October 2023');
    expect(pageWords(spanish).month('2023-10')).toBe('octubre de 2023');
    expect(pageWords(languageByCode('so') as LanguageScope).month('2023-10')).toBe('Oktoobar 2023');
    expect(pageWords(languageByCode('hmn') as LanguageScope).month('2023-10')).toBe('Lub Kaum Hli 2023');
  });

  it("spells each month as CLDR does (Intl's data) where the language has a CLDR locale; Hmong, which has none, from its catalogue", () => {
    for (const language of LANGUAGES.filter((l) => l.code !== 'hmn')) {
      const cldr = new Intl.DateTimeFormat(language.intlLocale, { month: 'long', timeZone: 'UTC' });
      for (let month = 1; month <= 12; month++) {
        const yearMonth = `2026-${String(month).padStart(2, '0')}`;
        expect(pageWords(language).month(yearMonth), `${language.code} ${yearMonth}`).toContain(cldr.format(Date.UTC(2026, month - 1, 15)));
      }
    }
  });

  it('writes dates and fiscal years in the language, never as ISO dates or "FY" on a translated page', () => {
    const words = (code: string) => pageWords(languageByCode(code) as LanguageScope);
    expect(ENGLISH.date('2026-05-01')).toBe('1 May 2026');
    expect(words('es').date('2026-05-01')).toBe('1 de mayo de 2026');
    expect(words('so').date('2026-11-29')).toBe('29 Noofeembar 2026');
    expect(words('hmn').date('2026-11-29')).toBe('hnub tim 29 Lub Kaum Ib Hlis 2026');
    expect([ENGLISH.fiscalYear(2026), ENGLISH.fiscalYearShort(2026)]).toEqual(['FY2026', 'FY2026']);
    expect([words('es').fiscalYear(2026), words('so').fiscalYear(2026), words('hmn').fiscalYear(2026)]).toEqual(['año fiscal 2026', 'sannadka maaliyadeed 2026', 'xyoo nyiaj txiag 2026']);
    for (const { code } of TRANSLATED) expect(words(code).fiscalYearShort(2026)).toBe('2026');
  });
});

describe("the household's answer in each language", () => {
  // 55104 as the build of 2026-01-01 publishes it (api/v1/zip/55104.json): what the answer reads of it.
  const zip = {
    zip: '55104',
    county: 'Ramsey',
    fmr: { br0: 1_110, br1: 1_260, br2: 1_530, br3: 2_020, br4: 2_270 },
    area_fmr: { br0: 1_242, br1: 1_405, br2: 1_709, br3: 2_262, br4: 2_531 },
    hud_areas: [{ name: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area' }],
    zori_latest: { month: '2023-10', rent: 1_774 },
    income_limits: {
      fiscal_year: 2025,
      effective_date: '2025-04-01',
      hud_area_code: 'METRO33460M33460',
      hud_area_name: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area',
      median_family_income: 132_400,
      extremely_low: { 1: 27_800, 2: 31_800, 3: 35_750, 4: 39_700, 5: 42_900, 6: 46_100, 7: 49_250, 8: 54_150 },
      very_low: { 1: 46_350, 2: 53_000, 3: 59_600, 4: 66_200, 5: 71_500, 6: 76_800, 7: 82_100, 8: 87_400 },
      low: { 1: 72_950, 2: 83_400, 3: 93_800, 4: 104_200, 5: 112_550, 6: 120_900, 7: 129_250, 8: 137_550 },
    },
  } as unknown as ZipRecord;
  const place = voucherPlaceOf(zip, '2026-01-01T00:00:00Z', ENGLISH);
  const household = { household_size: 3, annual_income: 40_000, dependents: 1, rent_to_owner: 1_900, utility_allowance: 100 };

  it('has the same numbers in every language and the sentences of the language', () => {
    const english = voucherFit(place, household, ENGLISH);
    expect(english.sentences[0]).toBe(
      'A household of 3 persons with $40,000 a year is within the income limit for a Housing Choice Voucher here: its income is at or below the FY2025 very low income limit of $59,600. It is above the extremely low limit ($35,750), the tier most new vouchers go to.',
    );
    for (const language of TRANSLATED) {
      const fit = voucherFit(place, household, pageWords(language));
      const { summary, sentences, steps, assumptions, small_area, area, ...numbers } = fit;
      const { summary: su, sentences: s, steps: st, assumptions: a, small_area: sa, area: ar, ...englishNumbers } = english;
      expect(numbers).toEqual(englishNumbers);
      expect({ ...small_area, sentence: '', summary: '' }).toEqual({ ...sa, sentence: '', summary: '' });
      expect({ ...area, sentence: '', summary: '' }).toEqual({ ...ar, sentence: '', summary: '' });
      expect([summary.length, sentences.length, steps.length, assumptions.length]).toEqual([su.length, s.length, st.length, a.length]);
      for (const [i, sentence] of [...summary, ...sentences].entries()) expect(sentence, `${language.code} sentence ${i}`).not.toBe([...su, ...s][i]);
      // The amounts of the English answer are in the translated one, written as the language writes them.
      expect(sentences.join(' ')).toContain(pageWords(language).money(988));
    }
    expect(voucherFit(place, household, pageWords(spanish)).sentences[0]).toBe(
      'Un hogar de 3 personas con $40,000 al año está dentro del límite de ingresos para un vale de elección de vivienda aquí: sus ingresos son iguales o menores que el límite de ingresos muy bajos del año fiscal 2025, de $59,600. Están por encima del límite de ingresos extremadamente bajos ($35,750), el nivel al que van la mayoría de los vales nuevos.',
    );
  });

  it('refuses a bad question in the language', () => {
    expect(() => voucherFit(place, { household_size: 3, annual_income: 40_000, dependents: 3 }, pageWords(spanish))).toThrow(
      new VoucherQuestionError('El número de dependientes debe ser menor que el número de personas del hogar (el jefe del hogar nunca es un dependiente): escriba un número de 0 a 2, no 3.'),
    );
    expect(() => voucherFit(place, { household_size: 3, annual_income: -5 }, ENGLISH)).toThrow('The yearly income must be from $0 to $10,000,000, not -5.');
  });
});
