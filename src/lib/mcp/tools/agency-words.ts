// The housing agencies in the agent server's words: a line per agency, and the sentence get_zip and
// get_county add. English, as everything the agent server says; an area is said as the pages say it.
import { ENGLISH } from '../../contract/english.ts';
import type { HousingAgency } from '../../contract/schemas.ts';
import { areaInCountyWords } from '../../contract/served-areas.ts';
import type { StateScope } from '../../states.ts';

const PROGRAM_WORDS = { vouchers: 'vouchers (Section 8)', public_housing: 'public housing' } as const;
const BASIS_WORDS = { small_area: "payment standards from HUD's Small Area FMR of each ZIP code", area: 'payment standards from the area FMR' } as const;

/** What an agency serves in a county, in words: its area's parts there, or that it only has an office there. */
export function servesInWords(agency: HousingAgency, county: string): string {
  if (agency.serves_here === null || agency.area === null) return agency.serves === null ? 'area served not known' : `office here; serves ${agency.serves}`;
  return `serves ${areaInCountyWords(agency.area, county, ENGLISH) ?? agency.serves ?? ''}${agency.serves_here === 'all' ? ' (all of the county)' : ''}`;
}

/** One agency in a line: name, code, what it serves and uses, what it runs, how to reach it. */
export function agencyLine(agency: HousingAgency, state: StateScope, county: string): string {
  const runs = agency.programs === null ? 'programs not known' : agency.programs.map((p) => PROGRAM_WORDS[p]).join(' and ');
  const office = [agency.address, agency.city, [state.code, agency.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const reach = [agency.phone ? `phone ${agency.phone}` : 'no phone in HUD\'s files', agency.email ? `email ${agency.email}` : null].filter(Boolean).join(', ');
  const rules = [
    agency.payment_standard_basis === null ? (agency.serves_here === null ? null : 'which FMR its payment standards follow is not known') : `${BASIS_WORDS[agency.payment_standard_basis]}${agency.basis_since ? ` since ${agency.basis_since}` : ''}`,
    agency.moving_to_work === true ? `a Moving to Work agency${agency.alternative_rent ? `: ${agency.alternative_rent.replace(/\.$/, '')}` : ''}` : null,
  ].filter(Boolean);
  const name = agency.short_name && agency.name ? `${agency.short_name}, ${agency.name}` : (agency.short_name ?? agency.name ?? 'name not known');
  const vouchers = agency.vouchers === null ? '' : `, ${agency.vouchers} vouchers`;
  return `${name} (${agency.code}): ${servesInWords(agency, county)}${rules.length ? `; ${rules.join('; ')}` : ''}; ${runs}${vouchers}; ${reach}; office ${office || 'not known'}`;
}

/** The sentence get_zip and get_county add: who runs vouchers in the county, and that the city decides which. */
export function agenciesSentence(agencies: readonly HousingAgency[], county: string, countyLabel: string): string {
  const serving = agencies.filter((a) => a.serves_here !== null);
  if (serving.length > 0) {
    const named = serving.map((a) => `${a.short_name ?? a.name ?? a.code} (${servesInWords(a, county).replace(/^serves /, 'for ')})`).join('; ');
    const which = serving.length > 1 && serving.some((a) => a.serves_here === 'part') ? ' Which one serves a household depends on the city it lives in, not on its ZIP code.' : '';
    return `${serving.length === 1 ? 'One housing agency runs' : `${serving.length} housing agencies run`} vouchers in ${countyLabel}: ${named}.${which} housing_agencies has each one's payment standard basis and sources; list_housing_agencies says how to reach them.`;
  }
  const vouchers = agencies.filter((a) => a.programs?.includes('vouchers')).length;
  if (agencies.length === 0) return `HUD's files, as read here, place no public housing agency's office in ${countyLabel} (list_housing_agencies links HUD's list for the state).`;
  return `The area each agency serves is not known here; ${agencies.length === 1 ? 'one public housing agency has its office' : `${agencies.length} public housing agencies have their offices`} in ${countyLabel}, ${vouchers} running vouchers (housing_agencies; list_housing_agencies says how to reach them).`;
}
