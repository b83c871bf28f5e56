// How a county is said: its name and the state's county word, unless the name already says what it
// is. On the ground floor, import-free: the states' table (states.ts), the search (derive/search.ts)
// and the browser's search results all say it by these two functions.

/**
 * How a county is said in a sentence: "Hennepin County", "Acadia Parish", but "Fairfax city",
 * "Bethel Census Area", "Capitol Planning Region".
 */
export function countyLabel(name: string, countyWord: string | null): string {
  const word = countyWordOf(name, countyWord);
  return word ? `${name} ${word}` : name;
}

/** The state's county word a county's name takes, or null where the name already says what it is (countyLabel; a translation says the word its own way). */
export function countyWordOf(name: string, countyWord: string | null): string | null {
  return countyWord && !/\b(city|borough|census area|municipality|planning region|parish|municipio|county)$/i.test(name) ? countyWord : null;
}
