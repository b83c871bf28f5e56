// The agent server's tools, in the order they are listed. Kept free of the SDK's runtime so the
// site's pages and llms.txt can describe them too.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Context } from '../../context.ts';
import type { ApiReader } from '../api-reader.ts';
import { compareZips } from './compare-zips.ts';
import { datasetInfo } from './dataset-info.ts';
import { getCounty } from './get-county.ts';
import { getZip } from './get-zip.ts';
import { listHousingAgencies } from './housing-agencies.ts';
import { nearestZips } from './nearest-zips.ts';
import { searchPlaces } from './search-places.ts';
import { voucherFit } from './voucher-fit.ts';
import { voucherSpread } from './voucher-spread.ts';

/** A tool with its argument types forgotten, for registration and listing in a loop. */
export interface AnyTool {
  name: string;
  title: string;
  describe(context: Context): string;
  input: z.ZodRawShape;
  passUnknown?: true;
  output: z.ZodObject;
  run(args: never, reader: ApiReader, context: Context): Promise<CallToolResult>;
}

export const TOOLS: readonly AnyTool[] = [getZip, getCounty, listHousingAgencies, searchPlaces, nearestZips, voucherSpread, voucherFit, compareZips, datasetInfo];
