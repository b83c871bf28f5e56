// The whole published model from parsed sources: pure, no file system, no clock, no network.
// deriveInTwo is a pipeline of named steps; each step returns contract shapes, created whole.
import { createHash } from 'node:crypto';
import {
  ENDPOINTS,
  type ChangesRecord,
  type Coordinates,
  type CountyRecord,
  type CountyZori,
  type HousingAgency,
  type IncomeLimits,
  type IndexZip,
  type Meta,
  type MetaRecord,
  type SectionEightRecord,
  type SectionEightRow,
  type Vintages,
  type ZipRecord,
} from '../contract/schemas.ts';
import { toIndexRow, toSectionEightRow } from '../contract/rows.ts';
import { ENGLISH } from '../contract/english.ts';
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import { metaBlock, type Vintage } from '../contract/service.ts';
import { siteUrls, type SiteUrls } from '../contract/routes.ts';
import { BULK_DIR, type AgencyOffice, type BulkFile } from '../contract/bulk-tables.ts';
import { geonamesFileOf } from '../sources/geonames.ts';
import type { SourceData } from '../sources/read-sources.ts';
import type { StateScope } from '../states.ts';
import { changeLog, type EarlierOutput } from './changes.ts';
import { fmr2YearOverYear, fmrByFiscalYear, fmrHistories, type ZipFmrHistory } from './fmr.ts';
import { fiscalYearFreshness, monthFreshness, noticesOf } from './freshness.ts';
import { housingAgencies, type AgencyReport } from './housing-agencies.ts';
import { effectiveDateOf, incomeLimitsByCounty, incomeLimitsFreshness } from './income-limits.ts';
import { contentFingerprint, lastmodFor, type PreviousResource } from './lastmod.ts';
import { countyHousingWage, countyMedians, medianSpreadPct, zipHousingWage } from './medians.ts';
import { isNeighbour, nearestZips } from './nearby.ts';
import type { GateInput } from './publish-gate.ts';
import { countySlug, geonamesByZip, metroArea, placeZip, zipHudAreas, type ZipPlace } from './places.ts';
import { areaVoucherSpread, countyZoriByFips, publishZori, voucherSpread, zoriByZip, zoriLagMonths } from './zori.ts';

export interface DeriveOptions {
  state: StateScope;
  site: string;
  /** ISO date-time of this generation; its date is the `lastmod` of anything that changed. */
  generatedAt: string;
  /** Resources of the previous output by URL, so unchanged ones keep their `lastmod`. */
  previous?: ReadonlyMap<string, PreviousResource>;
  /** The previous output's records and change log; none on a first publication. */
  earlier?: EarlierOutput;
  /** Where the deployment serves the agent server; null in meta.json without one. */
  mcpUrl?: string;
  /** Where a reader reports a mistake in a translated page. */
  reportUrl: string;
  /** Writes the bulk tables (publication/bulk-files.ts): their bytes and hashes go into the site record. */
  bulkFiles: (state: StateScope, records: Pick<Dataset, 'zips' | 'counties' | 'sectionEight'> & { agencies: readonly AgencyOffice[] }, attribution: string, site: string) => BulkFile[];
}

export interface Dataset {
  site: string;
  meta: Meta;
  zips: ZipRecord[];
  counties: CountyRecord[];
  sectionEight: SectionEightRecord;
  /** What changed since the previous output, with the log it carried. */
  changes: ChangesRecord;
  metaRecord: MetaRecord;
  /** What the publish gate weighs before this dataset may replace an earlier output. */
  gate: GateInput;
  /** The whole dataset as CSV and Parquet tables and their data package, under BULK_DIR. */
  bulk: BulkFile[];
  /** How the housing agencies were read, joined and placed: the build report's counts. */
  agencyReport: AgencyReport;
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

/** Gives a resource its `lastmod`: the previous build's date when its content is unchanged, else today. */
type Stamp = (content: { url: string }) => string;

interface FiscalYears {
  histories: Map<string, ZipFmrHistory>;
  fiscalYears: number[];
  latest: number;
  /** The ZIPs with a row in the latest fiscal year: the ones published. */
  published: { zip: string; history: ZipFmrHistory }[];
}

function fiscalYearsOf(sources: SourceData, state: StateScope): FiscalYears {
  const histories = fmrHistories(sources.safmr.rows);
  const fiscalYears = [...new Set(sources.safmr.rows.map((r) => r.fiscalYear))].sort((a, b) => a - b);
  const latest = fiscalYears.at(-1);
  if (latest === undefined) throw new SourceError({ file: 'hud_safmr/' }, `no SAFMR rows for ${state.name} ZIP codes in any file`);
  const published = [...histories]
    .filter(([, history]) => history.byYear.has(latest))
    .map(([zip, history]) => ({ zip, history }))
    .sort((a, b) => compareCodePoints(a.zip, b.zip));
  return { histories, fiscalYears, latest, published };
}

/** What the sources lack that the build works around: a year's county file, the crosswalk, an area's FMR. */
function gapsInSources(sources: SourceData, state: StateScope, fiscal: FiscalYears): string[] {
  const warnings: string[] = [];
  if (sources.acs.rents.length === 0 && sources.acs.rowsElsewhere > 0) {
    warnings.push(`census_acs: ${sources.acs.file.name} has rows for other states only: census rent is null for every ${state.name} ZIP code`);
  }
  if (sources.acs.annotated > 0) {
    warnings.push(`census_acs: ${sources.acs.annotated} of ${state.name}'s ZCTAs carry the Census's annotation for a median it does not publish: their census rent is null`);
  }
  if (sources.zori.series.length === 0 && sources.zori.rowsElsewhere > 0) {
    warnings.push(`zillow_zori: ${sources.zori.file.name} has rows for other states only: market rent is null for every ${state.name} ZIP code`);
  }
  if (sources.countyZori === null) {
    warnings.push(`zillow_zori_county: no county file in the sources: no county carries Zillow's series of its own (npm run data:fetch downloads it)`);
  } else if (sources.countyZori.series.length === 0 && sources.countyZori.rowsElsewhere > 0) {
    warnings.push(`zillow_zori_county: ${sources.countyZori.file.name} has rows for other states only: no ${state.name} county carries Zillow's series of its own`);
  }
  if (sources.geonames.places.length === 0 && sources.geonames.rowsElsewhere > 0) {
    const own = geonamesFileOf(state.code);
    const hint = sources.geonames.file.name.endsWith(`/${own}`) ? '' : ` (GeoNames keeps ${state.name} in ${own}: npm run data:fetch -- --state ${state.code} downloads it)`;
    warnings.push(`geonames: ${sources.geonames.file.name} has rows for other states only${hint}: cities come from the crosswalk, coordinates from the gazetteer`);
  }
  if (sources.fmr.fiscalYear !== fiscal.latest) {
    warnings.push(`metro flags come from the FY${sources.fmr.fiscalYear} county FMR file; no FY${fiscal.latest} file was found`);
  }
  if (!sources.crosswalk) {
    warnings.push('no HUD-USPS crosswalk in hud_usps_crosswalk/: every ZIP is placed in a county by GeoNames (README, "Sources", says how to get it)');
  }
  const { incomeLimits } = sources;
  const withLimits = new Set(incomeLimits.counties.map((c) => c.fips));
  const withoutLimits = sources.fmr.counties.filter((c) => !withLimits.has(c.fips));
  if (withoutLimits.length > 0) {
    const byTown = withoutLimits.filter((c) => incomeLimits.countiesVaryingByTown.includes(c.fips)).length;
    const why = byTown > 0 ? ` (${byTown} of them listed by town with limits that differ within the county)` : '';
    const names = withoutLimits.map((c) => c.name);
    warnings.push(
      `hud_il: ${incomeLimits.file.name} has no FY${incomeLimits.fiscalYear} income limits for ${withoutLimits.length} of ${state.name}'s ${sources.fmr.counties.length} counties${why}: ` +
        `income_limits is null there (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})`,
    );
  }
  for (const area of new Set(fiscal.published.flatMap(({ history }) => history.areasByYear.get(fiscal.latest) ?? []))) {
    if (!sources.fmr.areas.has(area)) warnings.push(`HUD area "${area}" is not in the county FMR file: its ZIPs do not list it in hud_areas`);
  }
  return warnings;
}

interface CountyList {
  /** County name by FIPS code. */
  names: Map<string, string>;
  /** FIPS code by slug. */
  fipsBySlug: Map<string, string>;
}

/** HUD's county list for the state: every county gets a file, even one without ZIPs; slugs must be unique. */
function countyListOf(sources: SourceData, state: StateScope): CountyList {
  const names = new Map(sources.fmr.counties.map((c) => [c.fips, c.name]));
  if (names.size === 0) throw new SourceError({ file: sources.fmr.file.name }, `no ${state.code} counties in the county FMR file`);
  const fipsBySlug = new Map<string, string>();
  for (const { fips, name } of sources.fmr.counties) {
    const slug = countySlug(name);
    const other = fipsBySlug.get(slug);
    if (other !== undefined) throw new SourceError({ file: sources.fmr.file.name }, `counties ${other} and ${fips} share the slug ${slug}`);
    fipsBySlug.set(slug, fips);
  }
  return { names, fipsBySlug };
}

interface PlacedZip {
  zip: string;
  history: ZipFmrHistory;
  place: ZipPlace;
  coordinates: Coordinates | null;
}

/**
 * County, city and a point for every published ZIP: the crosswalk and GeoNames for places, the
 * gazetteer for points. A ZIP no source places in one of the state's counties cannot be published
 * (its county is part of the contract): it is left out, and named in a warning.
 */
function placeZips(sources: SourceData, state: StateScope, fiscal: FiscalYears, counties: CountyList, warnings: string[]): PlacedZip[] {
  const crosswalk = byKey(sources.crosswalk?.rows ?? [], (r) => r.zip);
  const crosswalkName = sources.crosswalk?.file.name ?? 'hud_usps_crosswalk/';
  const geonames = geonamesByZip(sources.geonames.places);
  const centroids = new Map(sources.gazetteer.centroids.map((c) => [c.zcta, c]));
  const coordinatesOf = (zip: string): Coordinates | null => {
    const centroid = centroids.get(zip);
    if (centroid) return { latitude: centroid.latitude, longitude: centroid.longitude, source: 'census_zcta' };
    const place = geonames.get(zip);
    if (place?.latitude != null && place.longitude != null) return { latitude: place.latitude, longitude: place.longitude, source: 'geonames' };
    warnings.push(`ZIP ${zip} has no coordinates in the gazetteer or GeoNames: nearby is empty`);
    return null;
  };
  const located = fiscal.published.map(({ zip, history }) => ({ zip, history, place: placeZip(zip, crosswalk.get(zip) ?? [], geonames.get(zip), state.fips, counties.names, crosswalkName) }));
  const unplaced = located.filter((z) => z.place === undefined).map((z) => z.zip);
  // Coordinates first for every ZIP, then places: the order the build report has always listed its warnings in.
  const placed = located.flatMap(({ zip, history, place }) => (place ? [{ zip, history, place, coordinates: coordinatesOf(zip) }] : []));
  for (const { zip } of placed) {
    const rows = crosswalk.get(zip) ?? [];
    if (sources.crosswalk && rows.length === 0) warnings.push(`ZIP ${zip} is not in the crosswalk: county from GeoNames`);
    else if (rows.length > 0 && !rows.some((r) => r.county.startsWith(state.fips))) {
      warnings.push(`ZIP ${zip} lies only in other states' counties in the crosswalk (${rows.map((r) => r.county).join(', ')}): county from GeoNames`);
    }
  }
  if (unplaced.length > 0) {
    const where = sources.geonames.places.length === 0 ? `the crosswalk (${crosswalkName}); GeoNames has no ${state.name} rows` : `the crosswalk (${crosswalkName}) or GeoNames (${sources.geonames.file.name})`;
    warnings.push(`${unplaced.length} ZIP code${unplaced.length > 1 ? 's' : ''} with a SAFMR left out, in none of ${state.name}'s counties in ${where}: ${unplaced.join(', ')}`);
  }
  return placed;
}

/**
 * The nearby list of every ZIP: the nearest published ZIPs by great-circle distance, among those
 * with a Census ZCTA (a PO-box or single-building ZIP has none: nobody's neighbour).
 */
function nearbyOf(placed: readonly PlacedZip[], urls: SiteUrls): Map<string, ZipRecord['nearby']> {
  const cities = new Map(placed.map((p) => [p.zip, p.place.city]));
  const located = placed.flatMap(({ zip, coordinates: c }) => (c ? [{ zip, latitude: c.latitude, longitude: c.longitude, neighbour: isNeighbour(c) }] : []));
  const nearest = nearestZips(located, located.filter((p) => p.neighbour));
  return new Map(placed.map(({ zip }) => [zip, (nearest.get(zip) ?? []).map((n) => ({ zip: n, city: cities.get(n) ?? '', url: urls.zip(n) }))]));
}

function zipRecord(
  { zip, history, place, coordinates }: PlacedZip,
  context: {
    sources: SourceData;
    latest: number;
    counties: CountyList;
    zori: ReturnType<typeof zoriByZip>;
    countyZori: ReadonlyMap<string, CountyZori>;
    acs: Map<string, SourceData['acs']['rents'][number]>;
    incomeLimits: Map<string, IncomeLimits>;
    agencies: ReadonlyMap<string, HousingAgency[]>;
  },
  nearby: ZipRecord['nearby'],
  urls: SiteUrls,
  stamp: Stamp,
): ZipRecord {
  const { sources, latest } = context;
  const county = context.counties.names.get(place.countyFips) ?? '';
  const fmrByFy = fmrByFiscalYear(history);
  const fmr = fmrByFy[String(latest)] ?? { br0: null, br1: null, br2: null, br3: null, br4: null };
  const published = publishZori(context.zori.get(zip));
  const census = context.acs.get(zip);
  const hudAreas = zipHudAreas(history.areasByYear.get(latest) ?? [], sources.fmr.areaOfCounty.get(place.countyFips), sources.fmr.areas);
  const areaFmr = hudAreas[0]?.fmr ?? null;
  const marketRent = published.latest?.rent ?? null;
  const content = {
    zip,
    city: place.city,
    county,
    county_slug: countySlug(county),
    metro: metroArea(hudAreas),
    hud_areas: hudAreas,
    url: urls.zip(zip),
  };
  const rest = {
    fmr_latest_fy: latest,
    fmr_by_fy: fmrByFy,
    fmr,
    fmr2_yoy_pct: fmr2YearOverYear(history, latest),
    zori_monthly: published.monthly,
    zori_latest: published.latest,
    zori_county_latest: context.countyZori.get(place.countyFips)?.latest ?? null,
    acs: census ? { median_gross_rent: census.medianGrossRent, margin_of_error: census.marginOfError, vintage: sources.acs.vintage, table: sources.acs.table } : null,
    ...voucherSpread(fmr.br2, marketRent),
    area_fmr: areaFmr,
    ...areaVoucherSpread(areaFmr?.br2 ?? null, marketRent),
    zori_lag_months: zoriLagMonths(published.latest?.month, latest),
    income_limits: context.incomeLimits.get(place.countyFips) ?? null,
    housing_wage: zipHousingWage(fmr, areaFmr),
    housing_agencies: context.agencies.get(place.countyFips) ?? [],
    coordinates,
    nearby,
  };
  return { ...content, lastmod: stamp({ ...content, ...rest }), ...rest };
}

function countyRecords(
  counties: CountyList,
  rows: readonly IndexZip[],
  byCounty: { incomeLimits: ReadonlyMap<string, IncomeLimits>; agencies: ReadonlyMap<string, HousingAgency[]>; zori: ReadonlyMap<string, CountyZori> },
  urls: SiteUrls,
  stamp: Stamp,
): CountyRecord[] {
  const rowsByCounty = byKey(rows, (row) => row.county_slug);
  return [...counties.fipsBySlug.keys()].sort().map((slug) => {
    const zips = rowsByCounty.get(slug) ?? [];
    const fips = counties.fipsBySlug.get(slug) ?? '';
    const head = { county: counties.names.get(fips) ?? '', county_slug: slug, county_fips: fips, url: urls.county(slug) };
    const rest = {
      zip_count: zips.length,
      zori_zip_count: zips.filter((r) => r.zori_latest !== null).length,
      medians: countyMedians(zips),
      zori_county: byCounty.zori.get(fips) ?? null,
      income_limits: byCounty.incomeLimits.get(fips) ?? null,
      housing_wage: countyHousingWage(zips),
      housing_agencies: byCounty.agencies.get(fips) ?? [],
      zips,
    };
    // In the contract's order (lastmod after url), as the API writes it.
    return { ...head, lastmod: stamp({ ...head, ...rest }), ...rest };
  });
}

function sectionEightRecord(rows: SectionEightRow[], latest: number, urls: SiteUrls, stamp: Stamp): SectionEightRecord {
  const head = { fiscal_year: latest, url: urls.sectionEight };
  const rest = {
    summary: {
      n: rows.length,
      voucher_competitive_count: rows.filter((r) => r.voucher_competitive).length,
      median_spread_pct: medianSpreadPct(rows.map((r) => r.spread_pct)),
      area_voucher_competitive_count: rows.filter((r) => r.area_voucher_competitive === true).length,
    },
    rows,
  };
  return { ...head, lastmod: stamp({ ...head, ...rest }), ...rest };
}

/** Which sources to cite: a source only where it gave published values. */
function vintageOf(sources: SourceData, latest: number, counts: MetaRecord['counts']): Vintage {
  return {
    safmrFiscalYear: latest,
    zoriMonth: counts.zips_with_market_rent > 0 ? (sources.zori.months.at(-1) ?? null) : null,
    countyZoriMonth: counts.counties_with_market_rent > 0 ? (sources.countyZori?.months.at(-1) ?? null) : null,
    acsVintage: counts.zips_with_census_rent > 0 ? sources.acs.vintage : null,
    crosswalk: sources.crosswalk && sources.crosswalk.rows.length > 0 ? { quarter: sources.crosswalk.quarter } : null,
    incomeLimitsFiscalYear: counts.counties_with_income_limits > 0 ? sources.incomeLimits.fiscalYear : null,
    geonames: sources.geonames.places.length > 0,
    housingAgencies: counts.housing_agencies > 0,
    agencyAreas: counts.housing_agencies_with_area > 0,
  };
}

function gateInput(sources: SourceData, state: StateScope, fiscal: FiscalYears, counties: CountyList, counts: MetaRecord['counts']): GateInput {
  const crosswalkZips = new Set((sources.crosswalk?.rows ?? []).map((r) => r.zip));
  return {
    counts: { ...counts, fiscal_years: fiscal.fiscalYears },
    contributions: [
      { dataset: 'hud_safmr', files: sources.safmr.files.map((f) => f.name), rows: sources.safmr.rows.length },
      { dataset: 'hud_fmr', files: [sources.fmr.file.name], rows: sources.fmr.counties.length },
      { dataset: 'hud_il', files: [sources.incomeLimits.file.name], rows: sources.incomeLimits.counties.length, rowsElsewhere: sources.incomeLimits.rowsElsewhere },
      { dataset: 'zillow_zori', files: [sources.zori.file.name], rows: sources.zori.series.length, rowsElsewhere: sources.zori.rowsElsewhere },
      ...(sources.countyZori
        ? [{ dataset: 'zillow_zori_county', files: [sources.countyZori.file.name], rows: sources.countyZori.series.length, rowsElsewhere: sources.countyZori.rowsElsewhere }]
        : []),
      { dataset: 'census_acs', files: [sources.acs.file.name], rows: sources.acs.rents.length, rowsElsewhere: sources.acs.rowsElsewhere },
      ...(sources.crosswalk ? [{ dataset: 'hud_usps_crosswalk', files: [sources.crosswalk.file.name], rows: sources.crosswalk.rows.length }] : []),
      { dataset: 'geonames', files: [sources.geonames.file.name], rows: sources.geonames.places.length, rowsElsewhere: sources.geonames.rowsElsewhere },
      { dataset: 'census_gazetteer', files: [sources.gazetteer.file.name], rows: sources.gazetteer.centroids.length },
      ...[sources.contacts.byCode, sources.contacts.entries].map((c) => ({ dataset: 'hud_pha_contacts', files: [c.file.name], rows: c.agencies.length, rowsElsewhere: c.rowsElsewhere })),
      { dataset: 'hud_pha_layer', files: [sources.layer.file.name], rows: sources.layer.agencies.length, rowsElsewhere: sources.layer.rowsElsewhere },
    ],
    fiscalYearZips: fiscal.fiscalYears.slice(-2).map((fy) => ({ fiscalYear: fy, zips: [...fiscal.histories.values()].filter((h) => h.byYear.has(fy)).length })),
    countiesMissingFromList: {
      file: sources.fmr.file.name,
      fips: [
        ...new Set([
          ...(sources.crosswalk?.rows ?? []).map((r) => r.county),
          // GeoNames only where the crosswalk says nothing: its county codes can be older than
          // HUD's (Connecticut's 8 counties, where HUD has 9 planning regions since 2022).
          ...sources.geonames.places.flatMap((p) => (p.countyCode && !crosswalkZips.has(p.zip) ? [state.fips + p.countyCode] : [])),
        ]),
      ]
        .filter((fips) => fips.startsWith(state.fips) && !counties.names.has(fips))
        .sort(),
    },
  };
}

function metaRecordOf(
  sources: SourceData,
  state: StateScope,
  fiscal: FiscalYears,
  counts: MetaRecord['counts'],
  today: string,
  content: Pick<Dataset, 'zips' | 'counties' | 'sectionEight' | 'bulk'>,
  mcpUrl: string | undefined,
  reportUrl: string,
): MetaRecord {
  const latestZoriMonth = sources.zori.months.at(-1) ?? '';
  const safmrFreshness = fiscalYearFreshness(fiscal.latest, today);
  const zoriFreshness = monthFreshness(latestZoriMonth, today);
  const incomeLimitsYear = sources.incomeLimits.fiscalYear;
  const limitsFreshness = incomeLimitsFreshness(incomeLimitsYear, today);
  const vintages: Vintages = {
    hud_safmr: { fiscal_years: fiscal.fiscalYears, latest_fiscal_year: fiscal.latest, ...safmrFreshness, files: sources.safmr.files },
    hud_fmr: { fiscal_year: sources.fmr.fiscalYear, ...fiscalYearFreshness(sources.fmr.fiscalYear, today), files: [sources.fmr.file] },
    hud_il: { fiscal_year: incomeLimitsYear, effective_date: effectiveDateOf(incomeLimitsYear), ...limitsFreshness, files: [sources.incomeLimits.file] },
    zillow_zori: { first_month: sources.zori.months[0] ?? null, latest_month: latestZoriMonth, ...zoriFreshness, files: [sources.zori.file] },
    zillow_zori_county: countyZoriVintage(sources.countyZori, today),
    census_acs: { vintage: sources.acs.vintage, table: sources.acs.table, files: [sources.acs.file] },
    hud_usps_crosswalk: { quarter: sources.crosswalk?.quarter ?? null, files: sources.crosswalk ? [sources.crosswalk.file] : [] },
    geonames: { files: [sources.geonames.file] },
    census_gazetteer: { files: [sources.gazetteer.file] },
    hud_pha_contacts: { files: [sources.contacts.byCode.file, sources.contacts.entries.file] },
    hud_pha_layer: { files: [sources.layer.file] },
    agency_areas: { files: sources.agencyAreas ? [sources.agencyAreas.file] : [] },
  };
  return {
    state: { code: state.code, name: state.name, fips: state.fips },
    counts,
    vintages,
    notices: noticesOf(ENGLISH, vintages),
    content_sha256: createHash('sha256').update(contentFingerprint({ zips: content.zips, counties: content.counties, sectionEight: content.sectionEight })).digest('hex'),
    endpoints: ENDPOINTS.map(({ operation_id, method, path, summary }) => ({ operation_id, method, path, summary })),
    bulk: content.bulk.map((file) => ({ path: `${BULK_DIR}${file.name}`, media_type: file.mediaType, bytes: file.bytes.length, sha256: file.sha256 })),
    agent_server: mcpUrl ? { url: mcpUrl, transport: 'streamable-http' } : null,
    translation_reports_url: reportUrl,
  };
}

/** What was read of Zillow's county file: its months and how far its last is behind the build. */
function countyZoriVintage(file: SourceData['countyZori'], today: string): Vintages['zillow_zori_county'] {
  const latest = file?.months.at(-1) ?? null;
  return {
    first_month: file?.months[0] ?? null,
    latest_month: latest,
    months_behind: latest === null ? null : monthFreshness(latest, today).months_behind,
    files: file ? [file.file] : [],
  };
}

/** Every record the pages and endpoints are made from: the dataset but its site record and bulk files. */
export type DatasetRecords = Omit<Dataset, 'metaRecord' | 'bulk'>;

/**
 * The dataset in two steps: the records, then (from them) the bulk files and the site record, whose
 * content hash covers every record. A build hands the records over first, so their validation runs
 * while the second step is made.
 */
export function deriveInTwo(sources: SourceData, options: DeriveOptions): { records: DatasetRecords; rest: () => Pick<Dataset, 'metaRecord' | 'bulk'> } {
  const { state, site, generatedAt, previous = new Map<string, PreviousResource>() } = options;
  const urls = siteUrls(site);
  const today = generatedAt.slice(0, 10);
  const stamp: Stamp = (content) => lastmodFor(content, previous.get(content.url), today);
  const fiscal = fiscalYearsOf(sources, state);
  const counties = countyListOf(sources, state);
  const warnings = [...sources.warnings, ...gapsInSources(sources, state, fiscal)];
  const placed = placeZips(sources, state, fiscal, counties, warnings);
  const nearby = nearbyOf(placed, urls);
  const incomeLimits = incomeLimitsByCounty(sources.incomeLimits);
  const agencies = housingAgencies({ layer: sources.layer, contacts: sources.contacts, crosswalk: sources.crosswalk, geonames: sources.geonames.places, state, counties: counties.names, areas: sources.agencyAreas });
  warnings.push(...agencies.warnings);
  const countyZoriRead = sources.countyZori ? countyZoriByFips(sources.countyZori.series, counties.names, sources.fmr.file.name, state.name) : { byFips: new Map<string, CountyZori>(), warning: null };
  if (countyZoriRead.warning !== null) warnings.push(countyZoriRead.warning);
  const countyZori = countyZoriRead.byFips;
  const context = { sources, latest: fiscal.latest, counties, zori: zoriByZip(sources.zori.series), countyZori, acs: new Map(sources.acs.rents.map((r) => [r.zcta, r])), incomeLimits, agencies: agencies.byCounty };
  const zips = placed.map((p) => zipRecord(p, context, nearby.get(p.zip) ?? [], urls, stamp));
  const countyList = countyRecords(counties, zips.map(toIndexRow), { incomeLimits, agencies: agencies.byCounty, zori: countyZori }, urls, stamp);
  const sectionEight = sectionEightRecord(zips.flatMap((z) => toSectionEightRow(z) ?? []), fiscal.latest, urls, stamp);

  const counts: MetaRecord['counts'] = {
    zips: zips.length,
    counties: countyList.length,
    zips_with_market_rent: zips.filter((z) => z.zori_latest !== null).length,
    zips_with_census_rent: zips.filter((z) => z.acs !== null).length,
    counties_with_market_rent: countyList.filter((c) => c.zori_county !== null).length,
    section_8_rows: sectionEight.rows.length,
    counties_with_income_limits: countyList.filter((c) => c.income_limits !== null).length,
    housing_agencies: agencies.all.filter((a) => a.county_fips !== null).length,
    counties_with_housing_agencies: countyList.filter((c) => c.housing_agencies.length > 0).length,
    housing_agencies_with_area: agencies.report.areas.agencies,
    counties_with_agency_area: agencies.report.areas.counties,
  };
  const vintage = vintageOf(sources, fiscal.latest, counts);
  const meta = metaBlock(state, site, generatedAt, vintage, sources.zori.months.at(-1) ?? '');
  const records: DatasetRecords = {
    site: urls.base,
    meta,
    zips,
    counties: countyList,
    sectionEight,
    changes: changeLog(options.earlier, zips, countyList, generatedAt),
    gate: gateInput(sources, state, fiscal, counties, counts),
    agencyReport: agencies.report,
    warnings,
  };
  const rest = () => {
    const bulk = options.bulkFiles(state, { zips, counties: countyList, sectionEight, agencies: agencies.all }, meta.attribution, urls.base);
    return { metaRecord: metaRecordOf(sources, state, fiscal, counts, today, { zips, counties: countyList, sectionEight, bulk }, options.mcpUrl, options.reportUrl), bulk };
  };
  return { records, rest };
}
