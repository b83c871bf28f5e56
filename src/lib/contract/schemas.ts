// The public shapes of the API, in one place: TypeScript types, content-collection validation,
// openapi.json component schemas and the agent server's output schemas all derive from these.
import { z } from 'zod';
import { HOUSEHOLD_SIZES } from './household.ts';

/** The named public shapes; openapi.json's `components.schemas` is generated from this registry. */
export const contractRegistry = z.registry<{ id: string; description?: string }>();

/** The two path values of the API; their patterns are written here only (fields, parameters, agent tools). */
export const ZipCode = z.string().regex(/^[0-9]{5}$/);
export const CountySlug = z.string().regex(/^[a-z0-9-]+$/);

const zip = ZipCode.describe('Five-digit ZIP code');
const slug = CountySlug.describe('County slug: lowercase name, non-alphanumeric runs collapsed to one hyphen');
const month = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/).describe('Month, YYYY-MM');
const pageUrl = z.url().describe("Absolute URL of the resource's page for people");
const lastmod = z.iso.date().describe('UTC date (YYYY-MM-DD) of the build in which this resource last changed');
const dollars = z.int().nonnegative();
const percent = z.number().describe('Percent, one decimal');

export const Meta = z
  .object({
    license: z.string().describe('Licence name: CC BY 4.0'),
    license_url: z.url(),
    attribution: z.string().describe('Citation string users must give'),
    sources: z
      .object({
        hud_safmr: z.string().regex(/^FY[0-9]{4}$/).describe('Latest HUD SAFMR fiscal year read, FY<year>'),
        zori: month.describe('Latest Zillow ZORI month read, YYYY-MM'),
      })
      .strict(),
    generated_at: z.iso.datetime().describe('Generation time (SOURCE_DATE_EPOCH when set); changes on every regeneration'),
    schema_version: z.literal('1.0'),
    docs: z.url().describe('Developer documentation'),
  })
  .strict()
  .register(contractRegistry, { id: 'Meta', description: 'Licence, attribution, source vintages and generation time; in every response' });

export const BedroomRents = z
  .object({
    br0: dollars.nullable().describe('Studio, whole dollars per month'),
    br1: dollars.nullable().describe('One bedroom'),
    br2: dollars.nullable().describe('Two bedrooms'),
    br3: dollars.nullable().describe('Three bedrooms'),
    br4: dollars.nullable().describe('Four bedrooms'),
  })
  .strict()
  .register(contractRegistry, { id: 'BedroomRents', description: 'HUD Small Area Fair Market Rent by bedroom count (40th percentile gross rent), whole dollars' });

export const ZoriLatest = z
  .object({ month, rent: dollars.describe('Market rent index for that month, rounded to whole dollars') })
  .strict()
  .register(contractRegistry, { id: 'ZoriLatest', description: 'Latest month of the Zillow Observed Rent Index (all unit sizes, smoothed)' });

export const ZoriPoint = z
  .object({ month, rent: z.number().nonnegative().describe('Dollars, 2 decimals') })
  .strict()
  .register(contractRegistry, { id: 'ZoriPoint' });

export const CountyZori = z
  .object({
    monthly: z.array(ZoriPoint).describe('Monthly market rent index of the county, oldest first'),
    latest: ZoriLatest,
  })
  .strict()
  .register(contractRegistry, {
    id: 'CountyZori',
    description: "Zillow's own series for a county (all unit sizes, smoothed), read from Zillow's county file: not a summary of the county's ZIP series, and often newer than them (an addition to the spec)",
  });

export const Acs = z
  .object({
    median_gross_rent: dollars.describe('ACS 5-year median gross rent of the ZCTA with the same number, dollars'),
    margin_of_error: dollars.nullable().describe('90% margin of error; null when the source carries none'),
    vintage: z.string().regex(/^[0-9]{4}-[0-9]{4}$/).describe('ACS 5-year period'),
    table: z.literal('B25064'),
  })
  .strict()
  .register(contractRegistry, { id: 'Acs', description: 'Census ACS 5-year median gross rent (table B25064), where published' });

export const Coordinates = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    source: z.enum(['census_zcta', 'geonames']).describe('Census ZCTA internal point, else the GeoNames postal code point'),
  })
  .strict()
  .register(contractRegistry, { id: 'Coordinates', description: 'A point for the ZIP code (an extension of the spec: what nearby is measured from)' });

const spreadFields = {
  spread: z.int().nullable().describe('Latest market rent minus the 2-bedroom Small Area FMR, whole dollars; null without both'),
  spread_pct: percent.nullable().describe('100 × spread / 2-bedroom Small Area FMR, one decimal'),
  voucher_competitive: z.boolean().nullable().describe('True when the 2-bedroom Small Area FMR meets or exceeds the market rent'),
};

export const HudArea = z
  .object({
    code: z.string().min(1).describe("HUD's FMR area code, e.g. METRO33460M33460"),
    name: z.string().min(1).describe("HUD's FMR area name"),
    metro: z.boolean().describe('True for a metropolitan FMR area'),
    fmr: BedroomRents.describe("The area-wide FMR of the latest fiscal year (HUD's county FMR file), the basis of payment standards outside Small Area FMRs"),
  })
  .strict()
  .register(contractRegistry, { id: 'HudArea', description: 'A HUD FMR area whose latest-year Small Area FMR rows list the ZIP code' });

// Additions to the spec: the same answer on the area-wide FMR, which many housing authorities use instead of the Small Area FMR.
const areaFields = {
  area_fmr: BedroomRents.nullable().describe('Area-wide FMR of the first of hud_areas (the HUD area that holds the ZIP code\'s county when it is one of them); null when HUD\'s county FMR file has none of its areas'),
  area_spread: z.int().nullable().describe('Latest market rent minus the 2-bedroom area-wide FMR, whole dollars; null without both'),
  area_spread_pct: percent.nullable().describe('100 × area_spread / 2-bedroom area-wide FMR, one decimal'),
  area_voucher_competitive: z.boolean().nullable().describe('True when the 2-bedroom area-wide FMR meets or exceeds the market rent'),
  zori_lag_months: z
    .int()
    .nullable()
    .describe('Whole months from the latest market rent month to the first month of the latest FMR fiscal year (October of the year before); positive when the market rent is older; null without a market rent'),
};

/** One limit per household size, `"1"` to `"8"` persons, whole dollars a year. */
const limitsBySize = (what: string) =>
  z
    .object(Object.fromEntries(HOUSEHOLD_SIZES.map((n) => [String(n), dollars])) as Record<`${(typeof HOUSEHOLD_SIZES)[number]}`, typeof dollars>)
    .strict()
    .describe(`${what}, by household size ("1" to "8" persons), whole dollars a year`);

// An addition to the spec: who is eligible for a voucher here (CONTRACT-NOTES, "Eligibility and the 40% rule").
export const IncomeLimits = z
  .object({
    fiscal_year: z.int().describe("HUD's fiscal year of the limits: the newest in effect on the build date"),
    effective_date: z.iso.date().describe('The day those limits took effect (HUD sets it each year)'),
    hud_area_code: z.string().min(1).describe("HUD's income-limit area code"),
    hud_area_name: z.string().min(1).describe("HUD's income-limit area name"),
    median_family_income: dollars.describe('Median family income of the area, dollars a year'),
    extremely_low: limitsBySize('Extremely low income limit (30%): most new vouchers go to households at or below it'),
    very_low: limitsBySize('Very low income limit (50%): a household at or below it is eligible for a Housing Choice Voucher'),
    low: limitsBySize('Low income limit (80%), for other programs'),
  })
  .strict()
  .register(contractRegistry, { id: 'IncomeLimits', description: "HUD's Section 8 income limits of the county, by household size (an addition to the spec)" });

// An addition to the spec: what a full-time worker must earn for the FMR to be 30% of income (CONTRACT-NOTES, "The housing authority's arithmetic").
const hourly = z.number().nonnegative().nullable();
const wageByBedroom = z
  .object({ br0: hourly.describe('Studio'), br1: hourly, br2: hourly, br3: hourly, br4: hourly })
  .strict()
  .describe('Dollars and cents an hour by bedroom count; null where the FMR is missing');

export const HousingWage = z
  .object({
    small_area: wageByBedroom.describe('On the Small Area FMR'),
    area: wageByBedroom.nullable().describe('On the area-wide FMR; null without one'),
  })
  .strict()
  .register(contractRegistry, {
    id: 'HousingWage',
    description:
      "The housing wage: the hourly wage a full-time worker (2,080 hours a year) needs for the FMR to be 30% of income, FMR × 12 ÷ 0.30 ÷ 2,080, in cents, half away from zero (NLIHC's Out of Reach method); the yearly income needed is FMR × 40 (an addition to the spec)",
  });

const incomeLimits = IncomeLimits.nullable().describe("HUD's income limits of the county; null where HUD's file has none for it (New England counties, listed by town)");

/** How much of a county a part of an agency's area is (ServedAreaPart). */
export const AREA_PORTIONS = ['all', 'city', 'some', 'southern', 'most_suburbs'] as const;
/** Which FMR an agency's payment standards follow: HUD's Small Area FMR of the ZIP code, or the area FMR. */
export const PAYMENT_STANDARD_BASES = ['small_area', 'area'] as const;
/** The facts of an agency that come from its own pages, each with a source (AgencySource). */
export const AGENCY_FACTS = ['short_name', 'area', 'payment_standard_basis', 'basis_since', 'moving_to_work', 'alternative_rent'] as const;

export const ServedAreaPart = z
  .object({
    county: z.string().min(1).describe("The county, as HUD names it without the state's county word"),
    county_fips: z.string().regex(/^[0-9]{5}$/),
    county_word: z.enum(['County', 'Parish', 'Municipio']).nullable().describe('The word said after the name (County); null where the name says what it is'),
    portion: z
      .enum(AREA_PORTIONS)
      .describe('all: the whole county but the cities in except; city: one city of it (city); some, southern, most_suburbs: the share of it the agency\'s page describes'),
    city: z.string().min(1).nullable().describe('The city, for portion city'),
    except: z.array(z.string().min(1)).describe('Cities of the county the area leaves out'),
  })
  .strict()
  .register(contractRegistry, { id: 'ServedAreaPart', description: "One county's share of the area a housing agency serves with vouchers (an addition to the spec)" });

export const AgencySource = z
  .object({
    facts: z.array(z.enum(AGENCY_FACTS)).min(1).describe('The facts of the agency this page states'),
    url: z.url(),
    page_date: z.string().min(1).nullable().describe('The date the page states, in its words; null where it states none'),
    quote: z.string().min(1).describe("The page's words, verbatim"),
    read_on: z.iso.date().describe('When the page (or a stored copy of it) was read'),
  })
  .strict()
  .register(contractRegistry, { id: 'AgencySource', description: "A page that states facts of a housing agency: the agency's own, or a city's, county's or newspaper's (an addition to the spec)" });

export const HousingAgency = z
  .object({
    code: z.string().regex(/^[A-Z]{2}\d{3}$/).describe("HUD's code of the public housing agency (MN002)"),
    name: z.string().min(1).nullable().describe("As HUD's agency layer writes it"),
    short_name: z.string().min(1).nullable().describe('The name the agency goes by on its own pages (often its initials); null where no source gives one'),
    programs: z
      .array(z.enum(['vouchers', 'public_housing']))
      .min(1)
      .nullable()
      .describe("What it runs, from HUD's program type: vouchers (Section 8), public_housing (Low-Rent), or both (Combined); null where HUD's files as read give none"),
    vouchers: z.int().nonnegative().nullable().describe("Housing Choice Vouchers it administers, from HUD's agency layer (SECTION8_UNITS_CNT); null where the layer does not list the agency"),
    phone: z
      .string()
      .regex(/^\(\d{3}\) \d{3}-\d{4}( x\d{1,6})?$/)
      .nullable()
      .describe("The office's telephone, (612) 342-1400 with ' x123' for an extension, from HUD's agency layer (the contact reports where the layer has none); null where neither has one"),
    email: z.string().min(3).nullable(),
    address: z.string().min(1).nullable().describe("The office's street address"),
    city: z.string().min(1).nullable(),
    zip: ZipCode.nullable(),
    serves: z.string().min(1).nullable().describe("The area its vouchers serve, in English words (the City of …, … County except …); null where no source states it"),
    serves_here: z
      .enum(['all', 'part'])
      .nullable()
      .describe('How much of this county its voucher area covers; null for an agency that only has its office here, or whose area no source states'),
    area: z
      .object({ parts: z.array(ServedAreaPart).min(1), incomplete: z.boolean().describe('True where its pages name only some of the area') })
      .strict()
      .nullable()
      .describe('The area of serves, county by county'),
    payment_standard_basis: z.enum(PAYMENT_STANDARD_BASES).nullable().describe('Which FMR its payment standards follow, as its pages say: small_area (by ZIP code) or area; null where no source says'),
    basis_since: z.iso.date().nullable().describe('Since when, where a source says'),
    moving_to_work: z.boolean().nullable().describe("A Moving to Work agency (HUD lets it set some rules of its own); null where no source says"),
    alternative_rent: z.string().min(1).nullable().describe('How its own rent rules differ from HUD\'s arithmetic, in one English sentence; null where it has none or no source says'),
    sources: z.array(AgencySource).describe('The pages each of short_name, serves, payment_standard_basis, basis_since, moving_to_work and alternative_rent rests on'),
  })
  .strict()
  .register(contractRegistry, {
    id: 'HousingAgency',
    description:
      "A public housing agency that serves the county with vouchers (serves_here all or part) or has its office in it (serves_here null), from HUD's agency layer and contact reports and, for the area it serves and the rules it uses, its own pages (an addition to the spec). Which one serves a family depends on the city it lives in, not on its ZIP code",
  });

const housingAgencies = z
  .array(HousingAgency)
  .describe(
    "The public housing agencies of the county: first those whose voucher area covers all or part of it (serves_here), then those that only have their office in it; within each, most vouchers first; public housing only last (an addition to the spec)",
  );

const placeFields = {
  zip,
  city: z.string().min(1),
  county: z.string().min(1).describe('County name without the word "County"'),
  county_slug: slug,
};

export const IndexZip = z
  .object({
    ...placeFields,
    fmr: BedroomRents.describe('Latest fiscal year'),
    fmr2_yoy_pct: percent.nullable().describe('Percent change of the 2-bedroom FMR against the prior fiscal year'),
    zori_latest: ZoriLatest.nullable(),
    ...spreadFields,
    ...areaFields,
    coordinates: Coordinates.nullable(),
    url: pageUrl,
    lastmod,
  })
  .strict()
  .register(contractRegistry, { id: 'IndexZip', description: 'One ZIP code in the index and in county responses' });

export const NearbyZip = z
  .object({ zip, city: z.string().min(1), url: pageUrl })
  .strict()
  .register(contractRegistry, { id: 'NearbyZip' });

/** A ZIP record as the collections hold it: the ZipDetail response without `meta`. */
export const ZipRecord = z
  .object({
    ...placeFields,
    metro: z.string().nullable().describe("HUD metropolitan FMR area of the ZIP: of a split ZIP's metropolitan areas, the one that holds its county, else the alphabetically first; null outside metro areas"),
    hud_areas: z.array(HudArea).describe("Every HUD FMR area whose latest-year Small Area FMR rows list the ZIP code: the area that holds its county first, then by name (an addition to the spec)"),
    url: pageUrl,
    lastmod,
    fmr_latest_fy: z.int().describe('Latest federal fiscal year'),
    fmr_by_fy: z.record(z.string().regex(/^[0-9]{4}$/), BedroomRents).describe('Bedroom rents by fiscal year'),
    fmr: BedroomRents.describe('Equal to fmr_by_fy[fmr_latest_fy]'),
    fmr2_yoy_pct: percent.nullable(),
    zori_monthly: z.array(ZoriPoint).describe('Monthly market rent index, oldest first'),
    zori_latest: ZoriLatest.nullable(),
    zori_county_latest: ZoriLatest.nullable().describe("Latest month of Zillow's series for the ZIP code's county (the county record's zori_county); null where Zillow has none. The county's, not the ZIP code's: zori_latest stays the ZIP code's own (an addition to the spec)"),
    acs: Acs.nullable(),
    ...spreadFields,
    ...areaFields,
    income_limits: incomeLimits.describe("HUD's income limits of the ZIP code's county; null where HUD's file has none for it"),
    housing_wage: HousingWage.describe('The housing wage of each unit size on both bases'),
    housing_agencies: housingAgencies.describe("The public housing agencies of the ZIP code's county (see HousingAgency): which one serves a household depends on its city, which the ZIP code does not tell (an addition to the spec)"),
    coordinates: Coordinates.nullable(),
    nearby: z.array(NearbyZip).max(6).describe('The six nearest published ZIP codes by great-circle distance, among those with a Census ZCTA (a PO-box ZIP is nobody\'s neighbour)'),
  })
  .strict();

export const ZipDetail = z
  .object({ meta: Meta, ...ZipRecord.shape })
  .strict()
  .register(contractRegistry, { id: 'ZipDetail', description: 'Everything published for one ZIP code' });

export const CountyMedians = z
  .object({
    fmr2: dollars.nullable(),
    market_rent: dollars.nullable(),
    fmr2_yoy_pct: percent.nullable(),
    area_fmr2: dollars.nullable().describe('Median 2-bedroom area-wide FMR of the ZIP rows (an addition to the spec)'),
  })
  .strict()
  .register(contractRegistry, { id: 'CountyMedians', description: "Medians over the county's ZIP rows" });

export const CountyRecord = z
  .object({
    county: z.string().min(1),
    county_slug: slug,
    county_fips: z.string().regex(/^\d{5}$/).describe('Five-digit state and county FIPS code, as HUD and the Census Bureau give it (an addition to the spec)'),
    url: pageUrl,
    lastmod,
    zip_count: z.int().nonnegative(),
    zori_zip_count: z.int().nonnegative().describe('ZIPs in the county with a market rent series'),
    medians: CountyMedians,
    zori_county: CountyZori.nullable().describe("Zillow's series for the county; null where Zillow publishes none for it (an addition to the spec)"),
    income_limits: incomeLimits,
    housing_wage: HousingWage.describe("The housing wage of the median FMR of the county's ZIP rows, each unit size on both bases"),
    housing_agencies: housingAgencies,
    zips: z.array(IndexZip),
  })
  .strict();

export const CountyDetail = z
  .object({ meta: Meta, ...CountyRecord.shape })
  .strict()
  .register(contractRegistry, { id: 'CountyDetail', description: 'One county with its ZIP codes' });

export const ZipIndex = z
  .object({ meta: Meta, count: z.int().nonnegative(), zips: z.array(IndexZip) })
  .strict()
  .register(contractRegistry, { id: 'ZipIndex', description: 'Every published ZIP code, one row each' });

export const SectionEightRow = z
  .object({
    ...placeFields,
    fmr2: dollars,
    market_rent: dollars,
    spread: z.int(),
    spread_pct: percent,
    voucher_competitive: z.boolean(),
    area_fmr2: dollars.nullable().describe('2-bedroom area-wide FMR (an addition to the spec)'),
    area_spread: z.int().nullable(),
    area_spread_pct: percent.nullable(),
    area_voucher_competitive: z.boolean().nullable(),
    url: pageUrl,
  })
  .strict()
  .register(contractRegistry, { id: 'SectionEightRow' });

export const SectionEightRecord = z
  .object({
    fiscal_year: z.int(),
    url: pageUrl,
    lastmod,
    summary: z
      .object({
        n: z.int().nonnegative(),
        voucher_competitive_count: z.int().nonnegative(),
        median_spread_pct: percent.nullable(),
        area_voucher_competitive_count: z.int().nonnegative().describe('Rows competitive on the area-wide FMR (an addition to the spec)'),
      })
      .strict(),
    rows: z.array(SectionEightRow),
  })
  .strict();

export const SectionEight = z
  .object({ meta: Meta, ...SectionEightRecord.shape })
  .strict()
  .register(contractRegistry, { id: 'SectionEight', description: 'ZIP codes with both a 2-bedroom FMR and a market rent: the voucher spread' });

export const SourceFile = z
  .object({
    name: z.string().describe('Path inside the sources folder'),
    bytes: z.int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    url: z.string().optional().describe('Where npm run data:fetch downloaded these exact bytes'),
    retrieved_at: z.iso.datetime().optional().describe('When it downloaded them'),
  })
  .strict()
  .register(contractRegistry, { id: 'SourceFile', description: 'A source file the build read' });

// Additions: how the published year or month stands against the build date.
const fiscalYearFreshness = {
  in_effect_fiscal_year: z.int().describe('The federal fiscal year in effect on the build date (FY N runs from 1 October of N-1)'),
  in_effect_since: z.iso.date().describe('The day that fiscal year took effect'),
  behind: z.boolean().describe('True when the published fiscal year is older than the one in effect'),
};

export const Vintages = z
  .object({
    hud_safmr: z.object({ fiscal_years: z.array(z.int()), latest_fiscal_year: z.int(), ...fiscalYearFreshness, files: z.array(SourceFile) }).strict(),
    hud_fmr: z.object({ fiscal_year: z.int(), ...fiscalYearFreshness, files: z.array(SourceFile) }).strict(),
    hud_il: z
      .object({
        fiscal_year: z.int().describe('Fiscal year of the income limits read'),
        effective_date: z.iso.date().describe('The day they took effect'),
        in_effect_fiscal_year: z.int().describe('The newest fiscal year of income limits in effect on the build date'),
        behind: z.boolean().describe('True when the limits read are older than those in effect'),
        files: z.array(SourceFile),
      })
      .strict()
      .describe('HUD income limits (an addition to the spec)'),
    zillow_zori: z
      .object({
        first_month: month.nullable(),
        latest_month: month,
        months_behind: z.int().describe('Whole months from latest_month to the month of the build'),
        behind: z.boolean().describe('True when months_behind is more than 3'),
        files: z.array(SourceFile),
      })
      .strict(),
    zillow_zori_county: z
      .object({
        first_month: month.nullable(),
        latest_month: month.nullable().describe('Null when no county file was read'),
        months_behind: z.int().nullable().describe('Whole months from latest_month to the month of the build'),
        files: z.array(SourceFile),
      })
      .strict()
      .describe("Zillow's county series (an addition to the spec)"),
    census_acs: z.object({ vintage: z.string(), table: z.literal('B25064'), files: z.array(SourceFile) }).strict(),
    hud_usps_crosswalk: z.object({ quarter: z.string().nullable(), files: z.array(SourceFile) }).strict(),
    geonames: z.object({ files: z.array(SourceFile) }).strict(),
    census_gazetteer: z.object({ files: z.array(SourceFile) }).strict(),
    hud_pha_contacts: z
      .object({ files: z.array(SourceFile) })
      .strict()
      .describe("The two parses of HUD's public housing agency contact reports, which fill and confirm HUD's agency layer (an addition to the spec)"),
    hud_pha_layer: z.object({ files: z.array(SourceFile) }).strict().describe("HUD's Public Housing Authorities layer: each housing agency's record (an addition to the spec)"),
    agency_areas: z
      .object({ files: z.array(SourceFile) })
      .strict()
      .describe("The project's file of the areas agencies serve and the rules they use, from their own pages (data/agency-areas/; none for a state without one; an addition to the spec)"),
  })
  .strict()
  .register(contractRegistry, { id: 'Vintages', description: 'Per source: what was read (years, months, periods, files and their sha256)' });

export const EndpointInfo = z
  .object({ operation_id: z.string(), method: z.literal('GET'), path: z.string(), summary: z.string() })
  .strict()
  .register(contractRegistry, { id: 'EndpointInfo' });

export const BulkFileInfo = z
  .object({
    path: z.string().regex(/^\/api\/v1\/bulk\/[a-z0-9_]+\.(csv|parquet|json)$/).describe('Path under the site'),
    media_type: z.string(),
    bytes: z.int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict()
  .register(contractRegistry, { id: 'BulkFileInfo', description: 'A bulk file: the whole dataset as one table (CSV or Parquet), or the data package describing them' });

export const MetaRecord = z
  .object({
    state: z
      .object({ code: z.string().regex(/^[A-Z]{2}$/), name: z.string(), fips: z.string().regex(/^\d{2}$/) })
      .strict()
      .describe('The state this copy of the service covers: USPS code, name and FIPS code (an addition to the spec)'),
    counts: z
      .object({
        zips: z.int().nonnegative(),
        counties: z.int().nonnegative(),
        zips_with_market_rent: z.int().nonnegative(),
        zips_with_census_rent: z.int().nonnegative().describe('ZIP codes with a Census ACS median gross rent (an addition to the spec)'),
        counties_with_market_rent: z.int().nonnegative().describe("Counties with a series of their own in Zillow's county file (an addition to the spec)"),
        section_8_rows: z.int().nonnegative(),
        counties_with_income_limits: z.int().nonnegative().describe('Counties with HUD income limits (an addition to the spec)'),
        housing_agencies: z.int().nonnegative().describe("Public housing agencies of the state whose office is placed in one of its counties (an addition to the spec)"),
        counties_with_housing_agencies: z.int().nonnegative().describe('Counties with at least one housing agency office (an addition to the spec)'),
        housing_agencies_with_area: z.int().nonnegative().describe('Housing agencies whose voucher area is known from their own pages (an addition to the spec)'),
        counties_with_agency_area: z.int().nonnegative().describe("Counties that at least one agency's known voucher area covers, all or part (an addition to the spec)"),
      })
      .strict(),
    vintages: Vintages,
    notices: z
      .array(z.string())
      .describe('Plain sentences saying where the data is older than it should be on the build date (an FMR year no longer in effect, an old market rent index); empty when it is current (an addition to the spec)'),
    content_sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('sha256 of the content of every ZIP, county and section-8 record (without meta and lastmod): changes whenever any published value does, even when generated_at does not (an addition to the spec)'),
    endpoints: z.array(EndpointInfo),
    bulk: z.array(BulkFileInfo).describe('The bulk files with their size and sha256 (an addition to the spec)'),
    agent_server: z
      .object({
        url: z.url().describe('The MCP endpoint: connect a client that takes a URL to it'),
        transport: z.literal('streamable-http').describe('Streamable HTTP, stateless'),
      })
      .strict()
      .nullable()
      .describe('Where this deployment serves the agent server (MCP) over HTTP; null where it serves none (an addition to the spec)'),
    translation_reports_url: z
      .url()
      .describe("Where a reader reports a mistake in a translated page (the build's --report-url; by default the project's issue tracker); each translated page links to it (an addition to the spec)"),
  })
  .strict();

// What changed between builds: an addition to the spec (/api/v1/changes.json).
const factValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const FieldChange = z
  .object({ field: z.string().describe('Field, dotted for nested ones: fmr.br2, zori_latest.rent, medians.fmr2'), old: factValue, new: factValue })
  .strict();

export const ChangeEntry = z
  .object({
    generated_at: z.iso.datetime().describe('The build that made these changes'),
    previous_generated_at: z.iso.datetime().nullable().describe('The build it was compared with; null on the first publication'),
    first_publication: z.boolean(),
    summary: z.string().describe('What changed, in a sentence or two'),
    zips: z
      .object({
        added: z.array(zip),
        removed: z.array(zip),
        changed: z.array(z.object({ zip, fields: z.array(FieldChange) }).strict()),
      })
      .strict(),
    counties: z
      .object({
        added: z.array(slug),
        removed: z.array(slug),
        changed: z.array(z.object({ county_slug: slug, fields: z.array(FieldChange) }).strict()),
      })
      .strict(),
    fmr2_decreases: z
      .array(z.object({ zip, city: z.string(), old: dollars, new: dollars }).strict())
      .describe('ZIP codes whose 2-bedroom Small Area FMR fell: a cut in the payment standard surprises tenants'),
  })
  .strict()
  .register(contractRegistry, { id: 'ChangeEntry', description: 'One build that changed published values, against the build before it' });

export const ChangesRecord = z
  .object({
    generated_at: z.iso.datetime(),
    previous_generated_at: z.iso.datetime().nullable(),
    entries: z.array(ChangeEntry).max(24).describe('Newest first; a build that changed nothing adds none; at most 24 kept'),
  })
  .strict();

export const ChangesDoc = z
  .object({ meta: Meta, ...ChangesRecord.shape })
  .strict()
  .register(contractRegistry, { id: 'ChangesDoc', description: 'What changed in each recent build: ZIP codes and counties added, removed and changed, field by field' });

export const MetaDoc = z
  .object({ meta: Meta, ...MetaRecord.shape })
  .strict()
  .register(contractRegistry, { id: 'MetaDoc', description: 'Counts, source vintages and the endpoint list; poll it to see whether anything changed' });

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
  })
  .register(contractRegistry, { id: 'Problem', description: 'RFC 9457 problem details, for 404 under /api/' });

/**
 * The endpoint table: what `meta.json` lists, what openapi.json describes, what routes fill in.
 * `response` is the registered schema of the answer; `parameter` the path value, if any.
 */
export const ENDPOINTS = [
  {
    operation_id: 'listZips',
    method: 'GET',
    path: '/api/v1/index.json',
    summary: 'Every published ZIP code with its latest FMR, market rent and voucher spread',
    description:
      'One row per published ZIP code of the state, sorted by ZIP: place, latest Small Area FMR by bedroom count, its change on the year before, ' +
      'the latest market rent index, the voucher spread on the Small Area and the area-wide FMR, coordinates, page URL and lastmod. ' +
      'The same rows appear in county responses.',
    response: ZipIndex,
  },
  {
    operation_id: 'getZip',
    method: 'GET',
    path: '/api/v1/zip/{zip}.json',
    summary: 'One ZIP code: FMR by fiscal year, monthly market rent, census rent, spread and nearby ZIPs',
    description:
      'Everything published for one ZIP code: Small Area FMR for every fiscal year read, every HUD FMR area it lies in with the area-wide FMR, ' +
      'the monthly market rent index, the Census ACS median gross rent, the voucher spread on both bases and the six nearest ZIP codes people live in. ' +
      'An unpublished ZIP code answers 404 with a problem document.',
    response: ZipDetail,
    parameter: { name: 'zip', description: 'Five-digit ZIP code', schema: ZipCode },
  },
  {
    operation_id: 'getCounty',
    method: 'GET',
    path: '/api/v1/county/{slug}.json',
    summary: 'One county: medians and its ZIP codes',
    description: "Medians over the county's ZIP rows (2-bedroom Small Area and area-wide FMR, market rent, FMR change) and every ZIP code placed in the county. Every county of the state has a file, even one without a published ZIP code.",
    response: CountyDetail,
    parameter: {
      name: 'slug',
      description: "County slug: lowercase county name with each run of non-alphanumeric characters collapsed to one hyphen (St. Mary's → st-mary-s)",
      schema: CountySlug,
    },
  },
  {
    operation_id: 'getSectionEight',
    method: 'GET',
    path: '/api/v1/section-8.json',
    summary: 'The voucher spread: ZIP codes with both a 2-bedroom FMR and a market rent',
    description: 'The ZIP codes with both a 2-bedroom Small Area FMR and a market rent index: the spread (market rent minus FMR) in dollars and percent, whether the FMR reaches the market rent, the same on the area-wide FMR, and a summary.',
    response: SectionEight,
  },
  {
    operation_id: 'getChanges',
    method: 'GET',
    path: '/api/v1/changes.json',
    summary: 'What changed in each recent build, field by field; FMR decreases called out',
    description:
      'For each recent build that changed published values (newest first, at most 24): the ZIP codes and counties added, removed and changed, ' +
      'each changed one with the fields that changed and their old and new values, and the ZIP codes whose 2-bedroom FMR fell. ' +
      'A client that missed a month catches up here; an Atom feed of the same entries is at /changes.xml.',
    response: ChangesDoc,
  },
  {
    operation_id: 'getMeta',
    method: 'GET',
    path: '/api/v1/meta.json',
    summary: 'Counts, source vintages and endpoints; poll meta.generated_at for changes',
    description: 'Counts, the source files read with their years, months and sha256, notices where the data is older than it should be, a hash of all published content, and this list of endpoints. Poll it (content_sha256 or meta.generated_at) to learn whether anything changed.',
    response: MetaDoc,
  },
] as const satisfies readonly (EndpointInfo & { description: string; response: z.ZodType; parameter?: { name: 'zip' | 'slug'; description: string; schema: z.ZodString } })[];

export type OperationId = (typeof ENDPOINTS)[number]['operation_id'];

/** The path of an endpoint with its `{parameter}` filled in: `apiPath('getZip', { zip: '55104' })`. */
export function apiPath(operationId: OperationId, parameters: Record<string, string> = {}): string {
  const endpoint = ENDPOINTS.find((e) => e.operation_id === operationId);
  if (!endpoint) throw new Error(`no endpoint ${operationId}`);
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`${operationId} needs {${name}}`);
    return value;
  });
}

export type Meta = z.infer<typeof Meta>;
export type BedroomRents = z.infer<typeof BedroomRents>;
export type ZoriLatest = z.infer<typeof ZoriLatest>;
export type CountyZori = z.infer<typeof CountyZori>;
export type HudArea = z.infer<typeof HudArea>;
export type IndexZip = z.infer<typeof IndexZip>;
export type HousingAgency = z.infer<typeof HousingAgency>;
export type AgencySource = z.infer<typeof AgencySource>;
export type ZipRecord = z.infer<typeof ZipRecord>;
export type ZipDetail = z.infer<typeof ZipDetail>;
export type CountyRecord = z.infer<typeof CountyRecord>;
export type CountyDetail = z.infer<typeof CountyDetail>;
export type SectionEightRecord = z.infer<typeof SectionEightRecord>;
export type SectionEightRow = z.infer<typeof SectionEightRow>;
export type MetaRecord = z.infer<typeof MetaRecord>;
export type Vintages = z.infer<typeof Vintages>;
export type SourceFile = z.infer<typeof SourceFile>;
export type EndpointInfo = z.infer<typeof EndpointInfo>;
export type CountyMedians = z.infer<typeof CountyMedians>;
export type Coordinates = z.infer<typeof Coordinates>;
export type IncomeLimits = z.infer<typeof IncomeLimits>;
export type HousingWage = z.infer<typeof HousingWage>;
export type MetaDoc = z.infer<typeof MetaDoc>;
export type ChangeEntry = z.infer<typeof ChangeEntry>;
export type ChangesRecord = z.infer<typeof ChangesRecord>;
export type ChangesDoc = z.infer<typeof ChangesDoc>;
export type ZipIndex = z.infer<typeof ZipIndex>;
export type SectionEight = z.infer<typeof SectionEight>;

export { BEDROOMS } from './bedrooms.ts';

// Made without zod: a module that only builds documents from records need not build every schema.
