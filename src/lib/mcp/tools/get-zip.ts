import { z } from 'zod';
import { ZipDetail } from '../../contract.ts';
import { closestZips } from '../match.ts';
import { defineTool, fail, money, ok, signedPct, voucherSentence } from './tool.ts';

export const getZip = defineTool({
  name: 'get_zip',
  title: 'Rents for one ZIP code',
  description:
    'Everything published for one Minnesota ZIP code: HUD Small Area Fair Market Rent by bedroom count for every fiscal year, ' +
    'the monthly Zillow market rent index, Census median gross rent, the voucher spread (market rent minus the 2-bedroom FMR), ' +
    'metro area, county and the six nearest ZIPs. Neither figure is a rent quote for any address.',
  input: { zip: z.string().regex(/^[0-9]{5}$/).describe('Five-digit ZIP code, e.g. 55104') },
  output: ZipDetail,
  async run({ zip }, reader) {
    const record = await reader.zip(zip);
    if (!record) {
      const published = (await reader.index()).zips.map((z) => z.zip);
      return fail(`ZIP ${zip} is not published (no HUD Small Area FMR for it in Minnesota). Closest published ZIPs: ${closestZips(zip, published).join(', ')}.`);
    }
    const summary = [
      `ZIP ${record.zip}, ${record.city} (${record.county} County${record.metro ? `, ${record.metro}` : ''}).`,
      `FY${record.fmr_latest_fy} Fair Market Rent: studio ${money(record.fmr.br0)}, 1 BR ${money(record.fmr.br1)}, 2 BR ${money(record.fmr.br2)}, 3 BR ${money(record.fmr.br3)}, 4 BR ${money(record.fmr.br4)}; 2 BR change ${signedPct(record.fmr2_yoy_pct)} on the year before.`,
      voucherSentence(record.fmr.br2, record.zori_latest, record.spread_pct, record.voucher_competitive),
      record.acs ? `Census ACS ${record.acs.vintage} median gross rent: ${money(record.acs.median_gross_rent)}.` : 'No Census median gross rent is published for this ZCTA.',
    ].join(' ');
    return ok(summary, record);
  },
});
