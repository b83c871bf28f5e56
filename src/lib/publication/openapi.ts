// openapi.json, generated from the contract's zod schemas so the two cannot drift.
import { countySlug } from '../derive/places.ts';
import type { StateScope } from '../states.ts';
import { z } from 'zod';
import { contractRegistry, ENDPOINTS } from '../contract/schemas.ts';
import { BULK_DIR, BULK_FILE_NAMES, BULK_TABLES, MEDIA_TYPES } from '../contract/bulk-tables.ts';
import { siteUrls } from '../contract/routes.ts';
import { API_VERSION, LICENSE, serviceName } from '../contract/service.ts';

type JsonObject = Record<string, unknown>;

/** zod marks every integer with ±2^53 bounds; they say nothing to a reader of the contract. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value as JsonObject)) {
    if ((key === 'minimum' || key === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    if (key === '$schema' || key === '$id') continue;
    out[key] = withoutSafeIntegerBounds(v);
  }
  return out;
}

export function componentSchemas(): Record<string, JsonObject> {
  const { schemas } = z.toJSONSchema(contractRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return withoutSafeIntegerBounds(schemas) as Record<string, JsonObject>;
}

function schemaId(schema: z.ZodType): string {
  const id = contractRegistry.get(schema)?.id;
  if (id === undefined) throw new Error('an endpoint answers with a schema that is not in the contract registry');
  return id;
}

const jsonSchema = (schema: z.ZodType) => withoutSafeIntegerBounds(z.toJSONSchema(schema, { target: 'draft-2020-12' }));

/** A bulk file's path parameter: one of `names`. */
export const bulkFileParameter = (names: readonly string[]) => ({ name: 'file', in: 'path', required: true, description: 'File name', schema: { type: 'string', enum: names }, example: 'zips.csv' });
/** A bulk file's answer: a table as CSV or Parquet, or the data package that describes them. */
export const BULK_FILE = {
  description: 'The file',
  content: {
    [MEDIA_TYPES.csv]: { schema: { type: 'string' } },
    [MEDIA_TYPES.parquet]: { schema: { type: 'string', contentMediaType: 'application/vnd.apache.parquet' } },
    'application/json': { schema: { type: 'object', description: 'datapackage.json: a Frictionless Tabular Data Package' } },
  },
};

const NOT_FOUND = {
  description: 'No such ZIP code or county (or a malformed path value)',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

export function openApiDocument(state: StateScope, site: string): JsonObject {
  const urls = siteUrls(site);
  // Path parameters are illustrated with the state's own example place (states.ts).
  const examples = { zip: state.example.zip, slug: countySlug(state.example.county) };
  const paths: JsonObject = {};
  for (const endpoint of ENDPOINTS) {
    const parameter = 'parameter' in endpoint ? endpoint.parameter : undefined;
    const responses: JsonObject = {
      200: {
        description: endpoint.summary,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaId(endpoint.response)}` } } },
      },
      404: NOT_FOUND,
    };
    paths[endpoint.path] = {
      get: {
        operationId: endpoint.operation_id,
        summary: endpoint.summary,
        description: endpoint.description,
        tags: ['rents'],
        ...(parameter
          ? { parameters: [{ name: parameter.name, in: 'path', required: true, description: parameter.description, schema: jsonSchema(parameter.schema), example: examples[parameter.name] }] }
          : {}),
        responses,
      },
    };
  }
  paths[`${BULK_DIR}{file}`] = {
    get: {
      operationId: 'getBulkFile',
      summary: 'The whole dataset as one table: CSV or Parquet, or the data package that describes them',
      description:
        `${BULK_TABLES.length} tables (${BULK_TABLES.join(', ')}), each as CSV (RFC 4180, UTF-8, a header row, an empty cell for no value) and as typed Parquet, ` +
        'built from the same records as the JSON; datapackage.json (Frictionless Data Package) gives each file\'s size, sha256 and Table Schema, ' +
        'and meta.json lists them.',
      tags: ['bulk'],
      parameters: [bulkFileParameter(BULK_FILE_NAMES)],
      responses: { 200: BULK_FILE, 404: NOT_FOUND },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: serviceName(state),
      version: API_VERSION,
      summary: `Fair Market Rent, market rent and census rent for ${state.name} ZIP codes and counties, as static JSON`,
      description:
        'Read-only static JSON files: HUD Small Area Fair Market Rents, the Zillow Observed Rent Index and Census ACS median gross rent ' +
        `for ${state.name} ZIP codes and counties. No key, no signup, no rate limit; CORS open to any origin; files are cached for one day ` +
        'and change only when the data is regenerated (poll /api/v1/meta.json and compare meta.generated_at). ' +
        'Neither FMR nor the market rent index is a rent quote for any address.',
      license: { name: LICENSE.name, url: LICENSE.url },
      contact: { name: serviceName(state), url: urls.docs },
    },
    servers: [{ url: urls.base }],
    security: [],
    tags: [
      { name: 'rents', description: 'Rent data by ZIP code and county' },
      { name: 'bulk', description: 'The whole dataset as CSV and Parquet tables' },
    ],
    paths,
    components: { schemas: componentSchemas() },
  };
}
