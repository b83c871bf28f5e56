// How the service writes its numbers and its answer for people: the pages, the charts, llms-full.txt
// and the agent server all use these, so a missing value, a negative dollar amount and the voucher
// sentence read the same everywhere.
import type { CountyRecord, HousingWage, IndexZip, ZipRecord } from './schemas.ts';
import { areaShortName } from './format.ts';
import { incomeNeeded } from './housing-wage.ts';
import { monthsBetween } from './months.ts';
import { roundHalfAway } from './round.ts';
import type { MessageKey, Words } from './words.ts';

export { areaShortName } from './format.ts';
export { grouped, MISSING, money, moneyWithCents, percent, signedMoney, signedPercent } from './english.ts';

/** The range a housing authority may set its payment standard in: 90% to 110% of the FMR. */
export function paymentBand(fmr: number | null | undefined): { low: number; high: number } | null {
  if (fmr === null || fmr === undefined) return null;
  return { low: roundHalfAway(fmr * 0.9), high: roundHalfAway(fmr * 1.1) };
}

export function paymentBandText(words: Words, fmr: number | null | undefined): string {
  const band = paymentBand(fmr);
  return band ? `${words.money(band.low)}–${words.money(band.high)}` : words.missing;
}

type Answerable = Pick<IndexZip, 'fmr' | 'zori_latest' | 'spread' | 'spread_pct' | 'voucher_competitive' | 'area_fmr' | 'area_spread' | 'area_spread_pct' | 'area_voucher_competitive'>;

function comparison(words: Words, basis: 'small_area' | 'area', area: string, fmr2: number | null, rent: IndexZip['zori_latest'], spread: number | null, spreadPct: number | null, competitive: boolean | null): string {
  if (fmr2 === null) return words.say(`compare.${basis}.noFmr`, { area });
  if (!rent || competitive === null) return words.say(`compare.${basis}.noMarket`, { area, fmr: words.money(fmr2) });
  const values = { area, fmr: words.money(fmr2), rent: words.money(rent.rent), month: words.month(rent.month) };
  return competitive ? words.say(`compare.${basis}.competitive`, values) : words.say(`compare.${basis}.short`, { ...values, spread: words.money(spread), pct: words.percent(spreadPct) });
}

/**
 * "Does a voucher reach the market rent?" on both bases, in plain words: the Small Area FMR of the
 * ZIP, and the area-wide FMR of its first HUD area (`areaName`). The same sentences on the ZIP page
 * and in the agent server's answers.
 */
export function voucherAnswers(words: Words, zip: Answerable, areaName: string | undefined): { smallArea: string; area: string | null } {
  const smallArea = comparison(words, 'small_area', '', zip.fmr.br2, zip.zori_latest, zip.spread, zip.spread_pct, zip.voucher_competitive);
  const area =
    zip.area_fmr && areaName
      ? comparison(words, 'area', areaShortName(areaName), zip.area_fmr.br2, zip.zori_latest, zip.area_spread, zip.area_spread_pct, zip.area_voucher_competitive)
      : null;
  return { smallArea, area };
}

/** More than this many months between the market rent and the data's publication, and the answer says so. */
export const STALE_MARKET_RENT_MONTHS = 6;

/**
 * The sentence that says the market rent is old, when it ends more than six months before the data
 * was published (`publishedAt`, meta.generated_at): one age, counted as the notices count it.
 */
export function marketRentAgeSentence(words: Words, zip: Pick<IndexZip, 'zori_latest'>, publishedAt: string): string | null {
  if (!zip.zori_latest) return null;
  const months = monthsBetween(zip.zori_latest.month, publishedAt.slice(0, 7));
  if (months <= STALE_MARKET_RENT_MONTHS) return null;
  return words.say('compare.stale', { month: words.month(zip.zori_latest.month), months: String(months) });
}

/** How much newer the county's series must end than the ZIP code's own for the page to show the county's beside it. */
export const COUNTY_MARKET_RENT_NEWER_MONTHS = 12;

/**
 * The county's latest market rent, to show beside the ZIP code's own: where the ZIP code has no
 * series, or its series ends more than a year before the county's. Null otherwise: the ZIP code's
 * own figure is then the one to read.
 */
export function countyMarketRentBeside(zip: Pick<ZipRecord, 'zori_latest' | 'zori_county_latest'>): ZipRecord['zori_county_latest'] {
  const county = zip.zori_county_latest;
  if (county === null) return null;
  if (zip.zori_latest === null) return county;
  return monthsBetween(zip.zori_latest.month, county.month) > COUNTY_MARKET_RENT_NEWER_MONTHS ? county : null;
}

/**
 * The housing wage in one sentence, for the pages and the agent server: "A full-time worker needs
 * $49.23 an hour ($102,400 a year) to afford the 2-bedroom Small Area FMR here ($2,560); $32.87 an
 * hour on the area FMR ($1,709)."
 */
function housingWageSentence(words: Words, key: MessageKey, wage: HousingWage, fmr2: { small_area: number | null; area: number | null }): string | null {
  const small = wage.small_area.br2;
  if (small === null || fmr2.small_area === null) return null;
  const area = wage.area?.br2 ?? null;
  return words.say(key, {
    wage: words.moneyWithCents(small),
    yearly: words.money(incomeNeeded(fmr2.small_area)),
    fmr: words.money(fmr2.small_area),
    area: area === null || fmr2.area === null ? 'no' : 'yes',
    areaWage: words.moneyWithCents(area),
    areaFmr: words.money(fmr2.area),
  });
}

/** On a ZIP page and in get_zip: "A full-time worker needs $49.23 an hour … to afford the 2-bedroom Small Area FMR here". */
export function zipWageSentence(words: Words, zip: Pick<ZipRecord, 'housing_wage' | 'fmr' | 'area_fmr'>): string | null {
  return housingWageSentence(words, 'wage.zip', zip.housing_wage, { small_area: zip.fmr.br2, area: zip.area_fmr?.br2 ?? null });
}

/** On a county page and in get_county, on the county's median 2-bedroom FMRs. */
export function countyWageSentence(words: Words, county: Pick<CountyRecord, 'housing_wage' | 'medians'>): string | null {
  return housingWageSentence(words, 'wage.county', county.housing_wage, { small_area: county.medians.fmr2, area: county.medians.area_fmr2 });
}
