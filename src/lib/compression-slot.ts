// The build's early compression as the pages' middleware reaches it: a slot on globalThis (Vite
// loads the middleware as a separate module instance) and nothing else. Keeping the worker
// threads out of this module keeps them out of the bundle Vite makes of the middleware.

/** Smaller files are sent as they are: compression would save less than its headers cost. */
export const MIN_BYTES = 1024;

/** What the middleware may do with the build's early compression. */
export interface CompressionOffers {
  /** Whether a response of this media type becomes a file the build compresses. */
  wants(contentType: string | null): boolean;
  /** Starts compressing these bytes; `precompress` takes the result for the file with the same bytes. */
  offer(bytes: Uint8Array): unknown;
}

const EARLY = Symbol.for('mnrent.early-compression');
const slot = globalThis as { [EARLY]?: CompressionOffers | undefined };

/** The build's early compression, if a build is running in this process. */
export function earlyCompression(): CompressionOffers | undefined {
  return slot[EARLY];
}

export function setEarlyCompression(offers: CompressionOffers | undefined): void {
  slot[EARLY] = offers;
}
