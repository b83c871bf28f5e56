// The whole published model from parsed sources: pure, no file system, no clock, no network.
import { createHash } from 'node:crypto';
import { toIndexRow, toSectionEightRow, type CountyRecord, type Meta, type MetaRecord, type SectionEightRecord, type ZipRecord } from '../contract.ts';
import { SourceError } from '../errors.ts';
import { ENDPOINTS, metaBlock, siteUrls, type Vintage } from '../publication.ts';
import type { SourceData } from '../sources/read-sources.ts';
import type { StateScope } from '../state.ts';
import { fmr2YearOverYear, fmrByFiscalYear, fmrHistories } from './fmr.ts';
import { fiscalYearFreshness, monthFreshness, stalenessNotices } from './freshness.ts';
import { contentFingerprint, lastmodFor, type PreviousResource } from './lastmod.ts';
import { countyMedians, medianSpreadPct } from './medians.ts';
import { nearestZips, type Located } from './nearby.ts';
import type { GateInput } from './publish-gate.ts';
import { countySlug, metroArea, placeZip, zipHudAreas } from './places.ts';
import { areaVoucherSpread, publishZori, voucherSpread, zoriByZip, zoriLagMonths } from './zori.ts';

export interface DeriveOptions {
  state: StateScope;
  site: string;
  /** ISO date-time of this generation; its date is the `lastmod` of anything that changed. */
  generatedAt: string;
  /** Resources of the previous output by URL, so unchanged ones keep their `lastmod`. */
  previous?: ReadonlyMap<string, PreviousResource>;
}

export interface Dataset {
  site: string;
  meta: Meta;
  zips: ZipRecord[];
  counties: CountyRecord[];
  sectionEight: SectionEightRecord;
  metaRecord: MetaRecord;
  /** What the publish gate weighs before this dataset may replace an earlier output. */
  gate: GateInput;
  /** Things a maintainer should see in the build report; none of them stops the build. */
  warnings: string[];
}

const byKey = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const group = map.get(key(item));
    if (group) group.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

export function deriveDataset(sources: SourceData, options: DeriveOptions): Dataset {
  const { state, site, generatedAt, previous = new Map() } = options;
  const urls = siteUrls(site);
  const today = generatedAt.slice(0, 10);
  const warnings: string[] = [...sources.warnings];
  const stamp = <T extends { url: string }>(content: Omit<T, 'lastmod'>): T =>
    ({ ...content, lastmod: lastmodFor(content, previous.get(content.url), today) }) as unknown as T;

  // Fiscal years and the published ZIPs: those with a row in the latest year.
  const histories = fmrHistories(sources.safmr.rows);
  const fiscalYears = [...new Set(sources.safmr.rows.map((r) => r.fiscalYear))].sort((a, b) => a - b);
  const latestFy = fiscalYears.at(-1);
  if (latestFy === undefined) throw new SourceError({ file: 'hud_safmr/' }, `no SAFMR rows for ${state.name} ZIP codes in any file`);
  const publishedZips = [...histories.keys()].filter((zip) => histories.get(zip)?.byYear.has(latestFy)).sort();
  if (sources.fmr.fiscalYear !== latestFy) {
    warnings.push(`metro flags come from the FY${sources.fmr.fiscalYear} county FMR file; no FY${latestFy} file was found`);
  }

  // Counties: HUD's list for the state; every one gets a file, even without ZIPs.
  const countyNames = new Map(sources.fmr.counties.map((c) => [c.fips, c.name]));
  if (countyNames.size === 0) throw new SourceError({ file: sources.fmr.file.name }, `no ${state.code} counties in the county FMR file`);
  const slugs = new Map<string, string>();
  for (const { fips, name } of sources.fmr.counties) {
    const slug = countySlug(name);
    if (slugs.has(slug)) throw new SourceError({ file: sources.fmr.file.name }, `counties ${slugs.get(slug)} and ${fips} share the slug ${slug}`);
    slugs.set(slug, fips);
  }

  const crosswalk = byKey(sources.crosswalk?.rows ?? [], (r) => r.zip);
  const crosswalkName = sources.crosswalk?.file.name ?? 'hud_usps_crosswalk/';
  if (!sources.crosswalk) {
    warnings.push('no HUD-USPS crosswalk in hud_usps_crosswalk/: every ZIP is placed in a county by GeoNames (README, "Sources", says how to get it)');
  }
  const geonames = new Map<string, SourceData['geonames']['places'][number]>();
  for (const place of sources.geonames.places) if (!geonames.has(place.zip)) geonames.set(place.zip, place);
  const centroids = new Map(sources.gazetteer.centroids.map((c) => [c.zcta, c]));
  const zori = zoriByZip(sources.zori.series);
  const acs = new Map(sources.acs.rents.map((r) => [r.zcta, r]));
  for (const area of new Set(publishedZips.flatMap((zip) => histories.get(zip)?.areasByYear.get(latestFy) ?? []))) {
    if (!sources.fmr.areas.has(area)) warnings.push(`HUD area "${area}" is not in the county FMR file: its ZIPs do not list it in hud_areas`);
  }

  // Coordinates for nearby: the Census centroid, else GeoNames.
  const coordinates = new Map<string, ZipRecord['coordinates']>();
  for (const zip of publishedZips) {
    const centroid = centroids.get(zip);
    const place = geonames.get(zip);
    if (centroid) coordinates.set(zip, { latitude: centroid.latitude, longitude: centroid.longitude, source: 'census_zcta' });
    else if (place?.latitude != null && place.longitude != null) coordinates.set(zip, { latitude: place.latitude, longitude: place.longitude, source: 'geonames' });
    else warnings.push(`ZIP ${zip} has no coordinates in the gazetteer or GeoNames: nearby is empty`);
  }
  const located: Located[] = [...coordinates].flatMap(([zip, c]) => (c ? [{ zip, latitude: c.latitude, longitude: c.longitude }] : []));
  const nearby = nearestZips(located);

  const cities = new Map<string, string>();
  const zips: ZipRecord[] = publishedZips.map((zip) => {
    const history = histories.get(zip) as NonNullable<ReturnType<typeof histories.get>>;
    const place = placeZip(zip, crosswalk.get(zip) ?? [], geonames.get(zip), state.fips, countyNames, crosswalkName);
    if (sources.crosswalk && !crosswalk.has(zip)) warnings.push(`ZIP ${zip} is not in the crosswalk: county from GeoNames`);
    cities.set(zip, place.city);
    const county = countyNames.get(place.countyFips) as string;
    const fmrByFy = fmrByFiscalYear(history);
    const fmr = fmrByFy[String(latestFy)] as ZipRecord['fmr'];
    const published = publishZori(zori.get(zip));
    const census = acs.get(zip);
    const hudAreas = zipHudAreas(history.areasByYear.get(latestFy) ?? [], sources.fmr.areaOfCounty.get(place.countyFips), sources.fmr.areas);
    const areaFmr = hudAreas[0]?.fmr ?? null;
    const marketRent = published.latest?.rent ?? null;
    return {
      zip,
      city: place.city,
      county,
      county_slug: countySlug(county),
      metro: metroArea(hudAreas),
      hud_areas: hudAreas,
      url: urls.zip(zip),
      lastmod: '',
      fmr_latest_fy: latestFy,
      fmr_by_fy: fmrByFy,
      fmr,
      fmr2_yoy_pct: fmr2YearOverYear(history, latestFy),
      zori_monthly: published.monthly,
      zori_latest: published.latest,
      acs: census ? { median_gross_rent: census.medianGrossRent, margin_of_error: census.marginOfError, vintage: sources.acs.vintage, table: sources.acs.table } : null,
      ...voucherSpread(fmr.br2, marketRent),
      area_fmr: areaFmr,
      ...areaVoucherSpread(areaFmr?.br2 ?? null, marketRent),
      zori_lag_months: zoriLagMonths(published.latest?.month, latestFy),
      coordinates: coordinates.get(zip) ?? null,
      nearby: [],
    };
  });
  for (const record of zips) {
    record.nearby = (nearby.get(record.zip) ?? []).map((zip) => ({ zip, city: cities.get(zip) as string, url: urls.zip(zip) }));
    const { lastmod: _ignored, ...content } = record;
    record.lastmod = stamp<ZipRecord>(content).lastmod;
  }

  const rowsByCounty = byKey(zips.map(toIndexRow), (row) => row.county_slug);
  const counties: CountyRecord[] = [...slugs.keys()].sort().map((slug) => {
    const rows = rowsByCounty.get(slug) ?? [];
    const name = countyNames.get(slugs.get(slug) as string) as string;
    return stamp<CountyRecord>({
      county: name,
      county_slug: slug,
      url: urls.county(slug),
      zip_count: rows.length,
      zori_zip_count: rows.filter((r) => r.zori_latest !== null).length,
      medians: countyMedians(rows),
      zips: rows,
    });
  });

  const spreadRows = zips.flatMap((z) => toSectionEightRow(z) ?? []);
  const sectionEight = stamp<SectionEightRecord>({
    fiscal_year: latestFy,
    url: urls.sectionEight,
    summary: {
      n: spreadRows.length,
      voucher_competitive_count: spreadRows.filter((r) => r.voucher_competitive).length,
      median_spread_pct: medianSpreadPct(spreadRows.map((r) => r.spread_pct)),
      area_voucher_competitive_count: spreadRows.filter((r) => r.area_voucher_competitive === true).length,
    },
    rows: spreadRows,
  });

  const zoriMonths = sources.zori.months;
  const latestZoriMonth = zoriMonths.at(-1) as string;
  const counts = {
    zips: zips.length,
    counties: counties.length,
    zips_with_market_rent: zips.filter((z) => z.zori_latest !== null).length,
    zips_with_census_rent: zips.filter((z) => z.acs !== null).length,
    section_8_rows: spreadRows.length,
  };
  const vintage: Vintage = {
    safmrFiscalYear: latestFy,
    // The attribution cites a source only where it gave published values.
    zoriMonth: counts.zips_with_market_rent > 0 ? latestZoriMonth : null,
    acsVintage: counts.zips_with_census_rent > 0 ? sources.acs.vintage : null,
    crosswalk: sources.crosswalk && sources.crosswalk.rows.length > 0 ? { quarter: sources.crosswalk.quarter } : null,
  };
  const gate: GateInput = {
    counts: { ...counts, fiscal_years: fiscalYears },
    contributions: [
      { dataset: 'hud_safmr', files: sources.safmr.files.map((f) => f.name), rows: sources.safmr.rows.length },
      { dataset: 'hud_fmr', files: [sources.fmr.file.name], rows: sources.fmr.counties.length },
      { dataset: 'zillow_zori', files: [sources.zori.file.name], rows: sources.zori.series.length },
      { dataset: 'census_acs', files: [sources.acs.file.name], rows: sources.acs.rents.length },
      ...(sources.crosswalk ? [{ dataset: 'hud_usps_crosswalk', files: [sources.crosswalk.file.name], rows: sources.crosswalk.rows.length }] : []),
      { dataset: 'geonames', files: [sources.geonames.file.name], rows: sources.geonames.places.length },
      { dataset: 'census_gazetteer', files: [sources.gazetteer.file.name], rows: sources.gazetteer.centroids.length },
    ],
    fiscalYearZips: fiscalYears.slice(-2).map((fy) => ({ fiscalYear: fy, zips: [...histories.values()].filter((h) => h.byYear.has(fy)).length })),
    countiesMissingFromList: {
      file: sources.fmr.file.name,
      fips: [
        ...new Set([
          ...(sources.crosswalk?.rows ?? []).map((r) => r.county),
          ...sources.geonames.places.flatMap((p) => (p.countyCode ? [state.fips + p.countyCode] : [])),
        ]),
      ]
        .filter((fips) => fips.startsWith(state.fips) && !countyNames.has(fips))
        .sort(),
    },
  };
  const safmrFreshness = fiscalYearFreshness(latestFy, today);
  const zoriFreshness = monthFreshness(latestZoriMonth, today);
  const notices = stalenessNotices({ safmrFiscalYear: latestFy, safmr: safmrFreshness, zoriMonth: vintage.zoriMonth, zori: zoriFreshness });
  const metaRecord: MetaRecord = {
    counts,
    vintages: {
      hud_safmr: { fiscal_years: fiscalYears, latest_fiscal_year: latestFy, ...safmrFreshness, files: sources.safmr.files },
      hud_fmr: { fiscal_year: sources.fmr.fiscalYear, ...fiscalYearFreshness(sources.fmr.fiscalYear, today), files: [sources.fmr.file] },
      zillow_zori: { first_month: zoriMonths[0] ?? null, latest_month: latestZoriMonth, ...zoriFreshness, files: [sources.zori.file] },
      census_acs: { vintage: sources.acs.vintage, table: sources.acs.table, files: [sources.acs.file] },
      hud_usps_crosswalk: { quarter: sources.crosswalk?.quarter ?? null, files: sources.crosswalk ? [sources.crosswalk.file] : [] },
      geonames: { files: [sources.geonames.file] },
      census_gazetteer: { files: [sources.gazetteer.file] },
    },
    notices,
    content_sha256: createHash('sha256').update(contentFingerprint({ zips, counties, sectionEight })).digest('hex'),
    endpoints: ENDPOINTS.map((e) => ({ ...e })),
  };

  return { site: urls.base, meta: metaBlock(site, generatedAt, vintage, latestZoriMonth), zips, counties, sectionEight, metaRecord, gate, warnings };
}
