import { z } from 'zod';
import { Meta, ZipCode, ZipRecord } from '../../contract/schemas.ts';
import type { ZipRecord as ZipRecordType } from '../../contract/schemas.ts';
import { closestZips } from '../match.ts';
import type { Context } from '../../context.ts';
import { defineTool, fail, ok } from './tool.ts';
import { money, signedPercent, voucherAnswers } from '../../contract/present.ts';
import { ENGLISH } from '../../contract/english.ts';

const FIELDS = [
  'zip', 'city', 'county', 'county_slug', 'metro', 'fmr_latest_fy', 'fmr', 'fmr2_yoy_pct', 'zori_latest', 'acs', 'spread', 'spread_pct', 'voucher_competitive',
  'hud_areas', 'area_fmr', 'area_spread', 'area_spread_pct', 'area_voucher_competitive', 'zori_lag_months', 'url',
] as const;
const Compared = ZipRecord.pick(Object.fromEntries(FIELDS.map((f) => [f, true])) as { [K in (typeof FIELDS)[number]]: true });
type Compared = z.infer<typeof Compared>;

/** The compared fields of a ZIP response, nothing else (the schema is strict). */
const compared = (record: ZipRecordType): Compared => Object.fromEntries(FIELDS.map((f) => [f, record[f]])) as Compared;

export const compareZips = defineTool({
  name: 'compare_zips',
  title: 'Compare ZIP codes side by side',
  describe({ state }: Context) {
    return `Two to ten ${state.name} ZIP codes side by side: Fair Market Rent by bedroom count, market rent, census rent and the voucher spread on both bases (Small Area FMR and area-wide FMR).`;
  },
  input: { zips: z.array(ZipCode).min(2).max(10).describe('Two to ten five-digit ZIP codes') },
  output: z.object({ meta: Meta, zips: z.array(Compared) }).strict(),
  async run({ zips }, reader) {
    const unique = [...new Set(zips)];
    if (unique.length < 2) return fail('Give at least two different ZIP codes.');
    const records = await Promise.all(unique.map((zip) => reader.zip(zip)));
    const missing = unique.filter((_, i) => !records[i]);
    if (missing.length) {
      const published = (await reader.index()).zips.map((z) => z.zip);
      return fail(missing.map((zip) => `ZIP ${zip} is not published; closest: ${closestZips(zip, published, 3).join(', ')}.`).join(' '));
    }
    const found = records.filter((r) => r !== undefined);
    const rows = found.map(compared);
    const summary = rows
      .map((r) => {
        const answers = voucherAnswers(ENGLISH, r, r.hud_areas[0]?.name);
        return `${r.zip} ${r.city}: 2 BR Small Area FMR ${money(r.fmr.br2)} (${signedPercent(r.fmr2_yoy_pct)}), area FMR ${money(r.area_fmr?.br2)}, market ${money(r.zori_latest?.rent)}, census median ${money(r.acs?.median_gross_rent)}. ${answers.smallArea}${answers.area ? ` ${answers.area}` : ''}`;
      })
      .join('\n');
    return ok(summary, { meta: (found[0] as { meta: z.infer<typeof Meta> }).meta, zips: rows });
  },
});
