// Which county, city and metro area a ZIP belongs to.
import { SourceError } from '../errors.ts';
import { compareCodePoints } from '../order.ts';
import type { HudArea } from '../contract/schemas.ts';
import type { GeonamesPlace } from '../sources/geonames.ts';
import type { CrosswalkRow } from '../sources/hud-crosswalk.ts';

/** "St. Louis" → "st-louis": lowercase, each run of non-alphanumerics one hyphen, trimmed. */
export function countySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The crosswalk row that decides a ZIP's county: largest RES_RATIO, then larger TOT_RATIO, then
 * the lower county FIPS. A ZIP with no residential addresses at all is placed by TOT_RATIO.
 */
export function primaryCrosswalkRow(rows: readonly CrosswalkRow[]): CrosswalkRow | undefined {
  const anyResidential = rows.some((r) => r.resRatio > 0);
  return [...rows].sort((a, b) => {
    if (anyResidential && a.resRatio !== b.resRatio) return b.resRatio - a.resRatio;
    if (a.totRatio !== b.totRatio) return b.totRatio - a.totRatio;
    return compareCodePoints(a.county, b.county);
  })[0];
}

export interface ZipPlace {
  countyFips: string;
  city: string;
}

/** "SAINT PAUL" → "Saint Paul": USPS writes cities in capitals. */
export function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s\-/.'])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** How a ZIP's county was found: by the crosswalk, or by GeoNames where the crosswalk does not place it. */
export type CountyFoundBy = 'crosswalk' | 'geonames';

/**
 * The county of a ZIP: the crosswalk's, among the state's own counties (a ZIP USPS gives to one
 * state may lie mostly in another: Fort Campbell, 42223, is 73% in Tennessee), else GeoNames'
 * county FIPS. Undefined when neither places it in one of the state's counties. Published ZIPs
 * and agencies' offices are placed by it alike.
 */
export function zipCountyOf(
  zip: string,
  crosswalkRows: readonly CrosswalkRow[],
  geonames: GeonamesPlace | undefined,
  stateFips: string,
  countyNames: ReadonlyMap<string, string>,
): { fips: string; by: CountyFoundBy; primary: CrosswalkRow | undefined } | undefined {
  const primary = primaryCrosswalkRow(crosswalkRows.filter((r) => r.county.startsWith(stateFips)));
  if (primary) {
    if (!countyNames.has(primary.county)) {
      throw new SourceError(
        { file: primary.file, row: primary.row, column: 'COUNTY' },
        `county code ${primary.county} of ZIP ${zip} is not in the state's county list`,
      );
    }
    return { fips: primary.county, by: 'crosswalk', primary };
  }
  const fips = geonames?.countyCode ? stateFips + geonames.countyCode : undefined;
  return fips !== undefined && countyNames.has(fips) ? { fips, by: 'geonames', primary } : undefined;
}

/** GeoNames' places by ZIP, the first of a ZIP's places where it has several. */
export function geonamesByZip(places: readonly GeonamesPlace[]): Map<string, GeonamesPlace> {
  const byZip = new Map<string, GeonamesPlace>();
  for (const place of places) if (!byZip.has(place.zip)) byZip.set(place.zip, place);
  return byZip;
}

/**
 * County and city of one published ZIP. County: zipCountyOf. City: GeoNames place name, else the
 * crosswalk's USPS preferred city. Undefined when no source places it in one of the state's counties.
 */
export function placeZip(
  zip: string,
  crosswalkRows: readonly CrosswalkRow[],
  geonames: GeonamesPlace | undefined,
  stateFips: string,
  countyNames: ReadonlyMap<string, string>,
  crosswalkFile: string,
): ZipPlace | undefined {
  const county = zipCountyOf(zip, crosswalkRows, geonames, stateFips, countyNames);
  if (!county) return undefined;
  const city = geonames?.place || titleCase(county.primary?.city ?? '');
  if (!city) throw new SourceError({ file: crosswalkFile }, `ZIP ${zip} has no city in GeoNames or the crosswalk`);
  return { countyFips: county.fips, city };
}

/**
 * The HUD FMR areas of a ZIP: those of its latest-year SAFMR rows (a ZIP split between areas has a
 * row in each), as HUD's county FMR file describes them. The area that holds the ZIP's county comes
 * first when it is one of them, then the others by name. Areas the file lacks are left out.
 */
export function zipHudAreas(areaNames: readonly string[], countyArea: string | undefined, areas: ReadonlyMap<string, HudArea>): HudArea[] {
  return [...new Set(areaNames)]
    .flatMap((name) => {
      const area = areas.get(name);
      return area ? [area] : [];
    })
    .sort((a, b) => Number(b.name === countyArea) - Number(a.name === countyArea) || compareCodePoints(a.name, b.name));
}

/**
 * The metro of a ZIP (CONTRACT-NOTES): of its metropolitan HUD areas, the one that holds its
 * county, else the alphabetically first; null when none is metropolitan. With `zipHudAreas`'
 * order, that is the first metropolitan area of the list.
 */
export function metroArea(hudAreas: readonly HudArea[]): string | null {
  return hudAreas.find((area) => area.metro)?.name ?? null;
}
