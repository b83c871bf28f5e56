// HUD's income limits as the contract publishes them: by county, keyed by household size, with the
// date they took effect and how they stand against the build date. Pure: parsed file and date in.
import { HOUSEHOLD_SIZES } from '../contract/household.ts';
import type { IncomeLimits } from '../contract/schemas.ts';
import { INCOME_LIMITS_EFFECTIVE, incomeLimitsYearInEffect, type IncomeLimitsFile } from '../sources/hud-income-limits.ts';

const bySize = (values: readonly number[]) => Object.fromEntries(HOUSEHOLD_SIZES.map((n, i) => [String(n), values[i] as number])) as IncomeLimits['very_low'];

/** The date a fiscal year's limits took effect; the file was chosen by it, so it is known. */
export function effectiveDateOf(fiscalYear: number): string {
  const date = INCOME_LIMITS_EFFECTIVE[fiscalYear];
  if (date === undefined) throw new Error(`no effective date for FY${fiscalYear} income limits`);
  return date;
}

/** The published limits of each county of the file, by FIPS. */
export function incomeLimitsByCounty(file: Pick<IncomeLimitsFile, 'fiscalYear' | 'counties'>): Map<string, IncomeLimits> {
  const effective = effectiveDateOf(file.fiscalYear);
  return new Map(
    file.counties.map((c) => [
      c.fips,
      {
        fiscal_year: file.fiscalYear,
        effective_date: effective,
        hud_area_code: c.hudAreaCode,
        hud_area_name: c.hudAreaName,
        median_family_income: c.medianFamilyIncome,
        extremely_low: bySize(c.extremelyLow),
        very_low: bySize(c.veryLow),
        low: bySize(c.low),
      },
    ]),
  );
}

export interface IncomeLimitsFreshness {
  in_effect_fiscal_year: number;
  behind: boolean;
}

export function incomeLimitsFreshness(published: number, date: string): IncomeLimitsFreshness {
  const inEffect = Math.max(published, incomeLimitsYearInEffect(date));
  return { in_effect_fiscal_year: inEffect, behind: published < inEffect };
}
