// The bulk files' bytes: each table of bulk.ts as CSV and Parquet, and the data package that
// describes and hashes them. Pure: records in, bytes out. Made on the dataset's thread only.
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { parquetWriteBuffer, schemaFromColumnData } from 'hyparquet-writer';
import type { StateScope } from '../states.ts';
import { type BulkFile, type BulkTable, bulkTables, dataPackage, MEDIA_TYPES, statePackage } from '../contract/bulk-tables.ts';

/** RFC 4180 with a header row, `\n` line ends, UTF-8 without BOM; an empty cell for null; text quoted. */
export function toCsv(table: BulkTable): string {
  const body = Papa.unparse(
    { fields: table.fields.map((field) => field.name), data: table.rows.map((row) => row.map((cell) => (cell === null ? '' : cell))) },
    // Text cells quoted (a hint to spreadsheets that "55104" is text), a null an empty, unquoted cell.
    { newline: '\n', quotes: (value: unknown, column: number) => value !== '' && table.fields[column]?.type === 'string', quoteChar: '"', escapeChar: '"', header: true },
  );
  return `${body}\n`;
}

const PARQUET_TYPE = { string: 'STRING', integer: 'INT32', number: 'DOUBLE', boolean: 'BOOLEAN' } as const;
const DAY_MS = 86_400_000;

/**
 * One Parquet file per table, typed as every common reader takes it: text as UTF-8 strings,
 * integers as INT32, numbers as DOUBLE, dates as DATE (days since 1970), booleans PLAIN-encoded
 * (fastparquet cannot decode the RLE-encoded booleans the writer would choose otherwise).
 */
export function toParquet(table: BulkTable): Uint8Array<ArrayBuffer> {
  const columns = table.fields.map((field, i) => ({
    name: field.name,
    data: table.rows.map((row) => {
      const value = row[i] ?? null;
      return field.type === 'date' && typeof value === 'string' ? Date.parse(`${value}T00:00:00Z`) / DAY_MS : value;
    }),
    ...(field.type === 'boolean' ? { encoding: 'PLAIN' as const } : {}),
  }));
  const schema = schemaFromColumnData({
    columnData: columns.map((column, i) => {
      const type = table.fields[i]?.type ?? 'string';
      return type === 'date' ? column : { ...column, type: PARQUET_TYPE[type] };
    }),
    schemaOverrides: Object.fromEntries(
      table.fields.filter((field) => field.type === 'date').map(({ name }) => [name, { name, type: 'INT32' as const, converted_type: 'DATE' as const, logical_type: { type: 'DATE' as const }, repetition_type: 'OPTIONAL' as const }]),
    ),
  });
  return new Uint8Array(parquetWriteBuffer({ columnData: columns, schema }));
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const fileOf = (name: string, mediaType: string, bytes: Uint8Array<ArrayBuffer>): BulkFile => ({ name, mediaType, bytes, sha256: sha256(bytes) });

/** Every bulk file, the data package last (it hashes the others). */
export function bulkFiles(state: StateScope, records: Parameters<typeof bulkTables>[0], attribution: string, site: string): BulkFile[] {
  const tables = bulkTables(records);
  const encoder = new TextEncoder();
  const files = [
    ...tables.map((t) => fileOf(`${t.name}.csv`, MEDIA_TYPES.csv, encoder.encode(toCsv(t)))),
    ...tables.map((t) => fileOf(`${t.name}.parquet`, MEDIA_TYPES.parquet, toParquet(t))),
  ];
  const pkg = encoder.encode(`${JSON.stringify(dataPackage(statePackage(state), tables, files, attribution, site), null, 2)}\n`);
  return [...files, fileOf('datapackage.json', MEDIA_TYPES.json, pkg)];
}
