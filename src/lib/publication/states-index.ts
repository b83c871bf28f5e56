// The page at the root of a host that serves several states (`npm run build:states`): which states
// are here, in plain words, with a link to each. Plain HTML with its own small style, so it needs
// nothing of any state's build.
import { escapeMarkup } from '../markup.ts';
import type { MetaDoc } from '../contract/schemas.ts';
import type { StateScope } from '../states.ts';

export interface BuiltState {
  state: StateScope;
  /** The state's path on the host: `/wi/`. */
  path: string;
  meta: MetaDoc;
}


/** A page of the root: the shell every root page shares, around `body` (lines of HTML). */
function rootPage(title: string, description: string, body: readonly string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeMarkup(title)}</title>`,
    `<meta name="description" content="${escapeMarkup(description)}">`,
    '<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}a{color:#0b57d0}li{margin:.5rem 0}</style>',
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The root's error pages (404, and 405 for a method other than GET, HEAD and OPTIONS): what happened, and where to go. */
export function statesErrorHtml(status: 404 | 405, built: readonly BuiltState[]): string {
  const [title, what] = status === 404 ? ['Page not found', 'There is no page at this address.'] : ['Method not allowed', 'This site is read-only: it answers GET and HEAD.'];
  return rootPage(title, what, [
    '<main>',
    `<h1>${title}</h1>`,
    `<p>${what} <a href="/">Rent data by state</a> lists every state served here:</p>`,
    `<ul>${built.map(({ state, path }) => `<li><a href="${escapeMarkup(path)}">${escapeMarkup(state.name)}</a></li>`).join('')}</ul>`,
    '</main>',
  ]);
}

/** `datasetJson`: the national tables as schema.org JSON-LD (dataset-markup.ts). */
export function statesIndexHtml(built: readonly BuiltState[], datasetJson: string): string {
  const items = built.map(({ state, path, meta }) => {
    const what = `${meta.counts.zips.toLocaleString('en-US')} ZIP codes, ${meta.counts.counties} counties, Fair Market Rents ${meta.meta.sources.hud_safmr}`;
    return `<li><a href="${escapeMarkup(path)}">${escapeMarkup(state.name)}</a>: ${escapeMarkup(what)}. <a href="${escapeMarkup(path)}api/v1/meta.json" aria-label="${escapeMarkup(state.name)} data as JSON">JSON</a></li>`;
  });
  return rootPage('Rent data by state', 'Fair Market Rent, market rent and census rent by ZIP code and county, one site per state, and the whole country in one table.', [
    '<main>',
    '<h1>Rent data by state</h1>',
    `<p>What rent costs by ZIP code and county, and whether a housing voucher reaches it, for ${built.length === 1 ? 'one state' : `${built.length} states`}. Choose one:</p>`,
    `<ul>${items.join('')}</ul>`,
    '<p>Each state has the same free JSON API under its own path, and <a href="states.json">states.json</a> lists them.</p>',
    '<h2>The whole country in one file</h2>',
    '<p>Every state\'s ZIP codes, counties and housing agencies in one table each, row for row the states\' own, with a <code>state</code> column first:</p>',
    '<ul>',
    '<li>ZIP codes: <a href="api/v1/bulk/zips.csv">zips.csv</a>, <a href="api/v1/bulk/zips.parquet">zips.parquet</a></li>',
    '<li>Counties: <a href="api/v1/bulk/counties.csv">counties.csv</a>, <a href="api/v1/bulk/counties.parquet">counties.parquet</a></li>',
    '<li>Housing agencies: <a href="api/v1/bulk/housing_agencies.csv">housing_agencies.csv</a>, <a href="api/v1/bulk/housing_agencies.parquet">housing_agencies.parquet</a>; each county\'s: <a href="api/v1/bulk/agency_counties.csv">agency_counties.csv</a>, <a href="api/v1/bulk/agency_counties.parquet">agency_counties.parquet</a></li>',
    '<li>What each column holds, each file\'s size and sha256: <a href="api/v1/bulk/datapackage.json">datapackage.json</a> (a Frictionless data package)</li>',
    '</ul>',
    '<p>For programs: <a href="openapi.json">openapi.json</a> (OpenAPI 3.1) and <a href="llms.txt">llms.txt</a>.</p>',
    '</main>',
    `<script type="application/ld+json">${datasetJson}</script>`,
  ]);
}
