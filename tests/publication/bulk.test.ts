// The bulk files of the real build: every CSV parses back (papaparse) to the JSON records, Parquet
// readers none of us wrote (DuckDB, hyparquet, polars) read every Parquet file to the same counts,
// sums and values, and the data package's hashes, sizes and schemas match the files.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Package } from 'datapackage';
import { parquetReadObjects } from 'hyparquet';
import pl from 'nodejs-polars';
import Papa from 'papaparse';
import { describe, expect, inject, it } from 'vitest';
import { BULK_TABLES } from '../../src/lib/contract/bulk-tables.ts';
import type { CountyRecord, SectionEight, ZipDetail } from '../../src/lib/contract/schemas.ts';
import { compareCodePoints } from '../../src/lib/order.ts';
import { bulkReadingLines } from '../../src/lib/publication/docs-examples.ts';

const site = inject('builtSite');
const bulk = join(site, 'api', 'v1', 'bulk');
const readJson = async <T>(path: string) => JSON.parse(await readFile(join(site, path), 'utf8')) as T;

interface Resource { name: string; profile: string; path: string; format: string; bytes: number; hash: string; schema?: { fields: { name: string; type: string }[]; primaryKey: string[] } }
const pkg = await readJson<{ resources: Resource[]; licenses: { name: string }[] }>('api/v1/bulk/datapackage.json');
const zips = await Promise.all((await readdir(join(site, 'api', 'v1', 'zip'))).filter((f) => f.endsWith('.json')).sort().map((f) => readJson<ZipDetail>(`api/v1/zip/${f}`)));
// Sorted by slug, as the JSON lists them ("lake" before "lake-of-the-woods", unlike their file names).
const counties = (await Promise.all((await readdir(join(site, 'api', 'v1', 'county'))).filter((f) => f.endsWith('.json')).map((f) => readJson<CountyRecord>(`api/v1/county/${f}`)))).sort((a, b) => compareCodePoints(a.county_slug, b.county_slug));
const sectionEight = await readJson<SectionEight>('api/v1/section-8.json');

/** A CSV table typed by its Table Schema: '' is null, integers and numbers as numbers, booleans as booleans. */
async function csvRows(table: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(bulk, `${table}.csv`), 'utf8');
  const resource = pkg.resources.find((r) => r.path === `${table}.csv`);
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(resource?.schema?.fields.map((f) => f.name));
  expect(text.endsWith('\n') && !text.includes('\r') && !text.startsWith('\uFEFF')).toBe(true);
  const types = new Map(resource?.schema?.fields.map((f) => [f.name, f.type]));
  return parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === '' ? null : types.get(k) === 'string' || types.get(k) === 'date' ? v : types.get(k) === 'boolean' ? v === 'true' : Number(v)])),
  );
}

describe('CSV: parses back to the JSON records', () => {
  it('zips.csv: one row per ZIP response, every column its field', async () => {
    const rows = await csvRows('zips');
    expect(rows).toHaveLength(911);
    expect(rows.map((r) => r.zip)).toEqual(zips.map((z) => z.zip));
    rows.forEach((row, i) => {
      const z = zips[i] as ZipDetail;
      expect(row).toEqual({
        zip: z.zip, city: z.city, county: z.county, county_slug: z.county_slug, metro: z.metro, fmr_fiscal_year: z.fmr_latest_fy,
        fmr_br0: z.fmr.br0, fmr_br1: z.fmr.br1, fmr_br2: z.fmr.br2, fmr_br3: z.fmr.br3, fmr_br4: z.fmr.br4, fmr2_yoy_pct: z.fmr2_yoy_pct,
        area_fmr_br0: z.area_fmr?.br0 ?? null, area_fmr_br1: z.area_fmr?.br1 ?? null, area_fmr_br2: z.area_fmr?.br2 ?? null, area_fmr_br3: z.area_fmr?.br3 ?? null, area_fmr_br4: z.area_fmr?.br4 ?? null,
        zori_latest_month: z.zori_latest?.month ?? null, zori_latest_rent: z.zori_latest?.rent ?? null,
        spread: z.spread, spread_pct: z.spread_pct, voucher_competitive: z.voucher_competitive,
        area_spread: z.area_spread, area_spread_pct: z.area_spread_pct, area_voucher_competitive: z.area_voucher_competitive,
        zori_lag_months: z.zori_lag_months, acs_median_gross_rent: z.acs?.median_gross_rent ?? null,
        housing_wage_2br: z.housing_wage.small_area.br2, area_housing_wage_2br: z.housing_wage.area?.br2 ?? null,
        latitude: z.coordinates?.latitude ?? null, longitude: z.coordinates?.longitude ?? null, url: z.url, lastmod: z.lastmod,
      });
    });
  });

  it('fmr_history.csv and zori_monthly.csv: every year and month of every ZIP', async () => {
    expect(await csvRows('fmr_history')).toEqual(zips.flatMap((z) => Object.entries(z.fmr_by_fy).map(([fy, r]) => ({ zip: z.zip, fiscal_year: Number(fy), ...r }))));
    expect(await csvRows('zori_monthly')).toEqual(zips.flatMap((z) => z.zori_monthly.map((p) => ({ zip: z.zip, month: p.month, rent: p.rent }))));
  });

  it('counties.csv and section_8.csv', async () => {
    expect(await csvRows('counties')).toEqual(
      counties.map((c) => ({
        county: c.county, county_slug: c.county_slug, zip_count: c.zip_count, zori_zip_count: c.zori_zip_count,
        median_fmr2: c.medians.fmr2, median_market_rent: c.medians.market_rent, median_fmr2_yoy_pct: c.medians.fmr2_yoy_pct, median_area_fmr2: c.medians.area_fmr2,
        housing_wage_2br: c.housing_wage.small_area.br2, area_housing_wage_2br: c.housing_wage.area?.br2 ?? null,
        county_market_rent: c.zori_county?.latest.rent ?? null, county_market_rent_month: c.zori_county?.latest.month ?? null, url: c.url, lastmod: c.lastmod,
      })),
    );
    expect(await csvRows('section_8')).toEqual(sectionEight.rows);
  });
});

/** What a Parquet reader must give for a few ZIPs: their JSON values, nulls and the date included. */
const SAMPLE_ZIPS = ['55104', '55401', '56763'];
const SAMPLE_COLUMNS = ['zip', 'fmr_br2', 'zori_latest_rent', 'voucher_competitive', 'area_voucher_competitive', 'lastmod'] as const;
function expectedRow(zip: string): Record<(typeof SAMPLE_COLUMNS)[number], unknown> {
  const json = zips.find((z) => z.zip === zip);
  return {
    zip,
    fmr_br2: json?.fmr.br2,
    zori_latest_rent: json?.zori_latest?.rent ?? null,
    voucher_competitive: json?.voucher_competitive,
    area_voucher_competitive: json?.area_voucher_competitive,
    lastmod: new Date(`${json?.lastmod}T00:00:00Z`),
  };
}

describe('Parquet: DuckDB reads every file', () => {
  const sum = (values: (number | null)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);

  it('gives the counts and sums the JSON gives, with text ZIPs and integer rents', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const one = async (sql: string) => (await c.runAndReadAll(sql)).getRows()[0] ?? [];
    const file = (t: string) => `'${join(bulk, `${t}.parquet`)}'`;
    expect(await one(`select count(*), sum(fmr_br2), typeof(any_value(zip)), typeof(any_value(fmr_br2)), count(zori_latest_rent) from ${file('zips')}`)).toEqual([
      911n, BigInt(sum(zips.map((z) => z.fmr.br2))), 'VARCHAR', 'INTEGER', BigInt(zips.filter((z) => z.zori_latest).length),
    ]);
    expect(await one(`select count(*), sum(br2) from ${file('fmr_history')}`)).toEqual([
      BigInt(zips.reduce((n, z) => n + Object.keys(z.fmr_by_fy).length, 0)), BigInt(sum(zips.flatMap((z) => Object.values(z.fmr_by_fy).map((r) => r.br2)))),
    ]);
    const [months, rentSum] = await one(`select count(*), sum(rent) from ${file('zori_monthly')}`);
    expect(months).toBe(BigInt(zips.reduce((n, z) => n + z.zori_monthly.length, 0)));
    expect(rentSum).toBeCloseTo(sum(zips.flatMap((z) => z.zori_monthly.map((p) => p.rent))), 4);
    expect(await one(`select count(*), sum(zip_count) from ${file('counties')}`)).toEqual([87n, 911n]);
    expect(await one(`select count(*), sum(spread), count_if(voucher_competitive) from ${file('section_8')}`)).toEqual([
      BigInt(sectionEight.rows.length), BigInt(sum(sectionEight.rows.map((r) => r.spread))), BigInt(sectionEight.summary.voucher_competitive_count),
    ]);
    // Dates are DATE, as the contract has them; the flags BOOLEAN.
    expect(await one(`select typeof(any_value(lastmod)), typeof(any_value(voucher_competitive)), min(lastmod)::VARCHAR from ${file('zips')}`)).toEqual(['DATE', 'BOOLEAN', '2026-01-01']);
    // The docs' DuckDB line for the CSV reads the ZIP code as text and the date as a date.
    const csvLine = bulkReadingLines('https://SITE').find((l) => l.tool === 'DuckDB')?.csv ?? '';
    expect(await one(csvLine.replace('SELECT *', "SELECT typeof(any_value(zip)), typeof(any_value(lastmod)), count(*)").replace('https://SITE/api/v1/bulk/', `${bulk}/`))).toEqual(['VARCHAR', 'DATE', 911n]);
    c.closeSync();
  });

  it('hyparquet (another reader none of us wrote) reads the same rows as the JSON, nulls and dates included', async () => {
    const bytes = await readFile(join(bulk, 'zips.parquet'));
    const rows = await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), columns: [...SAMPLE_COLUMNS] });
    expect(rows).toHaveLength(zips.length);
    for (const zip of SAMPLE_ZIPS) expect(rows.find((r) => r.zip === zip), zip).toEqual(expectedRow(zip));
  });
});

describe('Parquet: polars (its Rust engine, npm nodejs-polars) reads every file', () => {
  it('as many rows as each CSV, the ZIP as text, dates as dates, booleans with their nulls, values equal to the JSON', async () => {
    for (const table of BULK_TABLES) expect(pl.readParquet(join(bulk, `${table}.parquet`)).height, table).toBe((await csvRows(table)).length);
    const df = pl.readParquet(join(bulk, 'zips.parquet'));
    const schema = df.schema as Record<string, unknown>;
    expect(['zip', 'lastmod', 'voucher_competitive', 'fmr_br2'].map((column) => String(schema[column]))).toEqual(['DataType(String)', 'DataType(Date)', 'DataType(Bool)', 'DataType(Int32)']);
    for (const zip of SAMPLE_ZIPS) {
      const [row] = df.filter(pl.col('zip').eq(pl.lit(zip))).select(...SAMPLE_COLUMNS).toRecords();
      expect(row, zip).toEqual(expectedRow(zip));
    }
    const limits = pl.readParquet(join(bulk, 'income_limits.parquet'));
    const [hennepin] = limits.filter(pl.col('county_slug').eq(pl.lit('hennepin'))).select('county_fips', 'effective_date', 'very_low_4').toRecords();
    const county = counties.find((c) => c.county_slug === 'hennepin');
    expect(hennepin).toEqual({ county_fips: '27053', effective_date: new Date(`${county?.income_limits?.effective_date}T00:00:00Z`), very_low_4: county?.income_limits?.very_low['4'] });
  });
});

describe('the data package, in the Frictionless tools (datapackage-js)', () => {
  it('is valid with 0 errors, and every CSV table reads with its types and foreign keys', async () => {
    const dataPackage = await Package.load(join(bulk, 'datapackage.json'), { basePath: bulk });
    expect(dataPackage.errors).toEqual([]);
    expect(dataPackage.valid).toBe(true);
    const counts: Record<string, number> = {};
    for (const resource of dataPackage.resources.filter((r) => r.tabular)) {
      expect(resource.valid, resource.name).toBe(true);
      counts[resource.name] = (await resource.read({ keyed: true, relations: true })).length;
    }
    expect(counts).toEqual({
      zips: zips.length,
      fmr_history: zips.reduce((n, z) => n + Object.keys(z.fmr_by_fy).length, 0),
      zori_monthly: zips.reduce((n, z) => n + z.zori_monthly.length, 0),
      counties: counties.length,
      section_8: sectionEight.rows.length,
      income_limits: counties.filter((c) => c.income_limits !== null).length,
      // Every agency a county lists, once (135 in Minnesota), and each county's list, an agency a row (an agency that serves several counties is in each).
      housing_agencies: new Set(counties.flatMap((c) => c.housing_agencies.map((a) => a.code))).size,
      agency_counties: counties.reduce((n, c) => n + c.housing_agencies.length, 0),
    });
    // By hand: St. Paul's agency once, with its office's county; Metro HRA in the four counties its area covers, and in none else.
    const agencies = (await dataPackage.getResource('housing_agencies')?.read({ keyed: true })) as Record<string, unknown>[];
    expect(agencies.find((a) => a.code === 'MN001')).toMatchObject({ short_name: 'St. Paul PHA', voucher_count: 5086, county_slug: 'ramsey', serves: 'the City of Saint Paul', payment_standard_basis: 'area' });
    const byCounty = (await dataPackage.getResource('agency_counties')?.read({ keyed: true })) as Record<string, unknown>[];
    expect(byCounty.filter((r) => r.code === 'MN163').map((r) => `${String(r.county_slug)} ${String(r.serves_here)} ${String(r.rank)}`)).toEqual(['anoka all 1', 'carver all 1', 'hennepin part 1', 'ramsey part 1']);
    // The types as the contract means them: the ZIP code as text, the date as a date.
    const [first] = (await dataPackage.getResource('zips')?.read({ keyed: true, limit: 1 })) ?? [];
    expect(first).toMatchObject({ zip: '55001', lastmod: new Date('2026-01-01T00:00:00Z') });
  }, 60_000);
});

describe('the data package and meta.json', () => {
  it('hashes and sizes every file as it is, with a schema per table and the licence', async () => {
    expect(pkg.resources.map((r) => r.path).sort()).toEqual((await readdir(bulk)).filter((f) => /\.(csv|parquet)$/.test(f)).sort());
    for (const r of pkg.resources) {
      const bytes = await readFile(join(bulk, r.path));
      expect(r.bytes, r.path).toBe(bytes.length);
      expect(r.hash, r.path).toBe(`sha256:${createHash('sha256').update(bytes).digest('hex')}`);
      // A Table Schema for each CSV; a Parquet file carries its own.
      expect([r.format, r.profile], r.path).toEqual(r.format === 'csv' ? ['csv', 'tabular-data-resource'] : ['parquet', 'data-resource']);
      if (r.schema) expect(r.schema.primaryKey.every((k) => r.schema?.fields.some((f) => f.name === k))).toBe(true);
    }
    expect(pkg.licenses).toEqual([expect.objectContaining({ name: 'CC-BY-4.0' })]);
  });

  it('meta.json lists every bulk file with its bytes and sha256', async () => {
    const meta = await readJson<{ bulk: { path: string; bytes: number; sha256: string }[] }>('api/v1/meta.json');
    expect(meta.bulk).toHaveLength(17);
    for (const file of meta.bulk) {
      const bytes = await readFile(join(site, file.path));
      expect([file.bytes, file.sha256]).toEqual([bytes.length, createHash('sha256').update(bytes).digest('hex')]);
    }
  });
});
