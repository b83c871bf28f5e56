// Where the search form lands without JavaScript. The form sends /zips/?q=…; a host that runs code (the
// Worker, Deno) answers with a redirect to the first place the search box would list, by the same
// search; nginx, which cannot run it, gets the same answers as a map the build writes, one line a
// name people type (a city, a county, a nickname) and one for every published ZIP code. Anything
// else is the list of every ZIP by city, from its top. Pure: the rows and the state arrive as values.
import { pagePathsIn } from '../contract/routes.ts';
import { cityAnchor, foldPlace, listedPlaces, type PlaceRow, searchPlaces, type StateWords } from '../derive/search.ts';
import { ABBREVIATIONS, NICKNAMES } from '../derive/search-words.ts';

/** The pages' paths from the site's (or the language's) root: a landing is put under the prefix it was asked under. */
const PAGES = pagePathsIn('', '');

/** The page a query lands on, from the site's (or the language's) root: the first place the search box lists. */
export function searchLanding(rows: readonly PlaceRow[], query: string, state: StateWords): string | undefined {
  const [first] = listedPlaces(searchPlaces(rows, query, state));
  if (!first) return undefined;
  if (first.kind === 'county') return PAGES.county(first.hit.county_slug);
  if (first.kind === 'city') return `${PAGES.zips}#${cityAnchor(first.hit.key)}`;
  return PAGES.zip(first.hit.row.zip);
}

/** The nginx map variable the shipped block reads in its /zips/ location (src/serve/nginx/mnrent.conf). */
export const NGINX_LANDING_VARIABLE = '$mnrent_search_landing';
/** ZIP codes a line of the map: nginx refuses a parameter of more than 4 KB (six characters a ZIP code). */
const ZIPS_A_LINE = 500;
/** What separates words in a query as a form sends it: `+` (a space), punctuation, and their escapes. */
const SEPARATOR = '(?:[+.,_-]|%20|%2C|%2E|%27|%2D)';

/** A folded name as a query may spell it: each word or its abbreviation (saint or st), run together or apart. */
function namePattern(folded: string): string {
  return folded
    .split(' ')
    .map((word) => {
      const short = Object.keys(ABBREVIATIONS).filter((key) => ABBREVIATIONS[key] === word);
      return short.length > 0 ? `(?:${[word, ...short].join('|')})` : word;
    })
    .join(`${SEPARATOR}*`);
}

/**
 * The lines of nginx's map from "$uri?$arg_q" to where the query lands, for a site whose pages are
 * under `base` ('' at a host's root, '/wi' for a state in a folder of states) in any language prefix.
 * A name lands where searchLanding sends it, with or without the state after it ("Duluth, MN"); a
 * county's name followed by "county" lands on the county; a published ZIP anywhere in the query on its page.
 */
export function nginxLandingMap(rows: readonly PlaceRow[], state: StateWords, base: string): string {
  const page = `^(?<mnrent_to>${base}(?:/[a-z]{2,3})?)/zips/\\?${SEPARATOR}*`;
  const stateAfter = `(?:${SEPARATOR}+(?:${[state.code, state.name].map((name) => namePattern(foldPlace(name))).join('|')}))?${SEPARATOR}*$`;
  const line = (pattern: string, target: string) => `    "~*${pattern}" "$mnrent_to${target}";`;
  const names = new Set([...rows.flatMap((row) => [foldPlace(row.city), foldPlace(row.county)]), ...Object.keys(NICKNAMES)]);
  const lines: string[] = [];
  for (const name of [...names].sort()) {
    const target = searchLanding(rows, name, state);
    if (target) lines.push(line(`${page}${namePattern(name)}${stateAfter}`, target));
  }
  const counties = new Map(rows.map((row) => [foldPlace(row.county), row.county_slug]));
  const countyWords = ['county', ...(state.countyWord ? [namePattern(foldPlace(state.countyWord))] : [])].join('|');
  for (const [name, slug] of [...counties].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(line(`${page}${namePattern(name)}${SEPARATOR}+(?:${countyWords})${stateAfter}`, PAGES.county(slug)));
  }
  // A ZIP code anywhere in the query, as the search reads it ("duluth mn 55802"): a line a few hundred, as
  // nginx reads no longer parameter.
  const zips = [...new Set(rows.map((row) => row.zip))].sort();
  for (let at = 0; at < zips.length; at += ZIPS_A_LINE) {
    const some = zips.slice(at, at + ZIPS_A_LINE).join('|');
    lines.push(`    "~${page.replace(`${SEPARATOR}*`, '')}(?:.*[^0-9])?(?<mnrent_zip>${some})(?:-[0-9]{4})?(?:[^0-9].*)?$" "$mnrent_to${PAGES.zip('$mnrent_zip')}";`);
  }
  return `# Where the search form lands without JavaScript (written by the build: src/lib/serve/search-landing.ts).\n${lines.join('\n')}\n`;
}
