// One HTTP download to a file: idle timeout, retries with backoff on 5xx, resets and short bodies,
// conditional requests. The destination is written only by the caller, after checks.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';

export interface DownloadOptions {
  /** Abort when no byte arrives for this long. */
  idleTimeoutMs: number;
  /** Give up on the file, retries included, after this long: a body that drips a byte a second never idles. */
  deadlineMs: number;
  /** Attempts after the first one, for failures that may pass. */
  retries: number;
  /** Wait before retry n (0-based) is backoffMs × 2^n. */
  backoffMs: number;
  headers?: Record<string, string>;
  onProgress?: (received: number, total: number | undefined) => void;
  onRetry?: (attempt: number, reason: string) => void;
}

export type DownloadResult =
  | { status: 'not-modified' }
  | { status: 'downloaded'; bytes: number; etag: string | null; lastModified: string | null; contentType: string | null; finalUrl: string };

/**
 * A download that failed; `retryable` when trying again might help, `absent` when the publisher
 * has no such file (a 404 or 410, or an HTML page in its place): a release not posted (yet).
 */
export class DownloadError extends Error {
  readonly retryable: boolean;
  readonly absent: boolean;
  constructor(message: string, retryable: boolean, absent = false) {
    super(message);
    this.name = 'DownloadError';
    this.retryable = retryable;
    this.absent = absent;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as { code?: string }).code;
  const message = cause?.message ?? (error as Error).message;
  return code ? `${code} (${message})` : message;
}

async function attempt(url: string, dest: string, options: DownloadOptions, deadlineAt: number): Promise<DownloadResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new DownloadError(`no data for ${options.idleTimeoutMs / 1000} s`, true)), options.idleTimeoutMs);
  };
  arm();
  const deadline = setTimeout(
    () => controller.abort(new DownloadError(`not finished after ${options.deadlineMs / 1000} s (the deadline per file)`, false)),
    Math.max(0, deadlineAt - Date.now()),
  );
  try {
    let response: Response;
    try {
      response = await fetch(url, { headers: options.headers, signal: controller.signal, redirect: 'follow' });
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw new DownloadError(`cannot connect: ${describe(error)}`, true);
    }
    if (response.status === 304) return { status: 'not-modified' };
    // HUD answers some clients 202 Accepted with an empty body where a file is not posted: never a file.
    if (response.status !== 200 && response.status < 300) {
      await response.body?.cancel();
      throw new DownloadError(`HTTP ${response.status} ${response.statusText} with no file`.trim(), false, true);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new DownloadError(`HTTP ${response.status} ${response.statusText}`.trim(), response.status >= 500 || response.status === 429, response.status === 404 || response.status === 410);
    }
    const lengthHeader = response.headers.get('content-length');
    const total = lengthHeader === null || response.headers.get('content-encoding') ? undefined : Number(lengthHeader);
    const out = createWriteStream(dest);
    let received = 0;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        arm();
        received += chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
        options.onProgress?.(received, total);
      }
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw new DownloadError(`connection broke after ${received} bytes: ${describe(error)}`, true);
    } finally {
      out.end();
      await once(out, 'close');
    }
    if (total !== undefined && received !== total) throw new DownloadError(`body ended after ${received} of ${total} bytes`, true);
    return {
      status: 'downloaded',
      bytes: received,
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      contentType: response.headers.get('content-type'),
      finalUrl: response.url || url,
    };
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
  }
}

/** Downloads `url` into `dest` (a temporary file the caller owns), retrying what may pass. */
export async function download(url: string, dest: string, options: DownloadOptions): Promise<DownloadResult> {
  const deadlineAt = Date.now() + options.deadlineMs;
  for (let n = 0; ; n++) {
    try {
      return await attempt(url, dest, options, deadlineAt);
    } catch (error) {
      await rm(dest, { force: true });
      const failure = error instanceof DownloadError ? error : new DownloadError(describe(error), false);
      if (!failure.retryable || n >= options.retries || Date.now() >= deadlineAt) throw failure;
      options.onRetry?.(n + 1, failure.message);
      await sleep(options.backoffMs * 2 ** n);
    }
  }
}
