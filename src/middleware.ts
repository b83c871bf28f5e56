// Every page and endpoint passes here while the build renders it: its bytes go to the build's early
// compression (lib/precompress.ts) on a thread of its own. Outside a build there is nothing to do.
import { defineMiddleware } from 'astro:middleware';
import { earlyCompression, MIN_BYTES } from './lib/compression-slot.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  const early = earlyCompression();
  if (!early || !response.body || !early.wants(response.headers.get('content-type'))) return response;
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length >= MIN_BYTES) void early.offer(bytes);
  return new Response(bytes, response);
});
