// What the service says about itself: licence, attribution, endpoints and where resources live.
import type { Meta } from './contract.ts';

export const SCHEMA_VERSION = '1.0';
export const API_VERSION = '1.0.0';
export const LICENSE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;
export const SERVICE_NAME = 'Minnesota Rent Data Service';

export interface Vintage {
  safmrFiscalYear: number;
  /** Null when the market rent index gave no published value (then it is not cited). */
  zoriMonth: string | null;
  /** Null when the ACS gave no published value. */
  acsVintage: string | null;
  /** Null when the build ran without the crosswalk. */
  crosswalk: { quarter: string | null } | null;
}

/** The citation users must give, naming the vintages actually read. */
export function attribution(v: Vintage): string {
  return [
    `${SERVICE_NAME} (CC BY 4.0).`,
    `Sources: U.S. Department of Housing and Urban Development (HUD), Small Area Fair Market Rents FY${v.safmrFiscalYear};`,
    ...(v.zoriMonth ? [`Zillow Observed Rent Index (ZORI) through ${v.zoriMonth}, Zillow Research;`] : []),
    ...(v.acsVintage ? [`U.S. Census Bureau, American Community Survey 5-year estimates ${v.acsVintage}, table B25064;`] : []),
    ...(v.crosswalk ? [`HUD-USPS ZIP Code Crosswalk${v.crosswalk.quarter ? ` ${v.crosswalk.quarter}` : ''};`] : []),
    'GeoNames postal codes (CC BY 4.0); U.S. Census Bureau ZCTA Gazetteer.',
  ].join(' ');
}

export interface Endpoint {
  operation_id: string;
  method: 'GET';
  path: string;
  summary: string;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { operation_id: 'listZips', method: 'GET', path: '/api/v1/index.json', summary: 'Every published ZIP code with its latest FMR, market rent and voucher spread' },
  { operation_id: 'getZip', method: 'GET', path: '/api/v1/zip/{zip}.json', summary: 'One ZIP code: FMR by fiscal year, monthly market rent, census rent, spread and nearby ZIPs' },
  { operation_id: 'getCounty', method: 'GET', path: '/api/v1/county/{slug}.json', summary: 'One county: medians and its ZIP codes' },
  { operation_id: 'getSectionEight', method: 'GET', path: '/api/v1/section-8.json', summary: 'The voucher spread: ZIP codes with both a 2-bedroom FMR and a market rent' },
  { operation_id: 'getMeta', method: 'GET', path: '/api/v1/meta.json', summary: 'Counts, source vintages and endpoints; poll meta.generated_at for changes' },
];

/** Absolute URLs under the site's base URL (no trailing slash on the base). */
export function siteUrls(site: string) {
  const base = site.replace(/\/+$/, '');
  return {
    base,
    zip: (zip: string) => `${base}/zip/${zip}/`,
    county: (slug: string) => `${base}/county/${slug}/`,
    sectionEight: `${base}/section-8/`,
    docs: `${base}/docs/`,
    home: `${base}/`,
    api: (path: string) => `${base}${path}`,
  };
}

/** `zoriMonth`: the latest month of the market rent file read, which the contract's `meta.sources` always names. */
export function metaBlock(site: string, generatedAt: string, v: Vintage, zoriMonth: string): Meta {
  return {
    license: LICENSE.name,
    license_url: LICENSE.url,
    attribution: attribution(v),
    sources: { hud_safmr: `FY${v.safmrFiscalYear}`, zori: zoriMonth },
    generated_at: generatedAt,
    schema_version: SCHEMA_VERSION,
    docs: siteUrls(site).docs,
  };
}
