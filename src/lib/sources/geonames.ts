// GeoNames postal codes (`US.txt`, and `PR.txt`: GeoNames keeps Puerto Rico apart from the states):
// tab-separated, no header, unquoted, the same columns in every country's file.
import { readDelimited } from './readers.ts';
import { RowReader, zipsOutside } from './table.ts';

export interface GeonamesPlace {
  zip: string;
  place: string;
  stateCode: string;
  /** Three-digit county FIPS as GeoNames gives it (admin2 code), or null. */
  countyCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface GeonamesFile {
  places: GeonamesPlace[];
  /** ZIP codes of other states the file holds: none for this state is then a gap in coverage, not a broken file. */
  rowsElsewhere: number;
}

/** GeoNames' file for a state: Puerto Rico is filed as a country of its own, the states and DC in `US.txt`. */
export const geonamesFileOf = (stateCode: string) => (stateCode === 'PR' ? 'PR.txt' : 'US.txt');

// Columns by position: the dump documents them but has no header row.
const POSTAL_CODE = 1;
const FIVE_DIGITS = /^\d{5}$/;
const PLACE_NAME = 2;
const ADMIN1_CODE = 4;
const ADMIN2_CODE = 6;
const LATITUDE = 9;
const LONGITUDE = 10;

export function parseGeonames(text: string, file: string, keepZip: (zip: string) => boolean): GeonamesFile {
  // The dump has no header: its columns are named by position, the postal code's is "2".
  const isPostalCodeColumn = (name: string) => name === String(POSTAL_CODE + 1);
  const table = readDelimited(text, file, {
    delimiter: '\t',
    hasHeader: false,
    quoted: false,
    leaveOut: zipsOutside(isPostalCodeColumn, keepZip, (text) => (FIVE_DIGITS.test(text) ? text : undefined)),
  });
  const reader = new RowReader(table);
  const places: GeonamesPlace[] = [];
  let rowsElsewhere = table.rowsLeftOut;
  for (let i = 0; i < table.rows.length; i++) {
    reader.at(i);
    const zip = reader.text(POSTAL_CODE);
    if (!FIVE_DIGITS.test(zip)) continue;
    if (!keepZip(zip)) {
      rowsElsewhere++;
      continue;
    }
    const county = reader.text(ADMIN2_CODE);
    const latitude = reader.number(LATITUDE, 'latitude');
    const longitude = reader.number(LONGITUDE, 'longitude');
    if (latitude !== null && Math.abs(latitude) > 90) reader.fail(LATITUDE, `latitude ${latitude} is out of range`);
    if (longitude !== null && Math.abs(longitude) > 180) reader.fail(LONGITUDE, `longitude ${longitude} is out of range`);
    places.push({
      zip,
      place: reader.text(PLACE_NAME),
      stateCode: reader.text(ADMIN1_CODE),
      countyCode: /^\d{3}$/.test(county) ? county : null,
      latitude,
      longitude,
    });
  }
  return { places, rowsElsewhere };
}
