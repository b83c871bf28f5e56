// The whole country in one file: the root's zips and counties tables, made by the index build from
// each state's own bulk CSV (row for row the same values, a `state` column in front), written as
// CSV, Parquet and a data package as a state's are. Pure: the states' tables in, files out.
import Papa from 'papaparse';
import { ExpectedError } from '../errors.ts';
import { type BulkField, type BulkFile, type BulkTable, type BulkTableName, dataPackage, MEDIA_TYPES } from '../contract/bulk-tables.ts';
import { LICENSE } from '../contract/service.ts';
import { fileOf, toCsv, toParquet } from './bulk-files.ts';

/** The tables the root carries for the whole country. */
export const NATIONAL_TABLES = ['zips', 'counties'] as const satisfies readonly BulkTableName[];
/** Every file name the root's api/v1/bulk/ holds. */
export const NATIONAL_FILE_NAMES = [...NATIONAL_TABLES.map((t) => `${t}.csv`), ...NATIONAL_TABLES.map((t) => `${t}.parquet`), 'datapackage.json'];

/** A table's resource in a state's datapackage.json, as bulk-tables.ts writes it. */
export interface StateResource {
  name: string;
  title: string;
  description: string;
  schema: { fields: BulkField[]; primaryKey: string[] };
}

/** One state's bulk tables as its build wrote them: `path` names the CSV in messages. */
export interface StateTables {
  code: string;
  tables: Record<(typeof NATIONAL_TABLES)[number], { path: string; csv: string; resource: StateResource }>;
}

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

/** One national table: every state's rows in the order given, each with its state's code in front. */
function nationalTable(name: (typeof NATIONAL_TABLES)[number], states: readonly StateTables[]): BulkTable {
  const [first] = states;
  if (!first) throw new ExpectedError('no state is built here: the national tables need at least one');
  const { resource } = first.tables[name];
  const columns = resource.schema.fields.map((f) => f.name).join(',');
  const rows: (string | number | boolean | null)[][] = [];
  for (const state of states) {
    const { path, csv, resource: own } = state.tables[name];
    if (own.schema.fields.map((f) => f.name).join(',') !== columns) throw new ExpectedError(`${path}: its columns are not ${first.code}'s (${columns}); build every state with the same version`);
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
  const keyed = name === 'zips' ? ['zip'] : ['state', ...resource.schema.primaryKey];
  return {
    name,
    title: `${resource.title}, every state`,
    description: `${resource.description.replace(/ of the state\b/, '')} The rows of each state's own ${name}.csv, the state's code first.`,
    fields: [STATE_FIELD, ...resource.schema.fields],
    // A ZIP code is in one state only (the states table gives each its state); a county slug is unique in its state.
    primaryKey: keyed,
    foreignKeys: name === 'zips' ? [{ fields: ['state', 'county_slug'], reference: { resource: 'counties', fields: ['state', 'county_slug'] } }] : [],
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
    description: `Fair Market Rents, the market rent index, census rents and HUD income limits of ${states.length === 1 ? 'one state' : `${states.length} states`} by ZIP code and county, in one table each, as CSV and Parquet.`,
  };
  const attribution = `Rent data by state (${LICENSE.name}): the tables of ${states.map((s) => s.code).join(', ')}, each credited in its own data package. ${sources}`;
  const pkg = encoder.encode(`${JSON.stringify(dataPackage(about, tables, files, attribution, site), null, 2)}\n`);
  return [...files, fileOf('datapackage.json', MEDIA_TYPES.json, pkg)];
}
