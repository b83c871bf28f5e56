// llms.txt (llmstxt.org) and llms-full.txt: the service described in plain text for language models.
import { countySlug } from '../derive/places.ts';
import type { StateScope } from '../states.ts';
import type { CountyRecord, Meta, MetaRecord } from '../contract/schemas.ts';
import { CLONE_COMMAND, MCP_CLIENT_CONFIGS, MCP_RUN_LINES, NPX_COMMAND, NPX_ONCE_PUBLISHED, remoteClientConfigs } from '../mcp/client-config.ts';
import { TOOLS } from '../mcp/tools/index.ts';
import { ENDPOINTS } from '../contract/schemas.ts';
import { BULK_DIR, BULK_FILE_NAMES, BULK_TABLES } from '../contract/bulk-tables.ts';
import { CHANGES_FEED_PATH, siteUrls } from '../contract/routes.ts';
import { hudAgencyListUrl, LICENSE, serviceName } from '../contract/service.ts';
import { money, signedPercent } from '../contract/present.ts';
import { ENGLISH } from '../contract/english.ts';
import { SOURCE_LANGUAGE } from '../languages.ts';
import { voucherRulesLines } from './voucher-rules.ts';
import { FORTY_PERCENT_RULE } from '../voucher/sentences.ts';
import { schemaDocs } from './schema-fields.ts';

interface SiteFacts {
  /** The state the site is for. */
  state: StateScope;
  site: string;
  meta: Meta;
  record: MetaRecord;
}

const summaryOf = (state: StateScope, counties: number) =>
  `Free, keyless, read-only static JSON for ${state.name} rents: HUD Small Area Fair Market Rent (SAFMR) by bedroom count and fiscal year, ` +
  'the Zillow Observed Rent Index (ZORI) by month, Census ACS median gross rent, the voucher spread (market rent minus the 2-bedroom FMR), ' +
  "and HUD's Section 8 income limits by county and household size (who is eligible for a voucher), " +
  `for every ZIP code with a SAFMR and all ${counties} counties.`;

/** An endpoint's path with the state's example ZIP code and county filled in. */
const examplePath = (state: StateScope, path: string) => {
  const { zip, county } = state.example;
  return path.replace('{zip}', zip).replace('{slug}', countySlug(county));
};

/** The agencies whose voucher area is known, once each, with the counties it covers: for an agent that looks for a city's agency. */
function servingAgenciesTable(counties: readonly CountyRecord[]): string[] {
  const byCode = new Map<string, { agency: CountyRecord['housing_agencies'][number]; counties: string[] }>();
  for (const county of counties) {
    for (const agency of county.housing_agencies) {
      if (agency.serves_here === null) continue;
      const entry = byCode.get(agency.code) ?? { agency, counties: [] };
      entry.counties.push(`${county.county} (${agency.serves_here})`);
      byCode.set(agency.code, entry);
    }
  }
  if (byCode.size === 0) return [];
  const basis = (b: string | null) => (b === 'small_area' ? 'Small Area FMR' : b === 'area' ? 'area FMR' : 'not known');
  const rows = [...byCode.values()].sort((a, b) => (b.agency.vouchers ?? 0) - (a.agency.vouchers ?? 0) || (a.agency.code < b.agency.code ? -1 : 1));
  return [
    `## Housing agencies with a known voucher area (${rows.length})`,
    '',
    '| Agency | Code | Serves | Counties | Payment standards | Moving to Work | Vouchers | Phone |',
    '|---|---|---|---|---|---|---:|---|',
    ...rows.map(({ agency: a, counties: covered }) =>
      `| ${a.short_name ?? a.name ?? a.code} | ${a.code} | ${a.serves ?? ''} | ${covered.join(', ')} | ${basis(a.payment_standard_basis)} | ${a.moving_to_work === null ? 'not known' : a.moving_to_work ? 'yes' : 'no'} | ${a.vouchers ?? ''} | ${a.phone ?? ''} |`,
    ),
    '',
  ];
}

export function llmsTxt({ state, site, meta, record }: SiteFacts): string {
  const urls = siteUrls(site);
  return [
    `# ${serviceName(state)}`,
    '',
    `> ${summaryOf(state, record.counts.counties)}`,
    '',
    `Data: HUD SAFMR ${meta.sources.hud_safmr}, ZORI through ${meta.sources.zori}, ACS ${record.vintages.census_acs.vintage}. ` +
      `${record.counts.zips} ZIP codes, ${record.counts.counties} counties, ${record.counts.section_8_rows} ZIP codes with both an FMR and a market rent. ` +
      `No key, no rate limit, CORS open to any origin. Licence ${LICENSE.name}; attribution required: "${meta.attribution}" ` +
      'Neither FMR nor the market rent index is a rent quote for any address.',
    ...(record.notices.length ? ['', `How current: ${record.notices.join(' ')}`] : []),
    '',
    '## API',
    '',
    ...ENDPOINTS.map((e) => `- [${e.operation_id}](${urls.api(examplePath(state, e.path))}): GET ${e.path}. ${e.summary}`),
    `- [Bulk files](${urls.api(`${BULK_DIR}datapackage.json`)}): the whole dataset as CSV and Parquet tables (${BULK_TABLES.join(', ')}), described by a Frictionless data package`,
    `- [Change log](${urls.api(CHANGES_FEED_PATH)}): an Atom feed of what changed in each build`,
    '',
    '## Agent server',
    '',
    `An MCP server over this data, the npm package \`mnrent-mcp\`, answers with each result's vintage and attribution: ${TOOLS.map((t) => t.name).join(', ')}. ` +
      `Run it over this site with \`${NPX_COMMAND}\` (Node 18 or later) once the package is published on npm; from a clone of the repository, \`${CLONE_COMMAND}\`; details in llms-full.txt and the developer docs.`,
    ...(record.agent_server ? ['', `- [Agent server at a URL](${record.agent_server.url}): Streamable HTTP (stateless), for clients that connect to a remote MCP server; nothing to install`] : []),
    '',
    '## Docs',
    '',
    `- [OpenAPI 3.1 contract](${urls.api('/openapi.json')}): every endpoint, field and type`,
    `- [Full text summary](${urls.api('/llms-full.txt')}): fields, sources, vintages and county medians in plain text`,
    `- [Developer docs](${urls.docs})`,
    '',
    '## Optional',
    '',
    `- [Voucher spread table](${urls.sectionEight}): the page for people`,
    `- [Sitemap](${urls.api('/sitemap-index.xml')})`,
    '',
  ].join('\n');
}

function describeSchemas(): string[] {
  return schemaDocs().flatMap(({ name, description, fields }) => [
    `### ${name}`,
    '',
    ...(description ? [description, ''] : []),
    ...fields.map((f) => `- \`${f.name}\` (${f.type})${f.description ? `: ${f.description}` : ''}`),
    '',
  ]);
}

export function llmsFullTxt(facts: SiteFacts, counties: readonly CountyRecord[]): string {
  const { state, site, meta, record } = facts;
  const urls = siteUrls(site);
  const v = record.vintages;
  return [
    llmsTxt(facts).trimEnd(),
    '',
    '## How to use it',
    '',
    `Base URL: ${urls.base}. Every endpoint is GET, takes no query parameters, returns application/json, and carries \`meta\` ` +
      '(licence, attribution, source vintages, generated_at, schema_version 1.0, docs). Fetch /api/v1/meta.json first and compare ' +
      '`meta.generated_at` to see whether anything changed; files are immutable between regenerations and cached for one day. ' +
      'An unknown ZIP or county is a 404 with a JSON problem body.',
    '',
    ...ENDPOINTS.map((e) => `- ${e.operation_id}: GET ${urls.api(e.path)} (example: ${urls.api(examplePath(state, e.path))}). ${e.summary}.`),
    `- Bulk files: ${BULK_FILE_NAMES.map((name) => urls.api(`${BULK_DIR}${name}`)).join(', ')}.`,
    '',
    '## Agent server (MCP)',
    '',
    'mnrent-mcp serves this data to AI assistants over the Model Context Protocol. It reads the built JSON API (a folder or this site), never the raw sources; ' +
      'every tool is read-only and returns a text answer plus structured content with the attribution. Unknown ZIPs and counties are tool errors with the closest valid suggestions.',
    '',
    ...MCP_RUN_LINES.map((l) => `    ${l.replace('https://SITE', urls.base)}`),
    '',
    NPX_ONCE_PUBLISHED,
    '',
    ...(record.agent_server
      ? [
          `This deployment also serves it at ${record.agent_server.url} (Streamable HTTP, stateless; any origin may call it): clients that take a URL connect there, with nothing to install.`,
          '',
          ...remoteClientConfigs(record.agent_server.url).flatMap((c) => [`${c.client} (${c.file}):`, '', ...c.text.split('\n').map((l) => `    ${l}`), '']),
        ]
      : []),
    ...TOOLS.map((t) => `- ${t.name}(${Object.keys(t.input).join(', ')}): ${t.describe({ state, language: SOURCE_LANGUAGE })}`),
    '- Resources: mnrent://openapi.json, mnrent://llms-full.txt.',
    '',
    ...MCP_CLIENT_CONFIGS.flatMap((c) => [`${c.client} (${c.file}):`, '', ...c.text.split('\n').map((l) => `    ${l}`), '']),
    '',
    '## Rules behind the numbers',
    '',
    `- A published ZIP has HUD SAFMR values in the latest fiscal year and a ${state.name} prefix (${state.zipRanges}).`,
    '- `fmr` is the latest fiscal year of `fmr_by_fy`; `fmr2_yoy_pct` = 100 × (2-bedroom FMR latest − prior year) / prior year, one decimal.',
    '- `zori_latest` is the last month of the ZIP\'s ZORI series, rent rounded to whole dollars; monthly rents have 2 decimals.',
    '- `spread` = market rent − 2-bedroom Small Area FMR; `spread_pct` = 100 × spread / 2-bedroom FMR; `voucher_competitive` = FMR ≥ market rent. All null without a market rent.',
    "- `hud_areas`: every HUD FMR area whose latest-year Small Area FMR rows list the ZIP (a ZIP split between areas has several), each with HUD's code, name, metro flag and area-wide FMR from the county FMR file; the area that holds the ZIP's county first, then by name.",
    '- `area_fmr` = the area-wide FMR of the first of `hud_areas`; `area_spread`, `area_spread_pct`, `area_voucher_competitive` are the spread fields against its 2-bedroom rent. ' +
      'Housing authorities base payment standards on one or the other: ' + ENGLISH.say('compare.which'),
    '- `zori_lag_months`: whole months from the latest market rent month to the October that opens the latest FMR fiscal year; positive when the market rent is older.',
    `- ${ENGLISH.say('compare.what')}`,
    '- County of a ZIP: HUD-USPS crosswalk row with the largest residential ratio; city: GeoNames place name, else USPS preferred city.',
    "- `metro`: of the ZIP's metropolitan HUD areas in the latest year, the one that holds its county, else the alphabetically first; null when none is metropolitan.",
    '- `nearby`: the six nearest published ZIPs by great-circle distance between Census ZCTA centroids (GeoNames coordinates where no ZCTA).',
    '- County medians: over the county\'s ZIP rows; an even count averages the middle two; rents to whole dollars, percents to one decimal.',
    '- Rounding everywhere: half away from zero (−6.25 → −6.3, 6.25 → 6.3).',
    "- `income_limits` (ZIP and county): HUD's Section 8 income limits of the county for the fiscal year in effect on the build date, verbatim, keyed \"1\" to \"8\" persons; a ZIP takes its county's; null where HUD's file has no row for the county. " +
      'Above 8 persons the very low and low limits are the 4-person limit plus 8% of it per person above 4, rounded up to the next $50; HUD publishes no extremely low limit above 8.',
    `- ${FORTY_PERCENT_RULE}`,
    ...voucherRulesLines().map((line) => `- ${line}`),
    "- `housing_wage` (ZIP and county): for each unit size on both bases, FMR × 12 ÷ 0.30 ÷ 2,080 hours, dollars and cents, half away from zero (NLIHC's Out of Reach method); the income needed is FMR × 40. A county's is of the median FMR of its ZIP rows.",
    "- `housing_agencies` (ZIP and county): who runs vouchers there. First the agencies whose voucher area covers all or part of the county (`serves_here` all or part), each with the area in words (`serves`), county by county (`area`), which FMR its payment standards follow (`payment_standard_basis`, small_area or area, `basis_since`), whether it is a Moving to Work agency with rent rules of its own (`moving_to_work`, `alternative_rent`) and the pages those facts rest on (`sources`: URL, the date the page states, its words); then those that only have an office in the county (`serves_here` null); most vouchers first, public housing only last. A ZIP takes its county's list. " +
      "Which agency serves a household depends on the city it lives in, not on its ZIP code (the Postal Service often gives a big city's name to its suburbs' ZIP codes): never pick one from the ZIP alone; name those whose area may hold the household's city. " +
      "Name, office, phone, email, programs and `vouchers` come from HUD's Public Housing Authorities data, checked against two parses of its contact reports; the areas and rules from the agencies' own pages, a fact no page states null. " +
      `\`voucher_fit\`'s \`agencies\` and its summary lines name the agencies that use each basis. HUD's own list: ${hudAgencyListUrl(state)}`,
    '',
    '## Fields',
    '',
    ...describeSchemas(),
    '## Sources and vintages',
    '',
    `- HUD Small Area Fair Market Rents, fiscal years ${v.hud_safmr.fiscal_years.join(', ')} (latest FY${v.hud_safmr.latest_fiscal_year}). Public domain (U.S. government work).`,
    `- HUD county Fair Market Rents FY${v.hud_fmr.fiscal_year}: county names and FIPS, metro flags. Public domain.`,
    `- HUD Section 8 Income Limits FY${v.hud_il.fiscal_year}, in effect since ${v.hud_il.effective_date}: eligibility by household size. Public domain.`,
    `- Zillow Observed Rent Index, ZIP level, smoothed, all homes plus multifamily: ${v.zillow_zori.first_month ?? '?'} to ${v.zillow_zori.latest_month}. Zillow Research data; cite Zillow.`,
    `- U.S. Census Bureau ACS 5-year ${v.census_acs.vintage}, table ${v.census_acs.table} (median gross rent) by ZCTA. Public domain.`,
    `- HUD-USPS ZIP Code Crosswalk ${v.hud_usps_crosswalk.quarter ?? ''}: ZIP to county. Public domain.`,
    '- GeoNames postal codes: place names and coordinates. CC BY 4.0.',
    '- U.S. Census Bureau ZCTA Gazetteer: internal points. Public domain.',
    "- HUD's Public Housing Authorities data (its open-data layer): each agency's name, office, phone, programs and vouchers. Public domain.",
    "- HUD's public housing agency contact reports, as parsed by GGPrompts/vibe4vets and Kosaiyno/Sect8: they fill and confirm the layer. The facts are HUD's (public domain).",
    "- Housing agencies' own pages (and their cities', counties' and newspapers'), for the area each serves and the rules it uses: each fact's page, date and words in `sources`.",
    '',
    `Licence of this dataset: ${LICENSE.name} (${LICENSE.url}). Commercial use allowed; attribution is the only condition. Underlying sources keep their own terms.`,
    '',
    `Attribution: ${meta.attribution}`,
    '',
    `Generated at ${meta.generated_at}.`,
    '',
    ...servingAgenciesTable(counties),
    `## Counties (${counties.length})`,
    '',
    '| County | Slug | ZIPs | ZIPs with market rent | Median 2-bedroom Small Area FMR | Median 2-bedroom area FMR | Median market rent | Median FMR change |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...counties.map(
      (c) =>
        `| ${c.county} | ${c.county_slug} | ${c.zip_count} | ${c.zori_zip_count} | ${money(c.medians.fmr2)} | ${money(c.medians.area_fmr2)} | ${money(c.medians.market_rent)} | ${signedPercent(c.medians.fmr2_yoy_pct)} |`,
    ),
    '',
  ].join('\n');
}
