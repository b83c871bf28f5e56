// What the service says about itself: licence, attribution, endpoints and where resources live.
import type { Meta, Vintages } from './schemas.ts';
import type { StateScope } from '../states.ts';
import { ENGLISH } from './english.ts';
import { siteUrls } from './routes.ts';

export const SCHEMA_VERSION = '1.0';
export const API_VERSION = '1.0.0';
/** The version of the two npm packages (mnrent-mcp, mnrent-client) and of the agent server it announces. */
export const PACKAGE_VERSION = '1.1.0';
export const LICENSE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;
/** HUD's own list of a state's public housing agencies: one PDF a state, the source of the contact data. */
export const hudAgencyListUrl = (state: StateScope) => `https://www.hud.gov/sites/dfiles/PIH/documents/PHA_Contact_Report_${state.code}.pdf`;

/** The service's name, after the state this build is for: "Minnesota Rent Data Service". */
export const serviceName = (state: StateScope) => ENGLISH.say('site.name', { state: state.name });

export interface Vintage {
  safmrFiscalYear: number;
  /** Null when the market rent index gave no published value (then it is not cited). */
  zoriMonth: string | null;
  /** The latest month of Zillow's county series; null when no county has one (then only the ZIP series is cited). */
  countyZoriMonth: string | null;
  /** Null when the ACS gave no published value. */
  acsVintage: string | null;
  /** Null when the build ran without the crosswalk. */
  crosswalk: { quarter: string | null } | null;
  /** False when GeoNames had no rows for the state (Puerto Rico from US.txt): then it is not cited. */
  geonames: boolean;
  /** Null when no county of the state has HUD income limits. */
  incomeLimitsFiscalYear: number | null;
  /** False when no housing agency's office was placed in a county: then HUD's agency layer and contact reports are not cited. */
  housingAgencies: boolean;
  /** True when an agency's area came from its own pages (data/agency-areas/): then those pages are cited. */
  agencyAreas: boolean;
}

/** Where a reader reports a mistranslation: the API docs' "Translations" section, which says what to send and where (the service's contact, as openapi.json names it). */
/** The citation users must give, naming the vintages actually read. */
export function attribution(state: StateScope, v: Vintage): string {
  return [
    `${serviceName(state)} (CC BY 4.0).`,
    `Sources: U.S. Department of Housing and Urban Development (HUD), Small Area Fair Market Rents FY${v.safmrFiscalYear};`,
    ...(v.incomeLimitsFiscalYear ? [`HUD Section 8 Income Limits FY${v.incomeLimitsFiscalYear};`] : []),
    ...zoriCitation(v),
    ...(v.acsVintage ? [`U.S. Census Bureau, American Community Survey 5-year estimates ${v.acsVintage}, table B25064;`] : []),
    ...(v.crosswalk ? [`HUD-USPS ZIP Code Crosswalk${v.crosswalk.quarter ? ` ${v.crosswalk.quarter}` : ''};`] : []),
    ...(v.geonames ? ['GeoNames postal codes (CC BY 4.0);'] : []),
    ...(v.housingAgencies ? ["HUD Public Housing Authorities data and public housing agency contact reports;"] : []),
    ...(v.agencyAreas ? ["housing agencies' own pages (each fact's page in its sources);"] : []),
    'U.S. Census Bureau ZCTA Gazetteer.',
  ].join(' ');
}

/** Zillow's index as cited: the ZIP series' month, and the county series' where it gave values. */
function zoriCitation({ zoriMonth, countyZoriMonth }: Vintage): string[] {
  if (zoriMonth && countyZoriMonth) return [`Zillow Observed Rent Index (ZORI), ZIP codes through ${zoriMonth} and counties through ${countyZoriMonth}, Zillow Research;`];
  if (zoriMonth) return [`Zillow Observed Rent Index (ZORI) through ${zoriMonth}, Zillow Research;`];
  return countyZoriMonth ? [`Zillow Observed Rent Index (ZORI), counties through ${countyZoriMonth}, Zillow Research;`] : [];
}

/** The vintages a build read, in a short phrase for a command's last line. */
export function vintagesInBrief(v: Vintages): string {
  const years = v.hud_safmr.fiscal_years;
  const safmr = years.length > 1 ? `FY${years[0]}-FY${years.at(-1)}` : `FY${v.hud_safmr.latest_fiscal_year}`;
  return [
    `Small Area FMR ${safmr}`,
    `county FMR FY${v.hud_fmr.fiscal_year}`,
    `income limits FY${v.hud_il.fiscal_year}`,
    `ZORI to ${v.zillow_zori.latest_month}${v.zillow_zori_county.latest_month ? ` (counties ${v.zillow_zori_county.latest_month})` : ''}`,
    `ACS ${v.census_acs.vintage}`,
    ...(v.hud_usps_crosswalk.quarter ? [`crosswalk ${v.hud_usps_crosswalk.quarter}`] : []),
  ].join(', ');
}

/** `zoriMonth`: the latest month of the market rent file read, which the contract's `meta.sources` always names. */
export function metaBlock(state: StateScope, site: string, generatedAt: string, v: Vintage, zoriMonth: string): Meta {
  return {
    license: LICENSE.name,
    license_url: LICENSE.url,
    attribution: attribution(state, v),
    sources: { hud_safmr: `FY${v.safmrFiscalYear}`, zori: zoriMonth },
    generated_at: generatedAt,
    schema_version: SCHEMA_VERSION,
    docs: siteUrls(site).docs,
  };
}
