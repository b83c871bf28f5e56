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
  title: 'Housing agencies with an office in a county',
  describe({ state }: Context) {
    return (
      `The public housing agencies whose office is in one of ${state.name}'s counties, from HUD's contact reports: name, HUD code, whether it runs vouchers (Section 8) or public housing, phone, email and address; those that run vouchers first. ` +
      'Where to apply for a Housing Choice Voucher. The county is where the office is, not the area the agency serves: an agency may serve a wider area. A detail the two copies of HUD\'s reports read here disagree on is null.'
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
    const head =
      agencies.length === 0
        ? `No public housing agency${vouchersOnly ? ' running vouchers' : ''} has its office in ${label} in HUD's contact list as read here; one elsewhere in ${state.name} may serve it.`
        : `${agencies.length} public housing agenc${agencies.length === 1 ? 'y' : 'ies'}${vouchersOnly ? ' running vouchers' : ''} with an office in ${label}, vouchers first:`;
    const summary = [head, ...agencies.map((a, i) => `${i + 1}. ${agencyLine(a, state)}.`), `Where the office is, not the area served. HUD's list for ${state.name}: ${url}`].join('\n');
    return ok(summary, { meta: found.meta, county: found.county, county_slug: found.county_slug, county_fips: found.county_fips, housing_agencies: agencies, hud_list_url: url });
  },
});
