// The whole dataset as tables: CSV and Parquet files under /api/v1/bulk/, a Frictionless Data
// Package describing them, all made from the same records as the JSON. Pure: records in, tables
// out; their bytes are bulk-files.ts's, so the pages and documents that name the files (openapi.ts,
// llms.ts, the docs page) do not load the CSV and Parquet writers.
import type { StateScope } from '../states.ts';
import { HOUSEHOLD_SIZES } from './household.ts';
import { BEDROOMS, type CountyRecord, type HousingAgency, type SectionEightRecord, type ZipRecord } from './schemas.ts';
import { JSON_TYPE } from './json.ts';
import { LICENSE, serviceName } from './service.ts';

/** Where the bulk files live, relative to the site root. */
export const BULK_DIR = '/api/v1/bulk/';

/** The tables, each a CSV and a Parquet file under BULK_DIR, in the order the data package lists them. */
export const BULK_TABLES = ['zips', 'fmr_history', 'zori_monthly', 'counties', 'section_8', 'income_limits', 'housing_agencies', 'agency_counties'] as const;
export type BulkTableName = (typeof BULK_TABLES)[number];

/** Every file name under BULK_DIR. */
export const BULK_FILE_NAMES = [...BULK_TABLES.map((t) => `${t}.csv`), ...BULK_TABLES.map((t) => `${t}.parquet`), 'datapackage.json'];

type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'date';
type Cell = string | number | boolean | null;

export interface BulkField {
  name: string;
  /** A Table Schema type; Parquet stores string, integer (INT32), number (DOUBLE) and boolean as such. */
  type: FieldType;
  description: string;
}

export interface BulkTable {
  name: BulkTableName;
  title: string;
  description: string;
  fields: BulkField[];
  primaryKey: string[];
  foreignKeys: { fields: string[]; reference: { resource: string; fields: string[] } }[];
  rows: Cell[][];
}

export interface BulkFile {
  /** File name inside BULK_DIR: `zips.csv`. */
  name: string;
  mediaType: string;
  bytes: Uint8Array<ArrayBuffer>;
  sha256: string;
}

const f = (name: string, type: FieldType, description: string): BulkField => ({ name, type, description });
const bedroomFields = (prefix: string, what: string) => BEDROOMS.map((br, i) => f(`${prefix}${br}`, 'integer', `${what}, ${i === 0 ? 'studio' : `${i} bedroom${i > 1 ? 's' : ''}`}, whole dollars`));
// Columns several tables share, described once.
const ZIP = f('zip', 'string', 'Five-digit ZIP code (text: keep a leading zero)');
const PLACE = [ZIP, f('city', 'string', 'City'), f('county', 'string', 'County name without the word "County"'), f('county_slug', 'string', 'County slug, as in /api/v1/county/{slug}.json')];
const SPREADS = [
  f('spread', 'integer', 'Market rent minus the 2-bedroom Small Area FMR, dollars'),
  f('spread_pct', 'number', '100 × spread / 2-bedroom Small Area FMR, one decimal'),
  f('voucher_competitive', 'boolean', 'The 2-bedroom Small Area FMR meets or exceeds the market rent'),
];
const AREA_SPREADS = [
  f('area_spread', 'integer', 'Market rent minus the 2-bedroom area-wide FMR, dollars'),
  f('area_spread_pct', 'number', '100 × area_spread / 2-bedroom area-wide FMR, one decimal'),
  f('area_voucher_competitive', 'boolean', 'The 2-bedroom area-wide FMR meets or exceeds the market rent'),
];
const PAGE_URL = f('url', 'string', 'Page for people');
const wageFields = (of: string) => [
  f('housing_wage_2br', 'number', `Housing wage of ${of} 2-bedroom Small Area FMR: dollars an hour a full-time worker needs for it to be 30% of income (FMR ÷ 52, to the cent)`),
  f('area_housing_wage_2br', 'number', `Housing wage of ${of} 2-bedroom area-wide FMR, dollars an hour`),
];
const sizeFields = (prefix: string, what: string) => HOUSEHOLD_SIZES.map((n) => f(`${prefix}_${n}`, 'integer', `${what}, ${n} person${n > 1 ? 's' : ''}, dollars a year`));
const INCOME_TIERS = [
  { key: 'extremely_low', what: 'Extremely low income limit (30%)' },
  { key: 'very_low', what: 'Very low income limit (50%): voucher eligibility' },
  { key: 'low', what: 'Low income limit (80%)' },
] as const;
const lastmodOf = (what: string) => f('lastmod', 'date', `Date (YYYY-MM-DD) of the build in which the ${what} record last changed`);
const toZipFk = { fields: ['zip'], reference: { resource: 'zips', fields: ['zip'] } };
const toCountyFk = { fields: ['county_slug'], reference: { resource: 'counties', fields: ['county_slug'] } };
const toAgencyFk = { fields: ['code'], reference: { resource: 'housing_agencies', fields: ['code'] } };

/** An agency of the state with the county of its office (null where it is placed in none), as the bulk table holds it. */
export type AgencyOffice = Omit<HousingAgency, 'serves_here'> & { county_fips: string | null };

/** The tables, each sorted as its JSON is (by ZIP, then year or month; counties by slug). */
export function bulkTables(records: { zips: readonly ZipRecord[]; counties: readonly CountyRecord[]; sectionEight: SectionEightRecord; agencies: readonly AgencyOffice[] }): BulkTable[] {
  const { zips, counties, sectionEight, agencies } = records;
  const countyByFips = new Map(counties.map((c) => [c.county_fips, c]));
  // Every agency a county lists: the office-only agencies and those that serve it.
  const listed = new Set(counties.flatMap((c) => c.housing_agencies.map((a) => a.code)));
  return [
    {
      name: 'zips',
      title: 'ZIP codes',
      description: 'One row per published ZIP code: the index row of /api/v1/index.json, flattened, with the census rent.',
      fields: [
        ...PLACE,
        f('metro', 'string', 'HUD metropolitan FMR area; empty outside metro areas'),
        f('fmr_fiscal_year', 'integer', 'Fiscal year of the FMR columns'),
        ...bedroomFields('fmr_', 'Small Area FMR'),
        f('fmr2_yoy_pct', 'number', 'Percent change of the 2-bedroom Small Area FMR on the fiscal year before, one decimal'),
        ...bedroomFields('area_fmr_', 'Area-wide FMR of the first HUD area'),
        f('zori_latest_month', 'string', 'Latest month of the market rent index, YYYY-MM'),
        f('zori_latest_rent', 'integer', 'Market rent index of that month, whole dollars'),
        ...SPREADS,
        ...AREA_SPREADS,
        f('zori_lag_months', 'integer', 'Months from the latest market rent month to the start of the FMR fiscal year'),
        f('acs_median_gross_rent', 'integer', 'Census ACS 5-year median gross rent of the ZCTA, dollars'),
        ...wageFields('the'),
        f('latitude', 'number', 'Latitude of the ZIP point (Census ZCTA, else GeoNames)'),
        f('longitude', 'number', 'Longitude of the ZIP point'),
        PAGE_URL,
        lastmodOf('ZIP'),
      ],
      primaryKey: ['zip'],
      foreignKeys: [toCountyFk],
      rows: zips.map((z) => [
        z.zip,
        z.city,
        z.county,
        z.county_slug,
        z.metro,
        z.fmr_latest_fy,
        ...BEDROOMS.map((br) => z.fmr[br]),
        z.fmr2_yoy_pct,
        ...BEDROOMS.map((br) => z.area_fmr?.[br] ?? null),
        z.zori_latest?.month ?? null,
        z.zori_latest?.rent ?? null,
        z.spread,
        z.spread_pct,
        z.voucher_competitive,
        z.area_spread,
        z.area_spread_pct,
        z.area_voucher_competitive,
        z.zori_lag_months,
        z.acs?.median_gross_rent ?? null,
        z.housing_wage.small_area.br2,
        z.housing_wage.area?.br2 ?? null,
        z.coordinates?.latitude ?? null,
        z.coordinates?.longitude ?? null,
        z.url,
        z.lastmod,
      ]),
    },
    {
      name: 'fmr_history',
      title: 'Small Area FMR by fiscal year',
      description: 'Every fiscal year read for every published ZIP code (fmr_by_fy of the ZIP responses).',
      fields: [ZIP, f('fiscal_year', 'integer', 'Federal fiscal year'), ...bedroomFields('', 'Small Area FMR')],
      primaryKey: ['zip', 'fiscal_year'],
      foreignKeys: [toZipFk],
      rows: zips.flatMap((z) => Object.entries(z.fmr_by_fy).map(([fy, rents]) => [z.zip, Number(fy), ...BEDROOMS.map((br) => rents[br])])),
    },
    {
      name: 'zori_monthly',
      title: 'Market rent index by month',
      description: 'The monthly Zillow Observed Rent Index of every published ZIP code that has one (zori_monthly of the ZIP responses).',
      fields: [ZIP, f('month', 'string', 'Month, YYYY-MM'), f('rent', 'number', 'Market rent index, dollars, two decimals')],
      primaryKey: ['zip', 'month'],
      foreignKeys: [toZipFk],
      rows: zips.flatMap((z) => z.zori_monthly.map((p) => [z.zip, p.month, p.rent])),
    },
    {
      name: 'counties',
      title: 'Counties',
      description: 'Every county of the state with its counts and the medians over its ZIP rows.',
      fields: [
        ...PLACE.slice(2),
        f('zip_count', 'integer', 'Published ZIP codes in the county'),
        f('zori_zip_count', 'integer', 'Of them, ZIP codes with a market rent index'),
        f('median_fmr2', 'integer', 'Median 2-bedroom Small Area FMR, dollars'),
        f('median_market_rent', 'integer', 'Median market rent index, dollars'),
        f('median_fmr2_yoy_pct', 'number', 'Median change of the 2-bedroom Small Area FMR, percent'),
        f('median_area_fmr2', 'integer', 'Median 2-bedroom area-wide FMR, dollars'),
        ...wageFields('the median'),
        f('county_market_rent', 'integer', "Latest month of Zillow's market rent index for the county as a whole (zori_county.latest), dollars; empty where Zillow has none"),
        f('county_market_rent_month', 'string', 'Its month, YYYY-MM'),
        PAGE_URL,
        lastmodOf('county'),
      ],
      primaryKey: ['county_slug'],
      foreignKeys: [],
      rows: counties.map((c) => [c.county, c.county_slug, c.zip_count, c.zori_zip_count, c.medians.fmr2, c.medians.market_rent, c.medians.fmr2_yoy_pct, c.medians.area_fmr2, c.housing_wage.small_area.br2, c.housing_wage.area?.br2 ?? null, c.zori_county?.latest.rent ?? null, c.zori_county?.latest.month ?? null, c.url, c.lastmod]),
    },
    {
      name: 'section_8',
      title: 'Voucher spread',
      description: 'The rows of /api/v1/section-8.json: ZIP codes with both a 2-bedroom Small Area FMR and a market rent index.',
      fields: [
        ...PLACE,
        f('fmr2', 'integer', '2-bedroom Small Area FMR, dollars'),
        f('market_rent', 'integer', 'Latest market rent index, dollars'),
        ...SPREADS,
        f('area_fmr2', 'integer', '2-bedroom area-wide FMR, dollars'),
        ...AREA_SPREADS,
        PAGE_URL,
      ],
      primaryKey: ['zip'],
      foreignKeys: [toZipFk],
      rows: sectionEight.rows.map((r) => [
        r.zip, r.city, r.county, r.county_slug, r.fmr2, r.market_rent, r.spread, r.spread_pct, r.voucher_competitive,
        r.area_fmr2, r.area_spread, r.area_spread_pct, r.area_voucher_competitive, r.url,
      ]),
    },
    {
      name: 'income_limits',
      title: 'Income limits',
      description: "HUD's Section 8 income limits of every county that has them (income_limits of the county responses), by household size.",
      fields: [
        ...PLACE.slice(2),
        f('county_fips', 'string', 'Five-digit state and county FIPS code'),
        f('fiscal_year', 'integer', "HUD's fiscal year of the limits"),
        f('effective_date', 'date', 'The day the limits took effect'),
        f('hud_area_code', 'string', "HUD's income-limit area code"),
        f('hud_area_name', 'string', "HUD's income-limit area name"),
        f('median_family_income', 'integer', 'Median family income of the area, dollars a year'),
        ...INCOME_TIERS.flatMap(({ key, what }) => sizeFields(key, what)),
      ],
      primaryKey: ['county_slug'],
      foreignKeys: [toCountyFk],
      rows: counties.flatMap((c) => {
        const il = c.income_limits;
        if (!il) return [];
        const row: Cell[] = [c.county, c.county_slug, c.county_fips, il.fiscal_year, il.effective_date, il.hud_area_code, il.hud_area_name, il.median_family_income];
        return [[...row, ...INCOME_TIERS.flatMap(({ key }) => HOUSEHOLD_SIZES.map((n) => il[key][String(n) as keyof typeof il.low]))]];
      }),
    },
    {
      name: 'housing_agencies',
      title: 'Housing agencies',
      description:
        "Every public housing agency a county lists (housing_agencies of the county responses), once, with its office's county: HUD's agency layer, checked against its contact reports, and, where the agency's own pages say, the area its vouchers serve and the rules it uses. The counties its area covers are in agency_counties.",
      fields: [
        f('code', 'string', "HUD's code of the agency (MN002)"),
        f('name', 'string', "Name as HUD's agency layer writes it"),
        f('short_name', 'string', 'The name it goes by on its own pages (Metro HRA); empty where no source gives one'),
        f('vouchers', 'boolean', 'Runs Housing Choice Vouchers (HUD program Section 8 or Combined); empty where not known'),
        f('public_housing', 'boolean', 'Runs public housing (HUD program Low-Rent or Combined); empty where not known'),
        f('voucher_count', 'integer', "Housing Choice Vouchers it administers (HUD's agency layer); empty where the layer does not list it"),
        f('phone', 'string', "The office's telephone, (612) 342-1400 with ' x123' for an extension"),
        f('email', 'string', 'Email address'),
        f('address', 'string', "The office's street address"),
        f('city', 'string', 'City of the office'),
        f('office_zip', 'string', 'ZIP code of the office (text: keep a leading zero)'),
        ...PLACE.slice(2).map((field) => ({ ...field, description: `${field.description}, of the office; empty where it is placed in none` })),
        f('county_fips', 'string', "Five-digit FIPS code of the office's county"),
        f('serves', 'string', "The area its vouchers serve, in English words; empty where no source states it"),
        f('payment_standard_basis', 'string', 'Which FMR its payment standards follow, as its pages say: small_area or area; empty where they do not'),
        f('basis_since', 'date', 'Since when, where a source says'),
        f('moving_to_work', 'boolean', 'A Moving to Work agency; empty where no source says'),
        f('alternative_rent', 'string', "How its own rent rules differ from HUD's arithmetic; empty where none is known"),
      ],
      primaryKey: ['code'],
      foreignKeys: [toCountyFk],
      rows: agencies
        .filter((a) => listed.has(a.code))
        .map((a) => {
          const office = a.county_fips === null ? undefined : countyByFips.get(a.county_fips);
          return [
            a.code,
            a.name,
            a.short_name,
            a.programs === null ? null : a.programs.includes('vouchers'),
            a.programs === null ? null : a.programs.includes('public_housing'),
            a.vouchers,
            a.phone,
            a.email,
            a.address,
            a.city,
            a.zip,
            office?.county ?? null,
            office?.county_slug ?? null,
            office?.county_fips ?? null,
            a.serves,
            a.payment_standard_basis,
            a.basis_since,
            a.moving_to_work,
            a.alternative_rent,
          ];
        })
        .sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)),
    },
    {
      name: 'agency_counties',
      title: 'Housing agencies by county',
      description:
        "Each county's list of housing agencies (housing_agencies of the county responses), one row an agency and a county: serves_here all or part where the agency's voucher area covers the county, empty where it only has its office there.",
      fields: [
        f('code', 'string', "HUD's code of the agency"),
        ...PLACE.slice(2),
        f('county_fips', 'string', 'Five-digit FIPS code of the county'),
        f('serves_here', 'string', "How much of the county the agency's voucher area covers: all or part; empty for an agency that only has its office there"),
        f('rank', 'integer', 'Its place in the county\'s list, from 1: those that serve it first, most vouchers first'),
      ],
      primaryKey: ['code', 'county_slug'],
      foreignKeys: [toCountyFk, toAgencyFk],
      rows: counties.flatMap((c) => c.housing_agencies.map((a, i) => [a.code, c.county, c.county_slug, c.county_fips, a.serves_here, i + 1])),
    },
  ];
}

export const MEDIA_TYPES = { csv: 'text/csv; charset=utf-8', parquet: 'application/vnd.apache.parquet', json: JSON_TYPE } as const;

/** What a data package says of itself: a state's (`bulkFiles`) or the whole country's (national-bulk.ts). */
export interface PackageAbout {
  name: string;
  title: string;
  description: string;
}

/** A state's data package's name, title and description. */
export const statePackage = (state: StateScope): PackageAbout => ({
  name: 'mnrent',
  title: serviceName(state),
  description: `Fair Market Rents, the market rent index, census rents, HUD income limits and the housing agencies that serve each county for ${state.name} ZIP codes and counties, as CSV and Parquet tables.`,
});

/** The data package: every file with its bytes, sha256 and Table Schema, the licence and the sources. */
export function dataPackage(about: PackageAbout, tables: readonly BulkTable[], files: readonly BulkFile[], attribution: string, site: string): unknown {
  const byName = new Map(files.map((file) => [file.name, file]));
  const resource = (table: BulkTable, format: 'csv' | 'parquet') => {
    const file = byName.get(`${table.name}.${format}`);
    if (!file) throw new Error(`no ${table.name}.${format}`);
    const common = { path: file.name, format, mediatype: file.mediaType.split(';')[0], bytes: file.bytes.length, hash: `sha256:${file.sha256}` };
    // A Parquet file carries its own schema (the types are in the file): Frictionless describes it
    // as a plain data resource, and a Table Schema describes the CSV.
    if (format === 'parquet') {
      return { profile: 'data-resource', name: `${table.name}_parquet`, title: `${table.title} (Parquet)`, description: `${table.description} The same rows as ${table.name}.csv, in Parquet.`, ...common };
    }
    return {
      profile: 'tabular-data-resource',
      name: table.name,
      title: table.title,
      description: table.description,
      ...common,
      encoding: 'utf-8',
      dialect: { delimiter: ',', lineTerminator: '\n', quoteChar: '"', doubleQuote: true, header: true },
      schema: {
        fields: table.fields.map(({ name, type, description }) => ({ name, type, description })),
        missingValues: [''],
        primaryKey: table.primaryKey,
        ...(table.foreignKeys.length ? { foreignKeys: table.foreignKeys } : {}),
      },
    };
  };
  return {
    // Not tabular-data-package: that profile wants every resource tabular, and Parquet is not, to Frictionless.
    profile: 'data-package',
    ...about,
    homepage: site,
    licenses: [{ name: 'CC-BY-4.0', title: LICENSE.name, path: LICENSE.url }],
    sources: [
      { title: 'HUD Small Area Fair Market Rents and county Fair Market Rents', path: 'https://www.huduser.gov/portal/datasets/fmr.html' },
      { title: 'HUD Section 8 Income Limits', path: 'https://www.huduser.gov/portal/datasets/il.html' },
      { title: 'Zillow Observed Rent Index (ZORI)', path: 'https://www.zillow.com/research/data/' },
      { title: 'U.S. Census Bureau, American Community Survey 5-year, table B25064', path: 'https://www.census.gov/programs-surveys/acs' },
      { title: 'HUD-USPS ZIP Code Crosswalk', path: 'https://www.huduser.gov/portal/datasets/usps_crosswalk.html' },
      { title: 'GeoNames postal codes', path: 'https://download.geonames.org/export/zip/' },
      { title: 'U.S. Census Bureau ZCTA Gazetteer', path: 'https://www.census.gov/geographies/reference-files/time-series/geo/gazetteer-files.html' },
      { title: "HUD's Public Housing Authorities data (its open-data layer)", path: 'https://hudgis-hud.opendata.arcgis.com/datasets/HUD::public-housing-authorities' },
      { title: 'HUD public housing agency contact reports, as parsed by two third parties (they fill and confirm the layer)', path: 'https://www.hud.gov/contactus/public-housing-contacts' },
      { title: "Housing agencies' own pages, for the areas they serve and the rules they use (each fact's page is in the sources of the county responses' housing_agencies)", path: `${site}/docs/` },
    ],
    attribution,
    resources: [...tables.map((t) => resource(t, 'csv')), ...tables.map((t) => resource(t, 'parquet'))],
  };
}
