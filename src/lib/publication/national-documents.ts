// What the root of a host of states says about itself, beside its index page: llms.txt and an
// OpenAPI document for the root's own files (states.json and the national bulk tables); each state's
// API is described by the state's own openapi.json, which these link. Pure: facts in, text out.
import { API_VERSION, LICENSE } from '../contract/service.ts';
import { BULK_DIR, MEDIA_TYPES } from '../contract/bulk-tables.ts';
import type { BuiltState } from './states-index.ts';
import { NATIONAL_FILE_NAMES, NATIONAL_TABLES } from './national-bulk.ts';
import { BULK_FILE, bulkFileParameter } from './openapi.ts';

/** The root's national files, each with its absolute URL. */
export const nationalFileUrls = (site: string) => NATIONAL_FILE_NAMES.map((name) => ({ name, url: `${site}${BULK_DIR}${name}` }));

export function nationalLlms(site: string, built: readonly BuiltState[]): string {
  return [
    '# Rent data by state',
    '',
    `> HUD Fair Market Rents, the Zillow market rent index, Census median gross rent and HUD income limits by ZIP code and county for ${built.length} states, each under its own path with the same free, keyless, read-only JSON API, and the whole country in one table.`,
    '',
    '## The whole country',
    '',
    ...NATIONAL_TABLES.flatMap((table) => [
      `- [${table}.csv](${site}${BULK_DIR}${table}.csv): every state's ${table} table, row for row, with a \`state\` column first`,
      `- [${table}.parquet](${site}${BULK_DIR}${table}.parquet): the same rows, typed, in Parquet`,
    ]),
    `- [datapackage.json](${site}${BULK_DIR}datapackage.json): the Frictionless data package: each file's size, sha256 and Table Schema`,
    `- [states.json](${site}/states.json): the states here, each with its URL, counts and build time`,
    `- [openapi.json](${site}/openapi.json): these root files as an OpenAPI 3.1 document`,
    '',
    '## The states',
    '',
    ...built.map(({ state, path }) => `- [${state.name}](${site}${path}llms.txt): its API, pages and agent server`),
    '',
  ].join('\n');
}

export function nationalOpenApi(site: string, built: readonly BuiltState[]): unknown {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rent data by state',
      version: API_VERSION,
      summary: 'The states served here, and every state\'s ZIP code and county tables in one file each',
      description:
        `The root of a host of ${built.length} states. Each state has its own API under its path, described by its own openapi.json ` +
        `(${built.slice(0, 2).map(({ path }) => `${site}${path}openapi.json`).join(', ')}${built.length > 2 ? ', …' : ''}); ` +
        'the national tables here are the states\' own zips and counties tables, row for row, with a state column first. ' +
        'Static files: GET, no key, CORS open to any origin, cached for one day.',
      license: { name: LICENSE.name, url: LICENSE.url },
      contact: { name: 'Rent data by state', url: `${site}/` },
    },
    servers: [{ url: site }],
    security: [],
    tags: [
      { name: 'states', description: 'The states served here' },
      { name: 'bulk', description: "Every state's ZIP codes and counties in one table each" },
    ],
    paths: {
      '/states.json': {
        get: {
          operationId: 'listStates',
          summary: 'The states served here',
          description: "Each state's code, name, FIPS code, URL (its API is under it, described by its own openapi.json), counts of ZIP codes and counties, and build time.",
          tags: ['states'],
          responses: {
            200: {
              description: 'Each state with its URL, counts and build time',
              content: {
                [MEDIA_TYPES.json]: {
                  schema: {
                    type: 'object',
                    required: ['states'],
                    properties: {
                      states: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['code', 'name', 'fips', 'url', 'zips', 'counties', 'generated_at'],
                          properties: {
                            code: { type: 'string', pattern: '^[A-Z]{2}$' },
                            name: { type: 'string' },
                            fips: { type: 'string', pattern: '^[0-9]{2}$' },
                            url: { type: 'string', format: 'uri' },
                            zips: { type: 'integer' },
                            counties: { type: 'integer' },
                            generated_at: { type: 'string', format: 'date-time' },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      [`${BULK_DIR}{file}`]: {
        get: {
          operationId: 'getNationalBulkFile',
          summary: 'Every state\'s ZIP codes or counties as one table (CSV or Parquet), or the data package that describes them',
          description: "The rows of each state's own zips and counties tables, row for row, with the state's USPS code in a state column first; datapackage.json gives each file's size, sha256 and Table Schema.",
          tags: ['bulk'],
          parameters: [bulkFileParameter(NATIONAL_FILE_NAMES)],
          responses: { 200: BULK_FILE, 404: { description: 'No such file' } },
        },
      },
    },
  };
}

/** The root's JSON error bodies (RFC 9457), served for a missing or refused path outside every state. */
export function nationalProblem(status: 404 | 405): { type: string; title: string; status: number; detail: string } {
  return status === 404
    ? { type: 'about:blank', title: 'Not Found', status, detail: `No such resource here. The root holds /states.json and the national tables (${NATIONAL_FILE_NAMES.map((name) => `${BULK_DIR}${name}`).join(', ')}); each state's API is under its own path, e.g. /mn/api/v1/index.json, and /states.json lists them.` }
    : { type: 'about:blank', title: 'Method Not Allowed', status, detail: 'This API is read-only: use GET or HEAD, and OPTIONS for CORS preflight.' };
}
