// How new the published data is against the build date: HUD's fiscal year in effect, and the age of
// the market rent index. Pure: the date is passed in (SOURCE_DATE_EPOCH or the clock, read at the edge).
import { monthsBetween } from '../contract/months.ts';
import type { Vintages } from '../contract/schemas.ts';
import type { Words } from '../contract/words.ts';
import { INCOME_LIMITS_EFFECTIVE } from '../sources/hud-income-limits.ts';

/** More than this many months between the market rent index and the build, and the build says so. */
export const ZORI_BEHIND_MONTHS = 3;


/** The federal fiscal year in effect on a date (`YYYY-MM-DD`): FY N runs from 1 October of N-1. */
export function fiscalYearInEffect(date: string): number {
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= 10 ? year + 1 : year;
}

/** The first day of a fiscal year: FY2027 → 2026-10-01. */
export const fiscalYearStart = (fiscalYear: number) => `${fiscalYear - 1}-10-01`;


export interface FiscalYearFreshness {
  in_effect_fiscal_year: number;
  in_effect_since: string;
  /** True when the published fiscal year is older than the one in effect. */
  behind: boolean;
}

export function fiscalYearFreshness(published: number, buildDate: string): FiscalYearFreshness {
  const inEffect = fiscalYearInEffect(buildDate);
  return { in_effect_fiscal_year: inEffect, in_effect_since: fiscalYearStart(inEffect), behind: published < inEffect };
}

export interface MonthFreshness {
  /** Whole months from the latest month published to the month of the build. */
  months_behind: number;
  /** True when that is more than three months: Zillow publishes each month's index by the middle of the next. */
  behind: boolean;
}

export function monthFreshness(latestMonth: string, buildDate: string): MonthFreshness {
  const months = monthsBetween(latestMonth, buildDate.slice(0, 7));
  return { months_behind: months, behind: months > ZORI_BEHIND_MONTHS };
}

/** One way the data is older than it should be on the build date, and what its sentence says. */
export type StaleNotice =
  | { kind: 'fmr'; inEffect: string; date: string; published: string }
  | { kind: 'zori'; month: string; months: string }
  | { kind: 'limits'; inEffect: string; date: string; published: string };

/** Where the data is older than it should be on the build date, with the values its sentences say in the language of `words`. */
function staleNotices(words: Words, vintages: Pick<Vintages, 'hud_safmr' | 'zillow_zori' | 'hud_il'>): StaleNotice[] {
  const notices: StaleNotice[] = [];
  const safmr = vintages.hud_safmr;
  if (safmr.behind) notices.push({ kind: 'fmr', inEffect: String(safmr.in_effect_fiscal_year), date: words.date(safmr.in_effect_since), published: String(safmr.latest_fiscal_year) });
  const zori = vintages.zillow_zori;
  if (zori.latest_month && zori.behind) notices.push({ kind: 'zori', month: words.month(zori.latest_month), months: String(zori.months_behind) });
  const limits = vintages.hud_il;
  if (limits.behind) {
    notices.push({ kind: 'limits', inEffect: String(limits.in_effect_fiscal_year), date: words.date(INCOME_LIMITS_EFFECTIVE[limits.in_effect_fiscal_year] ?? limits.effective_date), published: String(limits.fiscal_year) });
  }
  return notices;
}

/**
 * The plain sentences that say the data is older than it should be on the build date, in the
 * language of `words`: meta.json, llms.txt, the build report and the agent server in English, each
 * page in its own. Made from the vintages alone, so every language says the same.
 */
export function noticesOf(words: Words, vintages: Pick<Vintages, 'hud_safmr' | 'zillow_zori' | 'hud_il'>): string[] {
  return staleNotices(words, vintages).map(({ kind, ...values }) => words.say(`notice.${kind}`, values));
}

/** The same notices as a page shows them: a line each (`summary`), which opens to the sentence (`detail`). */
export function noticeLinesOf(words: Words, vintages: Pick<Vintages, 'hud_safmr' | 'zillow_zori' | 'hud_il'>): { kind: StaleNotice['kind']; summary: string; detail: string }[] {
  return staleNotices(words, vintages).map(({ kind, ...values }) => ({ kind, summary: words.say(`notice.${kind}.line`, values), detail: words.say(`notice.${kind}`, values) }));
}
