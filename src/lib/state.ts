/** Everything that makes this build Minnesota's. Another state is another value of this shape. */
export interface StateScope {
  /** USPS abbreviation, as in HUD's `stusps` and the crosswalk's `USPS_ZIP_PREF_STATE`. */
  code: string;
  name: string;
  /** Two-digit state FIPS code; county FIPS codes start with it. */
  fips: string;
  /** Three-digit ZIP prefixes (USPS sectional centres) that belong to the state. */
  zipPrefixes: readonly string[];
}

function prefixRange(first: number, last: number): string[] {
  const prefixes: string[] = [];
  for (let p = first; p <= last; p++) prefixes.push(String(p).padStart(3, '0'));
  return prefixes;
}

export const MINNESOTA: StateScope = {
  code: 'MN',
  name: 'Minnesota',
  fips: '27',
  zipPrefixes: prefixRange(550, 567),
};

/** A predicate for "this five-digit ZIP belongs to the state", cheap enough for every source row. */
export function zipInState(state: StateScope): (zip: string) => boolean {
  const prefixes = new Set(state.zipPrefixes);
  return (zip) => zip.length === 5 && prefixes.has(zip.slice(0, 3));
}
