import { z } from 'zod';
import { countyLabelIn } from '../../states.ts';
import { ZipCode, ZipDetail } from '../../contract/schemas.ts';
import { closestZips } from '../match.ts';
import type { Context } from '../../context.ts';
import { defineTool, fail, ok } from './tool.ts';
import { countyMarketRentBeside, zipWageSentence, marketRentAgeSentence, money, signedPercent, voucherAnswers } from '../../contract/present.ts';
import { ENGLISH } from '../../contract/english.ts';
import { agenciesSentence } from './agency-words.ts';

export const getZip = defineTool({
  name: 'get_zip',
  title: 'Rents for one ZIP code',
  describe({ state }: Context) {
    return (
      `Everything published for one ${state.name} ZIP code: HUD Small Area Fair Market Rent by bedroom count for every fiscal year, ` +
      'the area-wide FMR of each HUD FMR area it lies in, the monthly Zillow market rent index, Census median gross rent, ' +
      'whether a voucher reaches the market rent on both bases (Small Area FMR and area-wide FMR), HUD income limits of its county, the housing wage (the hourly wage a full-time worker needs to afford the FMR) of each unit size on both bases, metro area, county, the housing agencies that run vouchers in its county, each with the area it serves in words, the FMR its payment standards follow and the pages that say so, then those that only have an office there (where to apply for a voucher), and the six nearest ZIPs. ' +
      'Neither figure is a rent quote for any address.'
    );
  },
  // Agents often send a ZIP as a number (55104); a leading zero lost that way comes back by padding.
  input: { zip: z.union([ZipCode, z.int().min(0).max(99999)]).describe('Five-digit ZIP code as a string; a number works too (a lost leading zero is put back)') },
  output: ZipDetail,
  async run({ zip: given }, reader, { state }) {
    const zip = typeof given === 'number' ? String(given).padStart(5, '0') : given;
    const record = await reader.zip(zip);
    if (!record) {
      const published = (await reader.index()).zips.map((z) => z.zip);
      return fail(`ZIP ${zip} is not published (no HUD Small Area FMR for it in ${state.name}). Closest published ZIPs: ${closestZips(zip, published).join(', ')}.`);
    }
    const answers = voucherAnswers(ENGLISH, record, record.hud_areas[0]?.name);
    const summary = [
      `ZIP ${record.zip}, ${record.city} (${countyLabelIn(record.county, state)}${record.metro ? `, ${record.metro}` : ''}).`,
      `FY${record.fmr_latest_fy} Small Area Fair Market Rent: studio ${money(record.fmr.br0)}, 1 BR ${money(record.fmr.br1)}, 2 BR ${money(record.fmr.br2)}, 3 BR ${money(record.fmr.br3)}, 4 BR ${money(record.fmr.br4)}; 2 BR change ${signedPercent(record.fmr2_yoy_pct)} on the year before.`,
      record.hud_areas.length > 1 ? `HUD lists it in ${record.hud_areas.length} FMR areas: ${record.hud_areas.map((a) => `${a.name} (2 BR area FMR ${money(a.fmr.br2)})`).join('; ')}.` : null,
      answers.smallArea,
      answers.area,
      marketRentAgeSentence(ENGLISH, record, record.meta.generated_at),
      countyMarketSentence(record, countyLabelIn(record.county, state)),
      zipWageSentence(ENGLISH, record),
      record.income_limits
        ? `Voucher eligibility: income at or below HUD's FY${record.income_limits.fiscal_year} very low limit, ${money(record.income_limits.very_low['1'])} for one person to ${money(record.income_limits.very_low['8'])} for eight (voucher_fit answers for one household).`
        : null,
      record.acs ? `Census ACS ${record.acs.vintage} median gross rent: ${money(record.acs.median_gross_rent)}.` : 'No Census median gross rent is published for this ZCTA.',
      agenciesSentence(record.housing_agencies, record.county, countyLabelIn(record.county, state)),
    ]
      .filter((sentence) => sentence !== null)
      .join(' ');
    return ok(summary, record);
  },
});

/** Zillow's county series where it is newer than the ZIP code's own (or the ZIP code has none), named as the county's. */
function countyMarketSentence(record: Parameters<typeof countyMarketRentBeside>[0], county: string): string | null {
  const beside = countyMarketRentBeside(record);
  if (beside === null) return null;
  const own = record.zori_latest ? `newer than this ZIP code's own, which ends ${ENGLISH.month(record.zori_latest.month)}` : 'this ZIP code has no series of its own';
  return `Zillow's market rent index for all of ${county}: ${money(beside.rent)} a month in ${ENGLISH.month(beside.month)} (the county's figure; ${own}).`;
}
