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


export function statesIndexHtml(built: readonly BuiltState[]): string {
  const items = built.map(({ state, path, meta }) => {
    const what = `${meta.counts.zips.toLocaleString('en-US')} ZIP codes, ${meta.counts.counties} counties, Fair Market Rents ${meta.meta.sources.hud_safmr}`;
    return `<li><a href="${escapeMarkup(path)}">${escapeMarkup(state.name)}</a>: ${escapeMarkup(what)}. <a href="${escapeMarkup(path)}api/v1/meta.json" aria-label="${escapeMarkup(state.name)} data as JSON">JSON</a></li>`;
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Rent data by state</title>',
    '<meta name="description" content="Fair Market Rent, market rent and census rent by ZIP code and county, one site per state.">',
    '<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}a{color:#0b57d0}li{margin:.5rem 0}</style>',
    '</head>',
    '<body>',
    '<main>',
    '<h1>Rent data by state</h1>',
    `<p>What rent costs by ZIP code and county, and whether a housing voucher reaches it, for ${built.length === 1 ? 'one state' : `${built.length} states`}. Choose one:</p>`,
    `<ul>${items.join('')}</ul>`,
    '<p>Each state has the same free JSON API under its own path, and <a href="states.json">states.json</a> lists them.</p>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
