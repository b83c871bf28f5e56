// One HTTP/1.1 exchange over a plain socket, byte for byte as given: the request line is never
// normalised (fetch and node:http would), the body may be chunked, too long or cut short, and the
// answer is every byte the server sent before it closed (or before `waitMs`, then the socket is cut).
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface RawAnswer {
  /** 0 when the server closed without an answer (or none came in time). */
  status: number;
  headers: Record<string, string>;
  /** The body, de-chunked and decoded (gzip, br) when it was sent encoded. */
  body: Buffer;
  /** How the exchange ended: the server closed it, or the time ran out. */
  ended: 'closed' | 'timeout';
}

export interface RawExchange {
  method?: string;
  target: string;
  headers?: Record<string, string>;
  /** The body: sent with Content-Length unless `chunked`, or `cut` bytes of it and then the socket's end. */
  body?: string | Buffer;
  chunked?: boolean;
  /** Send only this many bytes of the body, then close the sending side. */
  cut?: number;
  waitMs?: number;
}

function dechunk(bytes: Buffer): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; ; ) {
    const end = bytes.indexOf('\r\n', at);
    const size = Number.parseInt(bytes.subarray(at, end).toString('latin1'), 16);
    if (end < 0 || !(size > 0)) return Buffer.concat(out);
    out.push(bytes.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

export function exchange(base: string, request: RawExchange): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { host: `${hostname}:${port}`, connection: 'close', ...request.headers };
  if (body !== undefined) {
    if (request.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] ??= String(body.length);
  }
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let ended: RawAnswer['ended'] = 'closed';
    const timer = setTimeout(() => {
      ended = 'timeout';
      socket.destroy();
    }, request.waitMs ?? 20_000);
    socket.on('data', (d: Buffer) => received.push(d));
    // A refused upload may fail to write (EPIPE, ECONNRESET): what the server answered is read on close.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received);
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? '' : raw.subarray(0, split).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      const answerHeaders: Record<string, string> = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        answerHeaders[name] = answerHeaders[name] === undefined ? value : `${answerHeaders[name]}, ${value}`;
      }
      let content: Buffer = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
      if (/chunked/i.test(answerHeaders['transfer-encoding'] ?? '')) content = dechunk(content);
      const encoding = answerHeaders['content-encoding'];
      if (encoding === 'gzip' && content.length > 0) content = gunzipSync(content);
      if (encoding === 'br' && content.length > 0) content = brotliDecompressSync(content);
      resolve({ status, headers: answerHeaders, body: content, ended });
    });
    socket.write([`${request.method ?? 'GET'} ${request.target} HTTP/1.1`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`), '', ''].join('\r\n'));
    if (body === undefined) return;
    const sent: Buffer = request.cut === undefined ? body : body.subarray(0, request.cut);
    if (request.chunked) {
      // Chunks of 64 KiB, as a client streaming a body would send them.
      for (let at = 0; at < sent.length; at += 65_536) {
        const part = sent.subarray(at, at + 65_536);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write('\r\n');
      }
      if (request.cut === undefined) socket.write('0\r\n\r\n');
    } else socket.write(sent);
    if (request.cut !== undefined) socket.end();
  });
}
