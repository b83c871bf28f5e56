// Example responses for the docs page: real records, with long lists cut so a reader sees the shape.
import type { ChangesRecord, CountyRecord, Meta, MetaRecord, SectionEightRecord, ZipRecord } from '../contract/schemas.ts';
import { changesDocument, countyDocument, sectionEightDocument, zipDocument, zipIndexDocument } from './api-documents.ts';

const cut = <T>(items: readonly T[], keep: number) => items.slice(0, keep);

export interface Examples {
  zip: ZipRecord;
  county: CountyRecord;
  sectionEight: SectionEightRecord;
  meta: Meta;
  record: MetaRecord;
  indexRows: readonly ZipRecord[];
  changes: ChangesRecord;
}

/** The example body of each operation, as JSON text (lists shortened, marked by a comment line). */
export function exampleResponses(e: Examples): Record<string, string> {
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const index = zipIndexDocument(e.meta, e.indexRows);
  return {
    listZips: json({ ...index, zips: cut(index.zips, 1) }),
    getZip: json(zipDocument(e.meta, { ...e.zip, zori_monthly: cut(e.zip.zori_monthly, 2), nearby: cut(e.zip.nearby, 2) })),
    getCounty: json(countyDocument(e.meta, { ...e.county, zips: cut(e.county.zips, 1) })),
    getSectionEight: json(sectionEightDocument(e.meta, { ...e.sectionEight, rows: cut(e.sectionEight.rows, 2) })),
    getChanges: json(changesDocument(e.meta, { ...e.changes, entries: cut(e.changes.entries, 1) })),
    getMeta: json({ meta: e.meta, ...e.record, vintages: { hud_safmr: { ...e.record.vintages.hud_safmr, files: cut(e.record.vintages.hud_safmr.files, 1) } }, bulk: cut(e.record.bulk, 2) }),
  };
}

/**
 * How to read the zips table with its types as the contract means them (the ZIP code as text, so a
 * leading zero stays; `lastmod` as a date), one line per tool, for the CSV and for the Parquet file.
 * The docs page and the README show these; the DuckDB line is run by the tests.
 */
export function bulkReadingLines(base: string): { tool: string; csv: string; parquet: string }[] {
  const url = (file: string) => `${base}/api/v1/bulk/${file}`;
  return [
    { tool: 'pandas', csv: `pd.read_csv("${url('zips.csv')}", dtype={"zip": "string"}, parse_dates=["lastmod"])`, parquet: `pd.read_parquet("${url('zips.parquet')}")` },
    { tool: 'R', csv: `readr::read_csv("${url('zips.csv')}", col_types = readr::cols(zip = "c", lastmod = readr::col_date()))`, parquet: `arrow::read_parquet("${url('zips.parquet')}")` },
    { tool: 'DuckDB', csv: `SELECT * FROM read_csv('${url('zips.csv')}', types = {'zip': 'VARCHAR', 'lastmod': 'DATE'})`, parquet: `SELECT * FROM '${url('zips.parquet')}'` },
    { tool: 'polars', csv: `pl.read_csv("${url('zips.csv')}", schema_overrides={"zip": pl.String, "lastmod": pl.Date})`, parquet: `pl.read_parquet("${url('zips.parquet')}")` },
  ];
}
