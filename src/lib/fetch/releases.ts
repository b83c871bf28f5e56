// Datasets described by how their publishers name releases, not by one file: the candidates a fetch
// tries on a date (newest first, a revised file before the original of its year). Pure: the date
// comes in (--as-of, SOURCE_DATE_EPOCH or the clock, read at the edge).
import { fiscalYearInEffect } from '../derive/freshness.ts';
import { incomeLimitsYearInEffect } from '../sources/hud-income-limits.ts';
import type { ManifestEntry, SourceEntry } from './manifest.ts';

export interface Release {
  dataset: string;
  /** What is fetched: `FY2026`, `newest of 2025-2022`. */
  label: string;
  /** Concrete files, the preferred first. The first one the publisher has is taken. */
  candidates: SourceEntry[];
  /** False for the newest fiscal year, which HUD may not have posted yet: the year before stands in, with a warning. */
  required: boolean;
  /** The coming fiscal year (HUD posts FY N in August of N-1): looked for and reported, not taken before it takes effect. */
  coming: boolean;
}

/** Fills `{YYYY}` and `{YY}` in a template with a year. */
export const fillYear = (template: string, year: number) => template.replaceAll('{YYYY}', String(year)).replaceAll('{YY}', String(year % 100).padStart(2, '0'));

/** The concrete entry of one file name template for one year; `{file}` in the URL is the file's name. */
function concrete(entry: ManifestEntry, template: string, year: number): SourceEntry {
  const { release: _release, file: _file, ...rest } = entry;
  const file = fillYear(template, year);
  return {
    ...rest,
    file,
    url: fillYear(entry.url, year).replaceAll('{file}', file),
    ...(entry.unpack ? { unpack: fillYear(entry.unpack, year) } : {}),
    ...(entry.instead_of ? { instead_of: fillYear(entry.instead_of, year) } : {}),
  };
}

const templates = (entry: ManifestEntry) => (Array.isArray(entry.file) ? entry.file : [entry.file]);

/**
 * The releases an entry stands for on `asOf` (`YYYY-MM-DD`).
 * - No rule: the entry itself.
 * - `fiscal_year` with `first`: every fiscal year from `first` to the one in effect, each its own
 *   release; the one in effect may be missing (HUD late), the older ones may not. In August and
 *   September the coming year is looked for too.
 * - `fiscal_year` without `first`: the newest fiscal year in effect, falling back a year at a time.
 * - `income_limits`: the newest income-limit year in effect on `asOf`, falling back a year at a time.
 * - `year`: the newest release year (`asOf` year minus `lag`), falling back one year at a time.
 */
export function releasesOf(entry: ManifestEntry, asOf: string): Release[] {
  const rule = entry.release;
  if (!rule) return [{ dataset: entry.dataset, label: String(entry.file), candidates: [concrete(entry, String(entry.file), 0)], required: true, coming: false }];
  const forYear = (year: number) => templates(entry).map((t) => concrete(entry, t, year));
  const range = (newest: number) => Array.from({ length: rule.fallback + 1 }, (_, i) => newest - i);
  if (rule.by === 'fiscal_year') {
    const inEffect = fiscalYearInEffect(asOf);
    const month = Number(asOf.slice(5, 7));
    const coming = month === 8 || month === 9 ? [{ dataset: entry.dataset, label: `FY${inEffect + 1}`, candidates: forYear(inEffect + 1), required: false, coming: true }] : [];
    const { first } = rule;
    if (first === undefined) {
      const years = range(inEffect);
      return [{ dataset: entry.dataset, label: `newest of FY${years.at(-1)}-FY${inEffect}`, candidates: years.flatMap(forYear), required: true, coming: false }, ...coming];
    }
    const years = Array.from({ length: Math.max(0, inEffect - first + 1) }, (_, i) => first + i);
    return [...years.map((fy) => ({ dataset: entry.dataset, label: `FY${fy}`, candidates: forYear(fy), required: fy < inEffect, coming: false })), ...coming];
  }
  if (rule.by === 'income_limits') {
    const newest = incomeLimitsYearInEffect(asOf);
    const years = range(newest);
    return [{ dataset: entry.dataset, label: `newest of FY${years.at(-1)}-FY${newest}`, candidates: years.flatMap(forYear), required: true, coming: false }];
  }
  const years = range(Number(asOf.slice(0, 4)) - rule.lag);
  return [{ dataset: entry.dataset, label: `newest of ${years.at(-1)}-${years[0]}`, candidates: years.flatMap(forYear), required: true, coming: false }];
}
