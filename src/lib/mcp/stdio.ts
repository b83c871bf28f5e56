// The stdio transport, line by line, that answers what the SDK's own transport drops: a line that
// is not JSON gets -32700, JSON that is not a JSON-RPC message gets -32600, and a line over the
// limit is skipped to its end with -32600, after which the server goes on reading (the SDK's
// transport stops listening for good once its 10 MiB buffer overflows).
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The longest message a client may send: tool arguments here are a few ZIP codes and words. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

type ErrorReply = { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string } };

export class LineStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly input: Readable;
  private readonly output: Writable;
  private readonly maxBytes: number;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** True while skipping the rest of a line that went over the limit. */
  private discarding = false;

  constructor(input: Readable = process.stdin, output: Writable = process.stdout, maxBytes = MAX_MESSAGE_BYTES) {
    this.input = input;
    this.output = output;
    this.maxBytes = maxBytes;
  }

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.take(chunk.subarray(start, newline));
      this.endLine();
      start = newline + 1;
    }
    this.take(chunk.subarray(start));
  };

  private take(part: Buffer): void {
    if (this.discarding || part.length === 0) return;
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxBytes) {
      this.pending = [];
      this.pendingBytes = 0;
      this.discarding = true;
      return;
    }
    this.pending.push(part);
  }

  private endLine(): void {
    if (this.discarding) {
      this.discarding = false;
      this.reply(null, -32600, `Invalid Request: message over ${this.maxBytes} bytes`);
      return;
    }
    const line = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      this.reply(null, -32700, 'Parse error: the line is not JSON');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (!parsed.success) {
      const id = (json as { id?: unknown } | null)?.id;
      this.reply(typeof id === 'string' || typeof id === 'number' ? id : null, -32600, 'Invalid Request: not a JSON-RPC 2.0 message');
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private reply(id: ErrorReply['id'], code: number, message: string): void {
    const error: ErrorReply = { jsonrpc: '2.0', id, error: { code, message } };
    this.output.write(`${JSON.stringify(error)}\n`);
  }

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.once('end', () => void this.close());
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  private closed = false;

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.onclose?.();
    return Promise.resolve();
  }
}
