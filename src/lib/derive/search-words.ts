// How people write the places they look for, in one table: the search (search.ts, on the pages and
// in the agent server's search_places) reads it, and so does the A–Z list, which shows each city
// also as people type it. Import-free: the browser's search uses it too.
//
// | people type                         | the search reads                 | rule                                  |
// |-------------------------------------|----------------------------------|---------------------------------------|
// | St. Paul, SAINT  PAUL, Lindström    | saint paul, lindstrom            | case, accents and punctuation folded  |
// | St, Ste, Mt, Ft, Twp                | Saint, Sainte, Mount, Fort, ...  | ABBREVIATIONS, both ways              |
// | StCloud, stpaul, MtIron             | Saint Cloud, Saint Paul, ...     | run together: compared without spaces |
// | Mpls                                | Minneapolis                      | NICKNAMES                             |
// | duluth mn 55802, 55802-1234         | 55802                            | a ZIP code anywhere in the query wins |
// | Duluth, MN; MN Duluth; Duluth Minn. | duluth                           | the state's code or name is dropped   |
// | Hennepin County, Acadia Parish      | hennepin, counties only          | a trailing county word asks for one   |

/** Abbreviations people and the Postal Service use, spelled out as GeoNames and HUD spell the names. */
export const ABBREVIATIONS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort', twp: 'township' };

/** Short names people use for a city, folded, with the name they stand for. */
export const NICKNAMES: Readonly<Record<string, string>> = { mpls: 'minneapolis' };

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A city as people also type it: "Saint Paul" → ["St Paul"], "Minneapolis" → ["Mpls"]; none for most. */
export function namesPeopleType(city: string): string[] {
  const short = city
    .split(' ')
    .map((word) => {
      const abbreviation = Object.keys(ABBREVIATIONS).find((key) => ABBREVIATIONS[key] === word.toLowerCase());
      return abbreviation ? capitalized(abbreviation) : word;
    })
    .join(' ');
  const nicknames = Object.keys(NICKNAMES).filter((nickname) => NICKNAMES[nickname] === city.toLowerCase());
  return [...(short === city ? [] : [short]), ...nicknames.map(capitalized)];
}
