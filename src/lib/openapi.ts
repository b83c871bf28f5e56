// openapi.json, generated from the contract's zod schemas so the two cannot drift.
import { z } from 'zod';
import { contractRegistry } from './contract.ts';
import { API_VERSION, ENDPOINTS, LICENSE, SERVICE_NAME, siteUrls } from './publication.ts';

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

const RESPONSE_SCHEMA: Record<string, string> = {
  listZips: 'ZipIndex',
  getZip: 'ZipDetail',
  getCounty: 'CountyDetail',
  getSectionEight: 'SectionEight',
  getMeta: 'MetaDoc',
};

const PARAMETERS: Record<string, JsonObject> = {
  getZip: {
    name: 'zip',
    in: 'path',
    required: true,
    description: 'Five-digit ZIP code',
    schema: { type: 'string', pattern: '^[0-9]{5}$' },
    example: '55104',
  },
  getCounty: {
    name: 'slug',
    in: 'path',
    required: true,
    description: 'County slug: lowercase county name with each run of non-alphanumeric characters collapsed to one hyphen (St. Louis → st-louis)',
    schema: { type: 'string', pattern: '^[a-z0-9-]+$' },
    example: 'st-louis',
  },
};

const NOT_FOUND = {
  description: 'No such ZIP code or county (or a malformed path value)',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

export function openApiDocument(site: string): JsonObject {
  const urls = siteUrls(site);
  const paths: JsonObject = {};
  for (const endpoint of ENDPOINTS) {
    const parameter = PARAMETERS[endpoint.operation_id];
    const responses: JsonObject = {
      200: {
        description: endpoint.summary,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${RESPONSE_SCHEMA[endpoint.operation_id]}` } } },
      },
      404: NOT_FOUND,
    };
    paths[endpoint.path] = {
      get: {
        operationId: endpoint.operation_id,
        summary: endpoint.summary,
        tags: ['rents'],
        ...(parameter ? { parameters: [parameter] } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: SERVICE_NAME,
      version: API_VERSION,
      summary: 'Fair Market Rent, market rent and census rent for Minnesota ZIP codes and counties, as static JSON',
      description:
        'Read-only static JSON files: HUD Small Area Fair Market Rents, the Zillow Observed Rent Index and Census ACS median gross rent ' +
        'for Minnesota ZIP codes and counties. No key, no signup, no rate limit; CORS open to any origin; files are cached for one day ' +
        'and change only when the data is regenerated (poll /api/v1/meta.json and compare meta.generated_at). ' +
        'Neither FMR nor the market rent index is a rent quote for any address.',
      license: { name: LICENSE.name, url: LICENSE.url },
      contact: { name: SERVICE_NAME, url: urls.docs },
    },
    servers: [{ url: urls.base }],
    security: [],
    tags: [{ name: 'rents', description: 'Rent data by ZIP code and county' }],
    paths,
    components: { schemas: componentSchemas() },
  };
}
