// Every state the service can be built for: the one table of the 50 states, DC and Puerto Rico.
// A build is for one state (`--state`, or MNRENT_STATE; default MN), chosen where the work starts
// and handed down as a value (context.ts); everything that names or draws it reads the row here.
import { countyLabel } from './county-words.ts';

/** Everything that makes a build one state's. */
export interface StateScope {
  /** USPS abbreviation, as in HUD's `stusps` and the crosswalk's `USPS_ZIP_PREF_STATE`. */
  code: string;
  name: string;
  /** Two-digit state FIPS code; county FIPS codes start with it. */
  fips: string;
  /** Three-digit ZIP prefixes (USPS sectional centres) that USPS assigns to the state. */
  zipPrefixes: readonly string[];
  /** The same prefixes as ranges, as people write them: "550-567", "733,750-799,885". */
  zipRanges: string;
  /**
   * The word HUD's county FMR file puts after most of the state's county names ("Hennepin County",
   * "Acadia Parish", "Adjuntas Municipio"); null where there is none to drop (Alaska, DC).
   */
  countyWord: 'County' | 'Parish' | 'Municipio' | null;
  /** The central meridian (degrees east) of the transverse Mercator that draws the state's map. */
  meridian: number;
  /** The place the service's own examples use (llms.txt, the docs, openapi.json, the agent server's wording). */
  example: StateExample;
}

export interface StateExample {
  /** A published ZIP code with a Census ZCTA. */
  zip: string;
  /** Its city as USPS and GeoNames write it. */
  city: string;
  /** A county as it is published (countyName): its slug is the example slug. */
  county: string;
}

/** `"550-567,569"` → every three-digit prefix in those ranges. */
function prefixes(ranges: string): string[] {
  const out: string[] = [];
  for (const range of ranges.split(',')) {
    const [first, last = first] = range.split('-').map(Number) as [number, number?];
    for (let p = first; p <= last; p++) out.push(String(p).padStart(3, '0'));
  }
  return out;
}

type Row = [code: string, name: string, fips: string, zipRanges: string, meridian: number, countyWord?: StateScope['countyWord']];

// ZIP prefixes as USPS assigns them (Publication 65's three-digit ZIP Code prefix list); military
// (090-099, 340, 962-966) and the Pacific territories are no state's. Meridians: the state's middle
// (Minnesota's 94°W is the one its map has always used).
const ROWS: Row[] = [
  ['AL', 'Alabama', '01', '350-369', -86.8],
  ['AK', 'Alaska', '02', '995-999', -150, null],
  ['AZ', 'Arizona', '04', '850-865', -111.7],
  ['AR', 'Arkansas', '05', '716-729', -92.4],
  ['CA', 'California', '06', '900-961', -119.5],
  ['CO', 'Colorado', '08', '800-816', -105.5],
  ['CT', 'Connecticut', '09', '060-069', -72.7],
  ['DE', 'Delaware', '10', '197-199', -75.5],
  ['DC', 'District of Columbia', '11', '200,202-205,569', -77, null],
  ['FL', 'Florida', '12', '320-339,341-349', -83.5],
  ['GA', 'Georgia', '13', '300-319,398-399', -83.4],
  ['HI', 'Hawaii', '15', '967-968', -157.5],
  ['ID', 'Idaho', '16', '832-838', -114.6],
  ['IL', 'Illinois', '17', '600-629', -89.2],
  ['IN', 'Indiana', '18', '460-479', -86.3],
  ['IA', 'Iowa', '19', '500-528', -93.5],
  ['KS', 'Kansas', '20', '660-679', -98.4],
  ['KY', 'Kentucky', '21', '400-427', -85.7],
  ['LA', 'Louisiana', '22', '700-715', -92, 'Parish'],
  ['ME', 'Maine', '23', '039-049', -69.2],
  ['MD', 'Maryland', '24', '206-219', -77.2],
  ['MA', 'Massachusetts', '25', '010-027,055', -71.8],
  ['MI', 'Michigan', '26', '480-499', -85.4],
  ['MN', 'Minnesota', '27', '550-567', -94],
  ['MS', 'Mississippi', '28', '386-397', -89.7],
  ['MO', 'Missouri', '29', '630-658', -92.5],
  ['MT', 'Montana', '30', '590-599', -109.6],
  ['NE', 'Nebraska', '31', '680-693', -99.8],
  ['NV', 'Nevada', '32', '889-898', -116.9],
  ['NH', 'New Hampshire', '33', '030-038', -71.6],
  ['NJ', 'New Jersey', '34', '070-089', -74.7],
  ['NM', 'New Mexico', '35', '870-884', -106.1],
  ['NY', 'New York', '36', '005,100-149', -75.5],
  ['NC', 'North Carolina', '37', '270-289', -79.4],
  ['ND', 'North Dakota', '38', '580-588', -100.5],
  ['OH', 'Ohio', '39', '430-459', -82.8],
  ['OK', 'Oklahoma', '40', '730-731,734-749', -97.5],
  ['OR', 'Oregon', '41', '970-979', -120.5],
  ['PA', 'Pennsylvania', '42', '150-196', -77.6],
  ['RI', 'Rhode Island', '44', '028-029', -71.5],
  ['SC', 'South Carolina', '45', '290-299', -80.9],
  ['SD', 'South Dakota', '46', '570-577', -100.2],
  ['TN', 'Tennessee', '47', '370-385', -86.3],
  ['TX', 'Texas', '48', '733,750-799,885', -99.3],
  ['UT', 'Utah', '49', '840-847', -111.7],
  ['VT', 'Vermont', '50', '050-054,056-059', -72.7],
  ['VA', 'Virginia', '51', '201,220-246', -78.8],
  ['WA', 'Washington', '53', '980-994', -120.5],
  ['WV', 'West Virginia', '54', '247-268', -80.6],
  ['WI', 'Wisconsin', '55', '530-549', -89.9],
  ['WY', 'Wyoming', '56', '820-831', -107.5],
  ['PR', 'Puerto Rico', '72', '006-007,009', -66.5, 'Municipio'],
];

// Examples: the capital's lowest ZIP code that has a Census ZCTA and a Small Area FMR, and its
// county; Minnesota keeps the examples its service has always shown. tests/states.test.ts checks
// every row against GeoNames, the gazetteer, the SAFMR file and the county FMR file.
const EXAMPLES: Record<string, [zip: string, city: string, county: string]> = {
  AL: ['36101', 'Montgomery', 'Montgomery'],
  AK: ['99801', 'Juneau', 'Juneau City and Borough'],
  AZ: ['85003', 'Phoenix', 'Maricopa'],
  AR: ['72201', 'Little Rock', 'Pulaski'],
  CA: ['95811', 'Sacramento', 'Sacramento'],
  CO: ['80202', 'Denver', 'Denver'],
  CT: ['06103', 'Hartford', 'Capitol Planning Region'],
  DE: ['19901', 'Dover', 'Kent'],
  DC: ['20001', 'Washington', 'District of Columbia'],
  FL: ['32301', 'Tallahassee', 'Leon'],
  GA: ['30303', 'Atlanta', 'Fulton'],
  HI: ['96813', 'Honolulu', 'Honolulu'],
  ID: ['83702', 'Boise', 'Ada'],
  IL: ['62701', 'Springfield', 'Sangamon'],
  IN: ['46201', 'Indianapolis', 'Marion'],
  IA: ['50309', 'Des Moines', 'Polk'],
  KS: ['66603', 'Topeka', 'Shawnee'],
  KY: ['40601', 'Frankfort', 'Franklin'],
  LA: ['70801', 'Baton Rouge', 'East Baton Rouge'],
  ME: ['04330', 'Augusta', 'Kennebec'],
  MD: ['21401', 'Annapolis', 'Anne Arundel'],
  MA: ['02108', 'Boston', 'Suffolk'],
  MI: ['48906', 'Lansing', 'Ingham'],
  MN: ['55104', 'Saint Paul', 'St. Louis'],
  MS: ['39201', 'Jackson', 'Hinds'],
  MO: ['65101', 'Jefferson City', 'Cole'],
  MT: ['59601', 'Helena', 'Lewis and Clark'],
  NE: ['68502', 'Lincoln', 'Lancaster'],
  NV: ['89701', 'Carson City', 'Carson City'],
  NH: ['03301', 'Concord', 'Merrimack'],
  NJ: ['08608', 'Trenton', 'Mercer'],
  NM: ['87501', 'Santa Fe', 'Santa Fe'],
  NY: ['12202', 'Albany', 'Albany'],
  NC: ['27601', 'Raleigh', 'Wake'],
  ND: ['58501', 'Bismarck', 'Burleigh'],
  OH: ['43201', 'Columbus', 'Franklin'],
  OK: ['73102', 'Oklahoma City', 'Oklahoma'],
  OR: ['97301', 'Salem', 'Marion'],
  PA: ['17101', 'Harrisburg', 'Dauphin'],
  RI: ['02903', 'Providence', 'Providence'],
  SC: ['29201', 'Columbia', 'Richland'],
  SD: ['57501', 'Pierre', 'Hughes'],
  TN: ['37201', 'Nashville', 'Davidson'],
  TX: ['78701', 'Austin', 'Travis'],
  UT: ['84101', 'Salt Lake City', 'Salt Lake'],
  VT: ['05602', 'Montpelier', 'Washington'],
  VA: ['23219', 'Richmond', 'Richmond city'],
  WA: ['98501', 'Olympia', 'Thurston'],
  WV: ['25301', 'Charleston', 'Kanawha'],
  WI: ['53703', 'Madison', 'Dane'],
  WY: ['82001', 'Cheyenne', 'Laramie'],
  PR: ['00901', 'San Juan', 'San Juan'],
};

export const STATES: readonly StateScope[] = ROWS.map(([code, name, fips, zipRanges, meridian, countyWord]) => {
  const example = EXAMPLES[code];
  if (!example) throw new Error(`state.ts: ${code} has no example place`);
  const [zip, city, county] = example;
  return {
    code,
    name,
    fips,
    zipPrefixes: prefixes(zipRanges),
    zipRanges,
    countyWord: countyWord === undefined ? 'County' : countyWord,
    meridian,
    example: { zip, city, county },
  };
});

export const DEFAULT_STATE_CODE = 'MN';

/** The state code a process was started with (`env` is its environment): MNRENT_STATE, else Minnesota's. Read at entry points only. */
export const stateCodeIn = (env: NodeJS.ProcessEnv): string => env.MNRENT_STATE ?? DEFAULT_STATE_CODE;

export function stateByCode(code: string): StateScope | undefined {
  return STATES.find((s) => s.code === code.toUpperCase());
}

/** The Minnesota row: the default build, and the fixtures' state. */
export const MINNESOTA = stateByCode('MN') as StateScope;

/**
 * ZIP codes USPS serves from a neighbouring state's sectional centre: their prefix is the
 * neighbour's, their state is not (GeoNames and the crosswalk agree; tests/states.test.ts checks the
 * whole table against GeoNames).
 */
export const CROSS_BORDER_ZIPS: Readonly<Record<string, string>> = {
  '06390': 'NY', // Fishers Island, served from New London, CT
  '20588': 'MD',
  '20598': 'VA',
  '72643': 'MO',
  '73960': 'TX',
  '83414': 'WY',
};

/**
 * A predicate for "this five-digit ZIP belongs to the state", cheap enough for every source row: a
 * national file's 400,000 or so ZIP codes are asked about on the dataset's thread, so its three
 * digits index a table rather than making a string each (about a third of the time).
 */
export function zipInState(state: StateScope): (zip: string) => boolean {
  const prefixIn = new Uint8Array(1000);
  for (const prefix of state.zipPrefixes) prefixIn[Number(prefix)] = 1;
  const acrossBorders = new Map(Object.entries(CROSS_BORDER_ZIPS));
  const digit = (zip: string, i: number) => {
    const d = zip.charCodeAt(i) - 48;
    return d >= 0 && d <= 9 ? d : Number.NaN;
  };
  return (zip) => {
    if (zip.length !== 5) return false;
    const across = acrossBorders.get(zip);
    if (across !== undefined) return across === state.code;
    return prefixIn[digit(zip, 0) * 100 + digit(zip, 1) * 10 + digit(zip, 2)] === 1;
  };
}

/**
 * The name a county is published under (the contract's `county`): HUD's name without the state's
 * usual word, so "Hennepin County" → "Hennepin", "Acadia Parish" → "Acadia". Every other kind keeps
 * its word, which is also what keeps names unique: "Fairfax County" → "Fairfax", "Fairfax city"
 * stays "Fairfax city" (Virginia's independent cities; Baltimore, St. Louis, Carson City likewise).
 */
export function countyName(hudName: string, state: StateScope): string {
  const trimmed = hudName.trim().replace(/\s+/g, ' ');
  if (!state.countyWord) return trimmed;
  const suffix = ` ${state.countyWord}`;
  return trimmed.toLowerCase().endsWith(suffix.toLowerCase()) ? trimmed.slice(0, -suffix.length) : trimmed;
}

/** How a county of the state is said in a sentence (search.ts, countyLabel, holds the rule). */
export function countyLabelIn(name: string, state: StateScope): string {
  return countyLabel(name, state.countyWord);
}
