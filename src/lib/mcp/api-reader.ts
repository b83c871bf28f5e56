// The agent server reads the built JSON API (a folder, a deployed copy or an edge host's static
// assets), never the raw sources. Free of Node's file system: the edge Worker loads it too.
// meta.json is read first; the other files are cached until its bytes change.
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { apiPath, CountyDetail, MetaDoc, SectionEight, ZipDetail, ZipIndex, type OperationId } from '../contract/schemas.ts';

/** An endpoint's file, relative to the site root (`api/v1/zip/55104.json`). */
const fileOf = (operationId: OperationId, parameters?: Record<string, string>) => apiPath(operationId, parameters).slice(1);

/** Reads one file of the built site by its path (`api/v1/meta.json`); undefined when there is none. */
export type ApiSource = (path: string) => Promise<string | undefined>;

export function urlSource(baseUrl: string, fetchImpl: typeof fetch = fetch): ApiSource {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path) => {
    const response = await fetchImpl(`${base}/${path}`, { headers: { accept: 'application/json, text/plain' } });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`${base}/${path} answered HTTP ${response.status}`);
    return response.text();
  };
}

export class ApiReader {
  private readonly source: ApiSource;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private metaDoc: Promise<MetaDoc> | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private cache = new Map<string, Promise<unknown>>();

  /** `refreshMs`: how long a read of meta.json is trusted before it is read again. */
  constructor(source: ApiSource, options: { refreshMs?: number; now?: () => number } = {}) {
    this.source = source;
    this.refreshMs = options.refreshMs ?? 60_000;
    this.now = options.now ?? (() => performance.now());
  }

  private async parse<S extends z.ZodType>(path: string, schema: S, onText?: (text: string) => void): Promise<z.infer<S> | undefined> {
    const text = await this.source(path);
    if (text === undefined) return undefined;
    onText?.(text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // Never the parser's message: it quotes the file's first bytes, which a client must not see.
      throw new Error(`${path} is not JSON: is this the folder or URL of a built site?`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`${path} does not match the contract: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  private metaHash: string | undefined;

  /**
   * The metadata; when its bytes changed since the last read, every cached file is dropped. Bytes,
   * not generated_at: a rebuild with the same SOURCE_DATE_EPOCH keeps generated_at, while meta.json's
   * content_sha256 and source hashes change with any published value.
   */
  async meta(): Promise<MetaDoc> {
    if (this.metaDoc && this.now() - this.checkedAt < this.refreshMs) return this.metaDoc;
    this.checkedAt = this.now();
    this.metaDoc = this.parse(fileOf('getMeta'), MetaDoc, (text) => {
      const hash = createHash('sha256').update(text).digest('hex');
      if (this.metaHash !== undefined && this.metaHash !== hash) this.cache.clear();
      this.metaHash = hash;
    }).then((doc) => {
      if (!doc) throw new Error(`${fileOf('getMeta')} is missing: is this the folder or URL of a built site?`);
      return doc;
    });
    this.metaDoc.catch(() => (this.checkedAt = Number.NEGATIVE_INFINITY));
    return this.metaDoc;
  }

  private async cached<T>(path: string, load: () => Promise<T>): Promise<T> {
    await this.meta();
    let entry = this.cache.get(path) as Promise<T> | undefined;
    if (!entry) {
      entry = load();
      this.cache.set(path, entry);
      entry.catch(() => this.cache.delete(path));
    }
    return entry;
  }

  index(): Promise<ZipIndex> {
    return this.cached('index', async () => {
      const doc = await this.parse(fileOf('listZips'), ZipIndex);
      if (!doc) throw new Error(`${fileOf('listZips')} is missing`);
      return doc;
    });
  }

  zip(zip: string): Promise<ZipDetail | undefined> {
    return this.cached(`zip/${zip}`, () => this.parse(fileOf('getZip', { zip }), ZipDetail));
  }

  county(slug: string): Promise<CountyDetail | undefined> {
    return this.cached(`county/${slug}`, () => this.parse(fileOf('getCounty', { slug }), CountyDetail));
  }

  sectionEight(): Promise<SectionEight> {
    return this.cached('section-8', async () => {
      const doc = await this.parse(fileOf('getSectionEight'), SectionEight);
      if (!doc) throw new Error(`${fileOf('getSectionEight')} is missing`);
      return doc;
    });
  }

  /** A text resource of the site (openapi.json, llms-full.txt). */
  text(path: string): Promise<string> {
    return this.cached(`text/${path}`, async () => {
      const text = await this.source(path);
      if (text === undefined) throw new Error(`${path} is missing`);
      return text;
    });
  }
}
