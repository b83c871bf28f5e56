// mnrent-client: a typed client of the rent data JSON API. The types come from openapi.json
// (generated/api-types.ts); requests go through openapi-fetch. No other runtime dependency, and
// only the platform's fetch, so it runs in browsers, Node 18+, Deno and Bun. voucherFit is the
// service's own function (bundled in), so an app answers a household from a ZIP record as the
// site's form and the agent server do.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { RuleSet } from '../../lib/voucher/tables.ts';
import { type BasisFit, type VoucherFit, voucherFit as answerFor } from '../../lib/voucher/answer.ts';
import type { OtherBasis, OtherRules } from '../../lib/voucher/figures.ts';
import { voucherPlaceOf } from '../../lib/voucher/place.ts';
import { type VoucherQuestion, VoucherQuestionError } from '../../lib/voucher/question.ts';
import type { components, operations, paths } from './generated/api-types.ts';
import answers from '../../messages/en/scripts.json' with { type: 'json' };
import { SOURCE_LANGUAGE } from '../../lib/languages.ts';
import { wordsOf } from '../../lib/contract/words.ts';

/** The answer's words: English, the catalogue the ZIP page's form speaks in English. */
const ANSWER_WORDS = wordsOf(SOURCE_LANGUAGE, answers);

export { VoucherQuestionError, type BasisFit, type OtherBasis, type OtherRules, type RuleSet, type VoucherFit, type VoucherQuestion };

export type { components, operations, paths };
type Schemas = components['schemas'];
export type MetaDoc = Schemas['MetaDoc'];
export type ZipIndex = Schemas['ZipIndex'];
export type IndexZip = Schemas['IndexZip'];
export type ZipDetail = Schemas['ZipDetail'];
export type CountyDetail = Schemas['CountyDetail'];
export type SectionEight = Schemas['SectionEight'];
export type SectionEightRow = Schemas['SectionEightRow'];
export type ChangesDoc = Schemas['ChangesDoc'];
export type Problem = Schemas['Problem'];

/**
 * Can this household use a voucher in this ZIP code, and what would it pay? HUD's arithmetic step
 * by step from the ZIP record (`await rent.zip('55104')`), with the deduction rules in force on the
 * record's build date (or `rules`, when the housing authority said which it applies) and the other
 * rule set's figures in `other_rules` where they differ: the same numbers and sentences as the ZIP
 * page's form and the agent server's voucher_fit. A field it does not know, or a value out of range,
 * throws VoucherQuestionError, whose one-line message says what to change.
 */
export function voucherFit(record: ZipDetail, question: VoucherQuestion): VoucherFit {
  return answerFor(voucherPlaceOf(record, record.meta.generated_at, ANSWER_WORDS), question, ANSWER_WORDS);
}

/** `npm run pack` sets this to the site the package was packed from. */
declare const MNRENT_PACKED_SITE: string | undefined;

/** The site the package was built from; `baseUrl` picks another copy. */
export const DEFAULT_BASE_URL: string | undefined = typeof MNRENT_PACKED_SITE === 'string' ? MNRENT_PACKED_SITE : undefined;

/** An answer other than 200 (or 404 where a missing ZIP or county is an ordinary answer). */
export class RentApiError extends Error {
  readonly status: number;
  readonly url: string;
  readonly problem: Problem | undefined;

  constructor(response: Response, body: unknown) {
    const problem = body && typeof body === 'object' && 'title' in body ? (body as Problem) : undefined;
    super(`${response.url} answered HTTP ${String(response.status)}${problem ? `: ${problem.title}` : ''}`);
    this.name = 'RentApiError';
    this.status = response.status;
    this.url = response.url;
    this.problem = problem;
  }
}

interface Cached {
  etag: string;
  body: string;
  headers: [string, string][];
}

/**
 * Sends `If-None-Match` with the ETag of the last answer for the same URL and turns a 304 back into
 * that answer, so a client that polls pays for a file only when it changed.
 */
export function etagCache(cache = new Map<string, Cached>()): Middleware {
  return {
    onRequest({ request }) {
      const hit = cache.get(request.url);
      if (hit) request.headers.set('If-None-Match', hit.etag);
      return request;
    },
    async onResponse({ request, response }) {
      const hit = cache.get(request.url);
      if (response.status === 304 && hit) return new Response(hit.body, { status: 200, headers: hit.headers });
      const etag = response.headers.get('etag');
      if (response.ok && etag) cache.set(request.url, { etag, body: await response.clone().text(), headers: [...response.headers] });
      return response;
    },
  };
}

export interface RentClientOptions {
  /** The site root, such as https://rent.example.org (default: the site the package was packed from). */
  baseUrl?: string;
  /** A fetch to use instead of the global one. */
  fetch?: typeof fetch;
  /** Keep each answer with its ETag and revalidate with If-None-Match (default true). */
  etag?: boolean;
}

/** What openapi-fetch answers: `data` on success, `error` (the parsed body) otherwise. */
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function must<T>(result: Result<T>): Exclude<T, undefined> {
  if (result.response.ok && result.data !== undefined) return result.data as Exclude<T, undefined>;
  throw new RentApiError(result.response, result.error);
}

/** A missing ZIP code or county is an answer (undefined), not an error. */
function unlessMissing<T>(result: Result<T>): Exclude<T, undefined> | undefined {
  return result.response.status === 404 ? undefined : must(result);
}

export interface RentClient {
  /** The openapi-fetch client itself, for any path of the contract. */
  api: Client<paths>;
  meta(): Promise<MetaDoc>;
  index(): Promise<ZipIndex>;
  /** undefined when the ZIP code is not published (404). */
  zip(zip: string): Promise<ZipDetail | undefined>;
  /** undefined when there is no such county (404). */
  county(slug: string): Promise<CountyDetail | undefined>;
  sectionEight(): Promise<SectionEight>;
  changes(): Promise<ChangesDoc>;
  /**
   * The change check the contract recommends: read meta.json only and compare `meta.generated_at`
   * with the one you kept; fetch the other files again only when `changed` is true.
   */
  changedSince(generatedAt: string | undefined): Promise<{ changed: boolean; meta: MetaDoc }>;
}

export function createRentClient(options: RentClientOptions = {}): RentClient {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  if (!baseUrl) throw new Error('mnrent-client: give baseUrl, the root of a deployed copy of the API (https://…)');
  const api = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.etag !== false) api.use(etagCache());
  const meta = async () => must(await api.GET('/api/v1/meta.json'));
  return {
    api,
    meta,
    index: async () => must(await api.GET('/api/v1/index.json')),
    zip: async (zip) => unlessMissing(await api.GET('/api/v1/zip/{zip}.json', { params: { path: { zip } } })),
    county: async (slug) => unlessMissing(await api.GET('/api/v1/county/{slug}.json', { params: { path: { slug } } })),
    sectionEight: async () => must(await api.GET('/api/v1/section-8.json')),
    changes: async () => must(await api.GET('/api/v1/changes.json')),
    async changedSince(generatedAt) {
      const doc = await meta();
      return { changed: doc.meta.generated_at !== generatedAt, meta: doc };
    },
  };
}
