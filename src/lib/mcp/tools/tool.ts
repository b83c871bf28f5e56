// What every tool file exports, and the two shapes of a result: structured data, or an error.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Meta } from '../../contract/schemas.ts';
import type { Context } from '../../context.ts';
import type { ApiReader } from '../api-reader.ts';

export interface Tool<I extends z.ZodRawShape, O extends z.ZodObject> {
  name: string;
  title: string;
  /** What the tool does, in the words of the state it serves. */
  describe(context: Context): string;
  input: I;
  /** The tool reads every argument itself, names it does not know included, so it can refuse them in its own one line. */
  passUnknown?: true;
  output: O;
  run(args: z.infer<z.ZodObject<I>>, reader: ApiReader, context: Context): Promise<CallToolResult>;
}

export const defineTool = <I extends z.ZodRawShape, O extends z.ZodObject>(tool: Tool<I, O>) => tool;

/** A summary a person can read, the data as JSON for clients without structured content, and the data. */
export function ok(summary: string, data: Record<string, unknown> & { meta: Meta }): CallToolResult {
  const text = `${summary}\n\nSource: ${data.meta.attribution}\n\n${JSON.stringify(data)}`;
  return { content: [{ type: 'text', text }], structuredContent: data };
}

export function fail(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

