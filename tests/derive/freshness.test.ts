// How current the data is against the build date: the rules, and the reference build that is current.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ENGLISH } from '../../src/lib/contract/english.ts';
import { fiscalYearFreshness, fiscalYearInEffect, monthFreshness, noticesOf } from '../../src/lib/derive/freshness.ts';

/** The vintages a build would publish: the FMR year read and the market rent's last month, on a build date; the limits current. */
const vintages = (safmrYear: number, zoriMonth: string, date: string) => ({
  hud_safmr: { latest_fiscal_year: safmrYear, fiscal_years: [safmrYear], files: [], ...fiscalYearFreshness(safmrYear, date) },
  zillow_zori: { first_month: zoriMonth, latest_month: zoriMonth, files: [], ...monthFreshness(zoriMonth, date) },
  hud_il: { fiscal_year: 2026, effective_date: '2026-04-01', in_effect_fiscal_year: 2026, behind: false, files: [] },
});

describe('the fiscal year in effect and the age of the market rent', () => {
  it('FY N runs from 1 October of N-1', () => {
    expect(fiscalYearInEffect('2026-09-30')).toBe(2026);
    expect(fiscalYearInEffect('2026-10-01')).toBe(2027);
    expect(fiscalYearInEffect('2026-11-22')).toBe(2027);
    expect(fiscalYearInEffect('2026-01-01')).toBe(2026);
    expect(fiscalYearFreshness(2026, '2026-11-22')).toEqual({ in_effect_fiscal_year: 2027, in_effect_since: '2026-10-01', behind: true });
    expect(fiscalYearFreshness(2026, '2026-01-01')).toEqual({ in_effect_fiscal_year: 2026, in_effect_since: '2025-10-01', behind: false });
  });

  it('the market rent index is behind after more than three months', () => {
    expect(monthFreshness('2026-08', '2026-11-22')).toEqual({ months_behind: 3, behind: false });
    expect(monthFreshness('2026-07', '2026-11-22')).toEqual({ months_behind: 4, behind: true });
    expect(monthFreshness('2023-10', '2026-01-01')).toEqual({ months_behind: 27, behind: true });
  });

  it('says so in plain sentences, and says nothing when current', () => {
    expect(noticesOf(ENGLISH, vintages(2026, '2026-10', '2026-11-22'))).toEqual([
      'FY2027 Fair Market Rents took effect on 1 October 2026; this site still shows FY2026.',
    ]);
    expect(noticesOf(ENGLISH, vintages(2027, '2023-10', '2026-11-22'))).toEqual([
      'The market rent index ends in October 2023, 37 months before this data was published; rents have likely moved since.',
    ]);
    expect(noticesOf(ENGLISH, vintages(2027, '2026-10', '2026-11-22'))).toEqual([]);
  });
});

describe('a build says when its FMR year is no longer in effect', () => {
  // A build on 2026-11-22 from sources that stop at FY2026 says so everywhere: tests/eligibility.test.ts
  // makes that build and checks the report, meta.json, llms.txt and the pages.
  it('built on 2026-01-01 (the reference build): FY2026 is in effect, and no page says otherwise', async () => {
    const site = inject('builtSite');
    const meta = JSON.parse(await readFile(join(site, 'api/v1/meta.json'), 'utf8')) as { notices: string[]; vintages: { hud_safmr: object } };
    expect(meta.vintages.hud_safmr).toMatchObject({ in_effect_fiscal_year: 2026, behind: false });
    expect(meta.notices.some((n) => n.includes('Fair Market Rents took effect'))).toBe(false);
    for (const page of ['index.html', 'zip/55104/index.html', 'section-8/index.html']) {
      expect(await readFile(join(site, page), 'utf8'), page).not.toContain('Fair Market Rents took effect');
    }
  });
});
