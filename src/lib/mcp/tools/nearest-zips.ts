import { z } from 'zod';
import { Meta, ZipCode } from '../../contract/schemas.ts';
import { greatCircleKm, isNeighbour } from '../../derive/nearby.ts';
import { roundHalfAway } from '../../contract/round.ts';
import { closestZips } from '../match.ts';
import type { Context } from '../../context.ts';
import { defineTool, fail, ok } from './tool.ts';
import { money } from '../../contract/present.ts';
import { compareCodePoints } from '../../order.ts';

const Near = z
  .object({
    zip: z.string(),
    city: z.string(),
    county: z.string(),
    distance_km: z.number(),
    fmr2: z.int().nullable(),
    market_rent: z.int().nullable(),
    voucher_competitive: z.boolean().nullable(),
    url: z.string(),
  })
  .strict();

export const nearestZips = defineTool({
  name: 'nearest_zips',
  title: 'Nearest ZIP codes',
  describe({ state }: Context) {
    return `The published ${state.name} ZIP codes nearest to a ZIP code or to a latitude/longitude, by great-circle distance, with their 2-bedroom FMR and market rent. PO-box ZIP codes (no Census ZCTA) are left out, as in the published nearby lists.`;
  },
  input: {
    zip: ZipCode.optional().describe('Start from this ZIP code (it is left out of the answer)'),
    latitude: z.number().min(-90).max(90).optional().describe('Or start from this point: latitude'),
    longitude: z.number().min(-180).max(180).optional().describe('and longitude'),
    limit: z.int().min(1).max(50).default(6).describe('How many (1-50, default 6)'),
  },
  output: z.object({ meta: Meta, origin: z.object({ zip: z.string().nullable(), latitude: z.number(), longitude: z.number() }).strict(), zips: z.array(Near) }).strict(),
  async run({ zip, latitude, longitude, limit }, reader) {
    if ((zip === undefined) === (latitude === undefined || longitude === undefined)) {
      return fail('Give either zip, or both latitude and longitude (not both kinds).');
    }
    const index = await reader.index();
    let origin = { zip: null as string | null, latitude: latitude as number, longitude: longitude as number };
    if (zip !== undefined) {
      const row = index.zips.find((z) => z.zip === zip);
      if (!row) return fail(`ZIP ${zip} is not published. Closest published ZIPs: ${closestZips(zip, index.zips.map((z) => z.zip)).join(', ')}.`);
      if (!row.coordinates) return fail(`ZIP ${zip} has no coordinates in the data, so distances cannot be measured from it.`);
      origin = { zip, latitude: row.coordinates.latitude, longitude: row.coordinates.longitude };
    }
    const from = { zip: origin.zip ?? '', latitude: origin.latitude, longitude: origin.longitude };
    // The same candidates as the published nearby lists: ZIPs with a Census ZCTA.
    const zips = index.zips
      .flatMap((z) => (z.coordinates && isNeighbour(z.coordinates) && z.zip !== origin.zip ? [{ z, km: greatCircleKm(from, { zip: z.zip, ...z.coordinates }) }] : []))
      .sort((a, b) => a.km - b.km || compareCodePoints(a.z.zip, b.z.zip))
      .slice(0, limit)
      .map(({ z, km }) => ({ zip: z.zip, city: z.city, county: z.county, distance_km: roundHalfAway(km, 1), fmr2: z.fmr.br2, market_rent: z.zori_latest?.rent ?? null, voucher_competitive: z.voucher_competitive, url: z.url }));
    const from_ = origin.zip ? `ZIP ${origin.zip}` : `${origin.latitude}, ${origin.longitude}`;
    const summary = `Nearest to ${from_}: ${zips.map((z) => `${z.zip} ${z.city} (${z.distance_km} km, 2 BR FMR ${money(z.fmr2)})`).join('; ')}.`;
    return ok(summary, { meta: index.meta, origin, zips });
  },
});
