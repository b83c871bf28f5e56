// What the answer needs of a ZIP code, from its record or its JSON: its rents, limits and market
// rent, the rules in force on the data's date, the poverty guideline of the limits' year, and the
// agencies that serve its county with their areas in the answer's language.
import type { BEDROOMS } from '../contract/bedrooms.ts';
import { areaShortName } from '../contract/format.ts';
import { areaInCountyWords, areaInWords, type ServedArea } from '../contract/served-areas.ts';
import type { Words } from '../contract/words.ts';
import type { PlaceIncomeLimits } from './eligibility.ts';
import { type DeductionAmounts, deductionAmountsOn, type GuidelineRow, povertyGuidelineFor, type RuleSet, type RulesInForce, rulesInForceOn } from './tables.ts';

export type Rents = Record<(typeof BEDROOMS)[number], number | null>;

/** What the answer needs of a ZIP code: its published record and the date the answer is for. */
export interface VoucherPlace {
  zip: string;
  /** The county's name without "County". */
  county: string;
  fmr: Rents;
  area_fmr: Rents | null;
  /** The first HUD area's name, for the area basis. */
  areaName: string | null;
  zori_latest: { month: string; rent: number } | null;
  income_limits: PlaceIncomeLimits | null;
  /** The day (`YYYY-MM-DD`) whose rules apply: the build date of the data. */
  asOf: string;
  /** The rule set voucher programs apply that day, by default. */
  rulesInForce: RulesInForce;
  /** The poverty guideline HUD used for the limits' year (the extremely low limit above 8 persons); null without one. */
  povertyGuideline: GuidelineRow | null;
  /** Each rule set's amounts that day (in the place, so the page's script carries two rows, not the tables). */
  deductionAmounts: Record<RuleSet, DeductionAmounts>;
  /** The agencies whose voucher area covers the county, most vouchers first; none where no area is known. */
  agencies: PlaceAgency[];
}

/**
 * An agency that serves the ZIP code's county, as the answer names it (CONTRACT-NOTES, "The answer
 * names the agencies"): the name it goes by, its area in the county in words of the answer's
 * language (said where the place is made, so the form's script carries the words, not the area),
 * its phone, and what its pages say of its rules.
 */
export interface PlaceAgency {
  code: string;
  /** The name it goes by on its own pages, else HUD's. */
  name: string;
  /** The part of its voucher area in the ZIP code's county, in words. */
  serves: string;
  serves_here: 'all' | 'part';
  phone: string | null;
  payment_standard_basis: PaymentStandardBasis | null;
  moving_to_work: boolean | null;
  /** The page that says how a Moving to Work agency works out its subsidy its own way; null for one that uses HUD's arithmetic. */
  own_rules_url: string | null;
}

/** The fields of a ZIP record (its JSON or the collection's) the answer reads. */
export interface ZipForVoucher {
  zip: string;
  county: string;
  fmr: Rents;
  area_fmr: Rents | null;
  hud_areas: readonly { name: string }[];
  zori_latest: { month: string; rent: number } | null;
  income_limits: PlaceIncomeLimits | null;
  /** The county's agencies (older records have none). */
  housing_agencies?: readonly RecordAgency[];
}

/** Which FMR an agency's payment standards follow (PAYMENT_STANDARD_BASES in schemas.ts). */
export type PaymentStandardBasis = 'small_area' | 'area';

/** The fields of an agency of a ZIP record (HousingAgency in schemas.ts) the answer reads. */
export interface RecordAgency {
  code: string;
  name: string | null;
  short_name: string | null;
  phone: string | null;
  area: ServedArea | null;
  serves_here: 'all' | 'part' | null;
  payment_standard_basis: PaymentStandardBasis | null;
  moving_to_work: boolean | null;
  alternative_rent: string | null;
  sources: readonly { facts: readonly string[]; url: string }[];
}

/**
 * What the answer needs, from a ZIP code's record or its JSON, on the day `asOf` (`YYYY-MM-DD` or a
 * timestamp); `words` say the agencies' areas in the language the answer will be given in.
 */
/** A guideline row without its source: the page's script carries the place. */
const guidelineOf = (row: GuidelineRow | null): GuidelineRow | null => row && { year: row.year, first_person: row.first_person, each_more: row.each_more };

export function voucherPlaceOf(zip: ZipForVoucher, asOf: string, words: Words): VoucherPlace {
  const first = zip.hud_areas[0];
  const day = asOf.slice(0, 10);
  return {
    zip: zip.zip,
    county: zip.county,
    fmr: zip.fmr,
    area_fmr: zip.area_fmr,
    areaName: first ? areaShortName(first.name) : null,
    zori_latest: zip.zori_latest,
    income_limits: zip.income_limits,
    asOf: day,
    rulesInForce: rulesInForceOn(day),
    povertyGuideline: guidelineOf(zip.income_limits === null ? null : povertyGuidelineFor(zip.income_limits.fiscal_year, zip.zip)),
    deductionAmounts: { before_hotma: deductionAmountsOn(day, 'before_hotma'), hotma: deductionAmountsOn(day, 'hotma') },
    agencies: (zip.housing_agencies ?? []).flatMap(({ code, name, short_name, phone, area, serves_here, payment_standard_basis, moving_to_work, alternative_rent, sources }) => {
      if (area === null || serves_here === null) return [];
      const ownRules = moving_to_work === true && alternative_rent !== null ? (sources.find((source) => source.facts.includes('alternative_rent'))?.url ?? null) : null;
      return [{ code, name: short_name ?? name ?? code, serves: areaInCountyWords(area, zip.county, words) ?? areaInWords(area, words), serves_here, phone, payment_standard_basis, moving_to_work, own_rules_url: ownRules }];
    }),
  };
}
