// The housing agencies in the agent server's words: a line per agency, and the sentence get_zip and
// get_county add. English, as everything the agent server says.
import type { HousingAgency } from '../../contract/schemas.ts';
import type { StateScope } from '../../states.ts';

const PROGRAM_WORDS = { vouchers: 'vouchers (Section 8)', public_housing: 'public housing' } as const;

/** One agency in a line: name, code, what it runs, how to reach it. */
export function agencyLine(agency: HousingAgency, state: StateScope): string {
  const runs = agency.programs === null ? 'programs not known' : agency.programs.map((p) => PROGRAM_WORDS[p]).join(' and ');
  const office = [agency.address, agency.city, [state.code, agency.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const reach = [agency.phone ? `phone ${agency.phone}` : 'no phone we can vouch for', agency.email ? `email ${agency.email}` : null].filter(Boolean).join(', ');
  return `${agency.name ?? 'name not known'} (${agency.code}): ${runs}; ${reach}; office ${office || 'not known'}`;
}

/** "3 housing agencies have an office in X (2 run vouchers)": the sentence get_zip and get_county add. */
export function agenciesSentence(agencies: readonly HousingAgency[], countyLabel: string): string {
  const vouchers = agencies.filter((a) => a.programs?.includes('vouchers')).length;
  if (agencies.length === 0) return `HUD's contact list, as read here, places no public housing agency's office in ${countyLabel} (list_housing_agencies links HUD's list for the state).`;
  return `${agencies.length === 1 ? 'One public housing agency has its office' : `${agencies.length} public housing agencies have their offices`} in ${countyLabel}, ${vouchers} running vouchers (housing_agencies; list_housing_agencies says how to reach them).`;
}
