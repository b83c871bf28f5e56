import { z } from 'zod';
import { countySlug } from '../../derive/places.ts';
import { countyLabelIn, type StateScope } from '../../states.ts';
import { CountyDetail } from '../../contract/schemas.ts';
import type { ApiReader } from '../api-reader.ts';
import { closest, countyKey } from '../match.ts';
import type { Context } from '../../context.ts';
import { defineTool, fail, ok } from './tool.ts';
import { countyWageSentence, money, signedPercent } from '../../contract/present.ts';
import { ENGLISH } from '../../contract/english.ts';
import { countOf } from '../../derive/search.ts';
import { agenciesSentence } from './agency-words.ts';

/** The state's example county three ways: "Dane", "Dane County" and "dane". */
export function exampleNames(state: StateScope): string {
  const { county } = state.example;
  return `"${county}", "${countyLabelIn(county, state)}" and "${countySlug(county)}"`;
}

export const getCounty = defineTool({
  name: 'get_county',
  title: 'Rents for one county',
  describe({ state }: Context) {
    return (
      `One of ${state.name}'s counties: median 2-bedroom FMR, median market rent, median FMR change, the housing wage (the hourly wage a full-time worker needs to afford the FMR) of each unit size on both bases, the housing agencies that run vouchers in it (each with its area in words, its payment standard basis and its sources) and those that only have an office there, and every ZIP code in it. ` +
      `Names are forgiving: ${exampleNames(state)} all work.`
    );
  },
  input: { county: z.string().min(1).max(100).describe('County name or slug, as search_places or the county list gives it; case, "County" and St/Saint do not matter') },
  output: CountyDetail,
  async run({ county }, reader, { state }) {
    const key = countyKey(county);
    if (!key) return fail(`Give a county name or its slug, such as ${exampleNames(state)}.`);
    const found = key ? await reader.county(key) : undefined;
    if (!found) {
      return fail(`No ${state.name} county matches "${county}". Did you mean: ${closest(key, await countySlugs(reader)).join(', ')}?`);
    }
    const m = found.medians;
    const wage = countyWageSentence(ENGLISH, found);
    const summary =
      `${countyLabelIn(found.county, state)}: ${countOf(found.zip_count, 'ZIP code')} (${found.zori_zip_count} with a market rent index). ` +
      `Median 2-bedroom Small Area FMR ${money(m.fmr2)}, median 2-bedroom area FMR ${money(m.area_fmr2)}, median market rent ${money(m.market_rent)}, median FMR change ${signedPercent(m.fmr2_yoy_pct)}.` +
      (found.zori_county
        ? ` Zillow's market rent index for the county as a whole: ${money(found.zori_county.latest.rent)} a month in ${ENGLISH.month(found.zori_county.latest.month)}.`
        : ' Zillow publishes no market rent index for the county as a whole.') +
      (wage === null ? '' : ` ${wage}`) +
      ` ${agenciesSentence(found.housing_agencies, found.county, countyLabelIn(found.county, state))}`;
    return ok(summary, found);
  },
});



/** The county slugs the index knows (every county with a published ZIP). */
export async function countySlugs(reader: ApiReader): Promise<string[]> {
  return [...new Set((await reader.index()).zips.map((z) => z.county_slug))].sort();
}
