// The whole country in one file: the root's zips, counties and housing agencies tables, made by the
// index build from each state's own bulk CSV (row for row the same values, a `state` column in
// front), written as CSV, Parquet and a data package as a state's are. Pure: the states' tables in,
// files out.
import Papa from 'papaparse';
import { ExpectedError } from '../errors.ts';
import { type BulkField, type BulkFile, type BulkTable, type BulkTableName, dataPackage, MEDIA_TYPES } from '../contract/bulk-tables.ts';
import { LICENSE } from '../contract/service.ts';
import { fileOf, toCsv, toParquet } from './bulk-files.ts';

/** The tables the root carries for the whole country. */
export const NATIONAL_TABLES = ['zips', 'counties', 'housing_agencies', 'agency_counties'] as const satisfies readonly BulkTableName[];
export type NationalTable = (typeof NATIONAL_TABLES)[number];
/**
 * Tables a state built before they existed does not have: its live files, kept for a state whose
 * build failed today (deploy:previous --index-files), add no rows to them.
 */
export const NEWER_TABLES: readonly NationalTable[] = ['housing_agencies', 'agency_counties'];
/** Every file name the root's api/v1/bulk/ holds. */
export const NATIONAL_FILE_NAMES = [...NATIONAL_TABLES.map((t) => `${t}.csv`), ...NATIONAL_TABLES.map((t) => `${t}.parquet`), 'datapackage.json'];

/** A table's resource in a state's datapackage.json, as bulk-tables.ts writes it. */
export interface StateResource {
  name: string;
  title: string;
  description: string;
  schema: { fields: BulkField[]; primaryKey: string[] };
}

/** One state's bulk table as its build wrote it: `path` names the CSV in messages. */
export interface StateTable {
  path: string;
  csv: string;
  resource: StateResource;
}

/** One state's bulk tables; a state built before the newer tables lacks them. */
export interface StateTables {
  code: string;
  tables: Record<'zips' | 'counties', StateTable> & Partial<Record<NationalTable, StateTable>>;
}

/** How each national table refers to the others: every key with the state in front. */
const NATIONAL_KEYS: Record<NationalTable, { primaryKey: (own: string[]) => string[]; foreignKeys: BulkTable['foreignKeys'] }> = {
  zips: { primaryKey: () => ['zip'], foreignKeys: [{ fields: ['state', 'county_slug'], reference: { resource: 'counties', fields: ['state', 'county_slug'] } }] },
  counties: { primaryKey: (own) => ['state', ...own], foreignKeys: [] },
  housing_agencies: { primaryKey: (own) => ['state', ...own], foreignKeys: [{ fields: ['state', 'county_slug'], reference: { resource: 'counties', fields: ['state', 'county_slug'] } }] },
  agency_counties: {
    primaryKey: (own) => ['state', ...own],
    foreignKeys: [
      { fields: ['state', 'county_slug'], reference: { resource: 'counties', fields: ['state', 'county_slug'] } },
      { fields: ['state', 'code'], reference: { resource: 'housing_agencies', fields: ['state', 'code'] } },
    ],
  },
};

const STATE_FIELD: BulkField = { name: 'state', type: 'string', description: 'USPS code of the state (MN); the state\'s own tables are under /{state in lower case}/api/v1/bulk/' };

/** A CSV cell as its Table Schema type says, '' as null; anything else is the state file's fault. */
function cell(text: string, field: BulkField, where: () => string): string | number | boolean | null {
  if (text === '') return null;
  if (field.type === 'integer' || field.type === 'number') {
    const value = Number(text);
    if (!Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value))) throw new ExpectedError(`${where()}: "${text}" is not ${field.type === 'integer' ? 'a whole number' : 'a number'}; rebuild the state`);
    return value;
  }
  if (field.type === 'boolean') {
    if (text !== 'true' && text !== 'false') throw new ExpectedError(`${where()}: "${text}" is not true or false; rebuild the state`);
    return text === 'true';
  }
  return text;
}

/** One national table: every state's rows in the order given, each with its state's code in front; a state without the table (built before it) adds none. */
function nationalTable(name: NationalTable, states: readonly StateTables[]): BulkTable {
  const having = states.filter((state) => state.tables[name] !== undefined);
  const first = having[0]?.tables[name];
  if (!first) throw new ExpectedError(states.length === 0 ? 'no state is built here: the national tables need at least one' : `no state here has ${name}.csv: build a state with this version first`);
  const { resource } = first;
  const columns = resource.schema.fields.map((f) => f.name).join(',');
  const rows: (string | number | boolean | null)[][] = [];
  for (const state of having) {
    const { path, csv, resource: own } = state.tables[name] as StateTable;
    if (own.schema.fields.map((f) => f.name).join(',') !== columns) throw new ExpectedError(`${path}: its columns are not ${having[0]?.code ?? ''}'s (${columns}); build every state with the same version`);
    const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    const problem = parsed.errors[0];
    if (problem) throw new ExpectedError(`${path}, row ${(problem.row ?? 0) + 1}: ${problem.message}`);
    const [header, ...body] = parsed.data;
    if (header?.join(',') !== columns) throw new ExpectedError(`${path}: the header row is not the columns its datapackage.json names; rebuild the state`);
    body.forEach((values, i) => {
      if (values.length !== own.schema.fields.length) throw new ExpectedError(`${path}, row ${i + 2}: ${values.length} cells for ${own.schema.fields.length} columns; rebuild the state`);
      rows.push([state.code, ...values.map((text, c) => cell(text, own.schema.fields[c] as BulkField, () => `${path}, row ${i + 2}, column ${(own.schema.fields[c] as BulkField).name}`))]);
    });
  }
  const keys = NATIONAL_KEYS[name];
  return {
    name,
    title: `${resource.title}, every state`,
    description: `${resource.description.replace(/ of the state\b/, '')} The rows of each state's own ${name}.csv, the state's code first.`,
    fields: [STATE_FIELD, ...resource.schema.fields],
    // A ZIP code is in one state only (the states table gives each its state); a county slug and an agency's code are unique in their state.
    primaryKey: keys.primaryKey(resource.schema.primaryKey),
    foreignKeys: keys.foreignKeys,
    rows,
  };
}

/**
 * The root's bulk files: zips and counties of every state, as CSV and Parquet, and their data
 * package (last: it hashes the others). `states` in the order the rows are to come.
 */
export function nationalBulkFiles(states: readonly StateTables[], site: string, sources: string): BulkFile[] {
  const tables = NATIONAL_TABLES.map((name) => nationalTable(name, states));
  const encoder = new TextEncoder();
  const files = [
    ...tables.map((t) => fileOf(`${t.name}.csv`, MEDIA_TYPES.csv, encoder.encode(toCsv(t)))),
    ...tables.map((t) => fileOf(`${t.name}.parquet`, MEDIA_TYPES.parquet, toParquet(t))),
  ];
  const about = {
    name: 'rent-data-by-state',
    title: 'Rent data by state',
    description: `Fair Market Rents, the market rent index, census rents, HUD income limits and the housing agencies that serve each county, of ${states.length === 1 ? 'one state' : `${states.length} states`} by ZIP code and county, in one table each, as CSV and Parquet.`,
  };
  const attribution = `Rent data by state (${LICENSE.name}): the tables of ${states.map((s) => s.code).join(', ')}, each credited in its own data package. ${sources}`;
  const pkg = encoder.encode(`${JSON.stringify(dataPackage(about, tables, files, attribution, site), null, 2)}\n`);
  return [...files, fileOf('datapackage.json', MEDIA_TYPES.json, pkg)];
}
