// The rows the contract's list responses hold, made from a ZIP record. Apart from contract.ts, which
// builds every zod schema when it is loaded (60 to 80 ms): the build script makes the API's files
// from these without loading it.
import type { IndexZip, SectionEightRow, ZipRecord } from './schemas.ts';

/** The index row of a ZIP: the same fields in the index, county responses and the agent server. */
export function toIndexRow(zip: ZipRecord): IndexZip {
  return {
    zip: zip.zip,
    city: zip.city,
    county: zip.county,
    county_slug: zip.county_slug,
    fmr: zip.fmr,
    fmr2_yoy_pct: zip.fmr2_yoy_pct,
    zori_latest: zip.zori_latest,
    spread: zip.spread,
    spread_pct: zip.spread_pct,
    voucher_competitive: zip.voucher_competitive,
    area_fmr: zip.area_fmr,
    area_spread: zip.area_spread,
    area_spread_pct: zip.area_spread_pct,
    area_voucher_competitive: zip.area_voucher_competitive,
    zori_lag_months: zip.zori_lag_months,
    coordinates: zip.coordinates,
    url: zip.url,
    lastmod: zip.lastmod,
  };
}

/** The section-8 row of a ZIP that has both a 2-bedroom FMR and a market rent; undefined otherwise. */
export function toSectionEightRow(zip: ZipRecord): SectionEightRow | undefined {
  if (zip.fmr.br2 === null || zip.zori_latest === null || zip.spread === null || zip.spread_pct === null || zip.voucher_competitive === null) return undefined;
  return {
    zip: zip.zip,
    city: zip.city,
    county: zip.county,
    county_slug: zip.county_slug,
    fmr2: zip.fmr.br2,
    market_rent: zip.zori_latest.rent,
    spread: zip.spread,
    spread_pct: zip.spread_pct,
    voucher_competitive: zip.voucher_competitive,
    area_fmr2: zip.area_fmr?.br2 ?? null,
    area_spread: zip.area_spread,
    area_spread_pct: zip.area_spread_pct,
    area_voucher_competitive: zip.area_voucher_competitive,
    url: zip.url,
  };
}
