import { z } from 'zod';
import { countyLabelIn } from '../../states.ts';
import { HousingAgency, Meta } from '../../contract/schemas.ts';
import { hudAgencyListUrl } from '../../contract/service.ts';
import type { Context } from '../../context.ts';
import { closest, countyKey } from '../match.ts';
import { countySlugs, exampleNames } from './get-county.ts';
import { agencyLine } from './agency-words.ts';
import { defineTool, fail, ok } from './tool.ts';

const CountyAgencies = z
  .object({
    meta: Meta,
    county: z.string(),
    county_slug: z.string(),
    county_fips: z.string(),
    housing_agencies: z.array(HousingAgency),
    hud_list_url: z.url().describe("HUD's own list of the state's public housing agencies (PDF)"),
  })
  .strict();

export const listHousingAgencies = defineTool({
  name: 'list_housing_agencies',
  title: 'Who runs vouchers in a county: the housing agencies that serve it, and those with an office there',
  describe({ state }: Context) {
    return (
      `The housing agencies of one of ${state.name}'s counties: first those whose voucher area covers all or part of it (serves_here), each with that area in words a family can match to its city (serves), the FMR its payment standards follow (payment_standard_basis), whether it is a Moving to Work agency with rent rules of its own, and the pages each fact rests on (sources); then those that only have an office there; most vouchers first. ` +
      "Name, HUD code, programs, vouchers, phone, email and office come from HUD's agency layer, checked against its contact reports. Which agency serves a household depends on the city it lives in, not on its ZIP code: never pick one from the ZIP alone. Where to apply for a Housing Choice Voucher."
    );
  },
  input: {
    county: z.string().min(1).max(100).describe('County name or slug, as get_county takes it'),
    vouchers_only: z.boolean().optional().describe('Only the agencies that run vouchers (Section 8 or Combined); default false'),
  },
  output: CountyAgencies,
  async run({ county, vouchers_only: vouchersOnly = false }, reader, { state }) {
    const key = countyKey(county);
    if (!key) return fail(`Give a county name or its slug, such as ${exampleNames(state)}.`);
    const found = await reader.county(key);
    if (!found) return fail(`No ${state.name} county matches "${county}". Did you mean: ${closest(key, await countySlugs(reader)).join(', ')}?`);
    const agencies = vouchersOnly ? found.housing_agencies.filter((a) => a.programs?.includes('vouchers')) : found.housing_agencies;
    const label = countyLabelIn(found.county, state);
    const url = hudAgencyListUrl(state);
    const serving = agencies.filter((a) => a.serves_here !== null).length;
    const head =
      agencies.length === 0
        ? `No public housing agency${vouchersOnly ? ' running vouchers' : ''} serves ${label} or has its office there in HUD's files as read here; one elsewhere in ${state.name} may serve it.`
        : serving > 0
          ? `${serving} housing agenc${serving === 1 ? 'y runs' : 'ies run'} vouchers in ${label}${serving > 1 ? ' (which one serves a household depends on its city)' : ''}, then ${agencies.length - serving} with only an office there:`
          : `The area each agency serves is not known here; ${agencies.length} public housing agenc${agencies.length === 1 ? 'y' : 'ies'}${vouchersOnly ? ' running vouchers' : ''} with an office in ${label}, vouchers first:`;
    const summary = [head, ...agencies.map((a, i) => `${i + 1}. ${agencyLine(a, state, found.county)}.`), `HUD's list for ${state.name}: ${url}`].join('\n');
    return ok(summary, { meta: found.meta, county: found.county, county_slug: found.county_slug, county_fips: found.county_fips, housing_agencies: agencies, hud_list_url: url });
  },
});
