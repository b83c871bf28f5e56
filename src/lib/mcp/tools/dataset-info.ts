import { MetaDoc } from '../../contract/schemas.ts';
import { defineTool, ok } from './tool.ts';

export const datasetInfo = defineTool({
  name: 'dataset_info',
  title: 'About the data',
  describe: () => 'Counts, source vintages (fiscal years, months, periods, files), licence, and the attribution users must give when they cite this data.',
  input: {},
  output: MetaDoc,
  async run(_args, reader) {
    const doc = await reader.meta();
    const v = doc.vintages;
    const summary =
      `${doc.counts.zips} ZIP codes and ${doc.counts.counties} counties; ${doc.counts.zips_with_market_rent} ZIPs have a market rent. ` +
      `HUD SAFMR fiscal years ${v.hud_safmr.fiscal_years.join(', ')}; Zillow ZORI ${v.zillow_zori.first_month} to ${v.zillow_zori.latest_month}` +
      (v.zillow_zori_county.latest_month ? ` (${doc.counts.counties_with_market_rent} counties: ${v.zillow_zori_county.first_month} to ${v.zillow_zori_county.latest_month})` : '') +
      `; ` +
      `Census ACS ${v.census_acs.vintage}. Generated ${doc.meta.generated_at}. Licence ${doc.meta.license} (${doc.meta.license_url}): attribution required.` +
      (doc.notices.length ? ` How current: ${doc.notices.join(' ')}` : ' The data is current for its generation date.');
    return ok(summary, doc);
  },
});
