// A real HTTP server on loopback that serves the shared source files as a publisher or mirror
// would, with faults injected per path.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SNAPSHOT_SOURCES } from './paths.ts';

export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'reset-mid-body' }
  | { kind: 'truncate' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'drip'; everyMs: number }
  | { kind: 'html' }
  | { kind: 'redirect-to-html' }
  | { kind: 'body'; body: Uint8Array; contentType: string };

export interface SourceServer {
  url: string;
  /** Faults for the next requests of a path, used up one request at a time. */
  fail(path: string, ...faults: Fault[]): void;
  requests: { path: string; query: string; method: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const etagOf = (bytes: Buffer) => `"${bytes.length}-${bytes.subarray(0, 16).toString('hex')}"`;

export async function startSourceServer(root = SNAPSHOT_SOURCES): Promise<SourceServer> {
  const faults = new Map<string, Fault[]>();
  const requests: SourceServer['requests'] = [];
  const serveFile = (res: ServerResponse, bytes: Buffer, headers: IncomingHttpHeaders) => {
    const etag = etagOf(bytes);
    if (headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length, etag, 'last-modified': 'Wed, 01 Oct 2025 00:00:00 GMT' }).end(bytes);
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = decodeURIComponent(url.pathname);
    requests.push({ path, query: url.search, method: req.method ?? 'GET', headers: req.headers });
    const fault = faults.get(path)?.shift();
    if (path === '/login.html' || fault?.kind === 'html') {
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Sign in</title><p>Please sign in.</p>');
    }
    if (fault?.kind === 'status') return res.writeHead(fault.status).end(`status ${fault.status}`);
    if (fault?.kind === 'redirect-to-html') return res.writeHead(302, { location: '/login.html' }).end();
    if (fault?.kind === 'body') return res.writeHead(200, { 'content-type': fault.contentType, 'content-length': fault.body.length }).end(fault.body);
    readFile(join(root, path)).then(
      (bytes) => {
        if (fault?.kind === 'reset-mid-body' || fault?.kind === 'truncate') {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
          res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
            if (fault.kind === 'reset-mid-body') res.socket?.resetAndDestroy();
            else res.socket?.end();
          });
          return;
        }
        if (fault?.kind === 'drip') {
          // One byte at a time, never idle long enough for an idle timeout.
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
          let sent = 0;
          const timer = setInterval(() => (sent < bytes.length ? res.write(bytes.subarray(sent, ++sent)) : res.end()), fault.everyMs);
          res.on('close', () => clearInterval(timer));
          return;
        }
        if (fault?.kind === 'slow') {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
          res.write(bytes.subarray(0, 1024));
          const timer = setTimeout(() => res.end(bytes.subarray(1024)), fault.delayMs);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        serveFile(res, bytes, req.headers);
      },
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (path, ...more) => faults.set(path, [...(faults.get(path) ?? []), ...more]),
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
