// How the service writes its numbers and its answer for people: the pages, the charts, llms-full.txt
// and the agent server all use these, so a missing value, a negative dollar amount and the voucher
// sentence read the same everywhere.
import type { CountyRecord, HousingWage, IndexZip, ZipRecord } from './schemas.ts';
import { areaShortName, MINUS, MISSING, money, moneyWithCents } from './format.ts';
import { incomeNeeded } from './voucher-arithmetic.ts';
import { roundHalfAway } from './round.ts';

export { areaShortName, grouped, MISSING, money, moneyWithCents } from './format.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2023-10" → "October 2023". */
export const monthName = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** A difference in dollars, with its sign: `+$141`, `−$710`, `$0`. */
export function signedMoney(v: number | null | undefined): string {
  if (v === null || v === undefined) return MISSING;
  return v > 0 ? `+${money(v)}` : money(v);
}

/** A percent with one decimal and its sign: `+2.0%`, `−27.7%`, `0.0%`. */
export function signedPercent(v: number | null | undefined): string {
  if (v === null || v === undefined) return MISSING;
  const text = Math.abs(v).toFixed(1);
  return `${v > 0 ? '+' : v < 0 ? MINUS : ''}${text}%`;
}

/** A percent with one decimal, no sign of its own (for "8.3% above"): `8.3%`. */
export function percent(v: number | null | undefined): string {
  if (v === null || v === undefined) return MISSING;
  return `${v < 0 ? MINUS : ''}${Math.abs(v).toFixed(1)}%`;
}

/** The range a housing authority may set its payment standard in: 90% to 110% of the FMR. */
export function paymentBand(fmr: number | null | undefined): { low: number; high: number } | null {
  if (fmr === null || fmr === undefined) return null;
  return { low: roundHalfAway(fmr * 0.9), high: roundHalfAway(fmr * 1.1) };
}

export function paymentBandText(fmr: number | null | undefined): string {
  const band = paymentBand(fmr);
  return band ? `${money(band.low)}–${money(band.high)}` : MISSING;
}

/** What each side of the comparison is, said once wherever the comparison is shown. */
export const WHAT_IS_COMPARED =
  'Fair Market Rent is a gross rent (rent plus utilities) for a unit with a given number of bedrooms; ' +
  "the market rent index is Zillow's typical asking rent over all unit sizes. Neither is a rent quote for any address.";

/** How a renter learns which basis applies to them. */
export const WHICH_BASIS =
  'Which FMR applies depends on your housing authority: ask it whether its payment standard is based on the Small Area FMR ' +
  'for your ZIP code or on the area-wide FMR. The payment standard itself is on your voucher paperwork.';

type Answerable = Pick<IndexZip, 'fmr' | 'zori_latest' | 'spread' | 'spread_pct' | 'voucher_competitive' | 'area_fmr' | 'area_spread' | 'area_spread_pct' | 'area_voucher_competitive'>;

function comparison(basis: string, fmr2: number | null, rent: IndexZip['zori_latest'], spread: number | null, spreadPct: number | null, competitive: boolean | null): string {
  if (fmr2 === null) return `there is no 2-bedroom ${basis}.`;
  if (!rent || competitive === null) return `the 2-bedroom ${basis} is ${money(fmr2)}; there is no market rent index to compare it with.`;
  return competitive
    ? `the 2-bedroom ${basis} (${money(fmr2)}) meets or exceeds the market rent index (${money(rent.rent)} in ${rent.month}): a voucher is competitive.`
    : `the market rent index (${money(rent.rent)} in ${rent.month}) is ${money(spread)} (${percent(spreadPct)}) above the 2-bedroom ${basis} (${money(fmr2)}): a voucher falls short of the typical asking rent.`;
}

/**
 * "Does a voucher reach the market rent?" on both bases, in plain words: the Small Area FMR of the
 * ZIP, and the area-wide FMR of its first HUD area (`areaName`). The same sentences on the ZIP page
 * and in the agent server's answers.
 */
export function voucherAnswers(zip: Answerable, areaName: string | undefined): { smallArea: string; area: string | null } {
  const smallArea = `If your housing authority bases its payment standard on the Small Area FMR, ${comparison('Small Area FMR', zip.fmr.br2, zip.zori_latest, zip.spread, zip.spread_pct, zip.voucher_competitive)}`;
  const area =
    zip.area_fmr && areaName
      ? `If it uses the ${areaShortName(areaName)} area FMR, ${comparison('area FMR', zip.area_fmr.br2, zip.zori_latest, zip.area_spread, zip.area_spread_pct, zip.area_voucher_competitive)}`
      : null;
  return { smallArea, area };
}

/** More than this many months between the market rent and the fiscal year, and the page says so. */
export const STALE_MARKET_RENT_MONTHS = 6;

/** The sentence that says the market rent is older than the FMR year, when it is by more than six months. */
export function marketRentAgeSentence(zip: Pick<IndexZip, 'zori_latest' | 'zori_lag_months'>, fiscalYear: number): string | null {
  if (!zip.zori_latest || zip.zori_lag_months === null || zip.zori_lag_months <= STALE_MARKET_RENT_MONTHS) return null;
  return (
    `The market rent index is from ${monthName(zip.zori_latest.month)}, ${zip.zori_lag_months} months before FY${fiscalYear} began in October ${fiscalYear - 1}: ` +
    'rents have likely moved since, so the comparison is a guide, not a verdict.'
  );
}

/**
 * The housing wage in one sentence, for the pages and the agent server: "A full-time worker needs
 * $49.23 an hour ($102,400 a year) to afford the 2-bedroom Small Area FMR here ($2,560); $32.87 on
 * the area FMR ($1,709)." `what` names the FMR: "the 2-bedroom Small Area FMR here".
 */
function housingWageSentence(wage: HousingWage, fmr2: { small_area: number | null; area: number | null }, what: { small_area: string; area: string }): string | null {
  const small = wage.small_area.br2;
  if (small === null || fmr2.small_area === null) return null;
  const area = wage.area?.br2 ?? null;
  const onArea = area === null || fmr2.area === null ? '' : `; ${moneyWithCents(area)} an hour on ${what.area} (${money(fmr2.area)})`;
  return `A full-time worker needs ${moneyWithCents(small)} an hour (${money(incomeNeeded(fmr2.small_area))} a year) to afford ${what.small_area} (${money(fmr2.small_area)})${onArea}.`;
}

/** On a ZIP page and in get_zip: "A full-time worker needs $49.23 an hour … to afford the 2-bedroom Small Area FMR here". */
export function zipWageSentence(zip: Pick<ZipRecord, 'housing_wage' | 'fmr' | 'area_fmr'>): string | null {
  return housingWageSentence(zip.housing_wage, { small_area: zip.fmr.br2, area: zip.area_fmr?.br2 ?? null }, { small_area: 'the 2-bedroom Small Area FMR here', area: 'the area FMR' });
}

/** On a county page and in get_county, on the county's median 2-bedroom FMRs. */
export function countyWageSentence(county: Pick<CountyRecord, 'housing_wage' | 'medians'>): string | null {
  return housingWageSentence(
    county.housing_wage,
    { small_area: county.medians.fmr2, area: county.medians.area_fmr2 },
    { small_area: "the county's median 2-bedroom Small Area FMR", area: 'its median area FMR' },
  );
}
