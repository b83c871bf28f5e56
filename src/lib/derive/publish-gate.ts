// The publish gate: a build whose data shrank against what it would replace, or that lost a whole
// dataset on the way, stops instead of publishing. A real change is published on purpose with
// --accept-changes. Pure: counts in, reasons out.
import { ExpectedError } from '../errors.ts';

/** A drop of more than this share of an earlier count stops the build. HUD and the Census retire a
 * handful of ZIPs a year (under 1% of Minnesota's), while a truncated download or a file of the wrong
 * kind loses tens of percent: 3% lies between the two. */
export const DROP_THRESHOLD = 0.03;

/** What the gate compares; `MetaDoc.counts` plus the fiscal years of `vintages`. */
export interface PublishedCounts {
  zips: number;
  counties: number;
  zips_with_market_rent: number;
  zips_with_census_rent: number;
  counties_with_market_rent: number;
  section_8_rows: number;
  counties_with_income_limits: number;
  housing_agencies: number;
  counties_with_housing_agencies: number;
  fiscal_years: number[];
}

/** The rows each dataset gave for the state, with the files they came from. */
export interface SourceContribution {
  dataset: string;
  files: string[];
  rows: number;
  /** Rows of other states the file holds: none for this state is then a gap in coverage, warned of, not a broken file. */
  rowsElsewhere?: number;
}

export interface GateInput {
  counts: PublishedCounts;
  contributions: SourceContribution[];
  /** ZIPs of the latest and the prior fiscal year, to catch a cut latest-year file on a first build. */
  fiscalYearZips: { fiscalYear: number; zips: number }[];
  /** County codes that ZIPs are placed in by the crosswalk or GeoNames but the county list lacks. */
  countiesMissingFromList: { file: string; fips: string[] };
}

const COUNT_SOURCES: Record<Exclude<keyof PublishedCounts, 'fiscal_years'>, { dataset: string; what: string }> = {
  zips: { dataset: 'hud_safmr', what: 'ZIP codes' },
  counties: { dataset: 'hud_fmr', what: 'counties' },
  zips_with_market_rent: { dataset: 'zillow_zori', what: 'ZIP codes with a market rent' },
  zips_with_census_rent: { dataset: 'census_acs', what: 'ZIP codes with a census rent' },
  counties_with_market_rent: { dataset: 'zillow_zori_county', what: "counties with Zillow's series" },
  section_8_rows: { dataset: 'hud_safmr and zillow_zori', what: 'section-8 rows' },
  counties_with_income_limits: { dataset: 'hud_il', what: 'counties with income limits' },
  housing_agencies: { dataset: 'hud_pha_layer', what: 'housing agencies placed in a county' },
  counties_with_housing_agencies: { dataset: 'hud_pha_layer', what: 'counties with a housing agency' },
};

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** "(down 58.4%, more than 3.0%)" when `now` fell short of `before` by more than the threshold; else undefined. */
export function describeDrop(now: number, before: number): string | undefined {
  const share = before > 0 ? (before - now) / before : 0;
  return share > DROP_THRESHOLD ? `(down ${percent(share)}, more than ${percent(DROP_THRESHOLD)})` : undefined;
}

/** Why the new counts may not replace the earlier ones; empty when they may. */
export function compareWithEarlier(current: PublishedCounts, earlier: PublishedCounts): string[] {
  const reasons: string[] = [];
  for (const [key, { dataset, what }] of Object.entries(COUNT_SOURCES) as [keyof typeof COUNT_SOURCES, (typeof COUNT_SOURCES)[keyof typeof COUNT_SOURCES]][]) {
    const drop = describeDrop(current[key], earlier[key]);
    if (drop) reasons.push(`${dataset}: ${current[key]} ${what}, against ${earlier[key]} in the earlier output ${drop}`);
  }
  const lost = earlier.fiscal_years.filter((fy) => !current.fiscal_years.includes(fy));
  if (lost.length > 0) reasons.push(`hud_safmr: fiscal year${lost.length > 1 ? 's' : ''} ${lost.map((fy) => `FY${fy}`).join(', ')} of the earlier output ${lost.length > 1 ? 'are' : 'is'} missing`);
  return reasons;
}

/** Floors that hold for every build, with or without an earlier output. */
export function checkFloors(input: GateInput): string[] {
  const reasons: string[] = [];
  for (const { dataset, files, rows, rowsElsewhere = 0 } of input.contributions) {
    if (rows === 0 && rowsElsewhere === 0) reasons.push(`${dataset}: ${files.join(', ')} ${files.length > 1 ? 'have' : 'has'} no rows for the state's ZIP codes or counties`);
  }
  const [latest, prior] = [...input.fiscalYearZips].sort((a, b) => b.fiscalYear - a.fiscalYear);
  const drop = latest && prior ? describeDrop(latest.zips, prior.zips) : undefined;
  if (latest && prior && drop) {
    reasons.push(`hud_safmr: FY${latest.fiscalYear} has ${latest.zips} ZIP codes, against ${prior.zips} in FY${prior.fiscalYear} ${drop}: is the FY${latest.fiscalYear} file complete`);
  }
  const { file, fips } = input.countiesMissingFromList;
  if (fips.length > 0) reasons.push(`hud_fmr: ${file} lacks ${fips.length} count${fips.length > 1 ? 'ies' : 'y'} that ZIP codes lie in (${fips.slice(0, 5).join(', ')}${fips.length > 5 ? ', …' : ''})`);
  return reasons;
}

/** The whole gate: the floors always, and the comparison with the output the build would replace when there is one. */
export function publishGateReasons(input: GateInput, earlier: PublishedCounts | undefined): string[] {
  return [...checkFloors(input), ...(earlier ? compareWithEarlier(input.counts, earlier) : [])];
}

/** Raised when the gate stops a build; the CLI prints its message as one line. */
export class PublishGateError extends ExpectedError {
  readonly reasons: string[];
  constructor(reasons: string[]) {
    super(`not published: ${reasons.join('; ')}. If this change is real, run again with --accept-changes`);
    this.reasons = reasons;
  }
}
