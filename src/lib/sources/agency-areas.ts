// The areas housing agencies serve with their vouchers, and the rules they say they use: a data file
// of the project (data/agency-areas/<STATE>.json), written by hand from the agencies' own pages,
// every fact with the page's URL, the date the page states and its words. No publisher has these
// facts as data (CONTRACT-NOTES, "The housing authority that serves a place"); a fact no source
// states is null. The file's shape is checked here; that its codes are HUD's and its counties the
// state's is checked against the layer and the county list where the agencies are derived.
import { z } from 'zod';
import { AGENCY_FACTS, AREA_PORTIONS, PAYMENT_STANDARD_BASES } from '../contract/schemas.ts';
import { parseJsonSource, SourceError } from '../errors.ts';
import type { StateScope } from '../states.ts';

const text = z.string().trim().min(1);

// How much of a county a part is: all of it (less the cities `except` names), one city in it
// (`city`), or a share the agency's page describes: some of it, its south, most of its suburbs.
const AreaPart = z
  .object({
    county: text.describe('The county as HUD names it, without "County" ("St. Louis")'),
    portion: z.enum(AREA_PORTIONS),
    city: text.optional().describe('The city, for portion "city"'),
    except: z.array(text).min(1).optional().describe('Cities of the county the area does not include'),
  })
  .strict();

const Source = z
  .object({
    // The facts an entry holds; each one not null needs a source that names it.
    facts: z.array(z.enum(AGENCY_FACTS)).min(1).describe('The facts this page states'),
    url: z.url({ protocol: /^https?$/ }),
    page_date: text.nullable().describe('The date the page states, in its words; null where it states none'),
    quote: text.describe("The page's words the facts rest on, verbatim"),
    read_on: z.iso.date().describe('When the page (or a stored copy of it) was read'),
  })
  .strict();

const AgencyEntry = z
  .object({
    code: z.string().regex(/^[A-Z]{2}\d{3}$/, "HUD's agency code, two letters and three digits (MN002)"),
    short_name: text.nullable().describe('The name the agency goes by on its own pages (Metro HRA)'),
    area: z.object({ parts: z.array(AreaPart).min(1), incomplete: z.boolean().describe('True where the pages name only some of the area') }).strict().nullable(),
    payment_standard_basis: z.enum(PAYMENT_STANDARD_BASES).nullable(),
    basis_since: z.iso.date().nullable(),
    moving_to_work: z.boolean().nullable(),
    alternative_rent: text.nullable().describe('One sentence: how its own rent rules differ from HUD’s arithmetic'),
    sources: z.array(Source).min(1),
  })
  .strict();

export const AgencyAreasFile = z
  .object({
    $comment: z.string().optional(),
    state: z.string().regex(/^[A-Z]{2}$/),
    agencies: z.array(AgencyEntry),
  })
  .strict();

export type AreaPart = z.infer<typeof AreaPart>;
export type AgencySource = z.infer<typeof Source>;
export type AgencyAreaEntry = z.infer<typeof AgencyEntry>;
export type AgencyAreas = z.infer<typeof AgencyAreasFile>;

/** A JSON path as people read one: `agencies[3].sources[0].url`. */
const pathText = (path: readonly PropertyKey[]) => path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') || 'the top level';

/**
 * The file's entries, checked: its shape, the state it is for, one entry an agency, a source for
 * every fact that is not null and no source for one that is, a basis date only with a basis, a city
 * for a city part. Each fault is one line naming the file, the entry and what to change.
 */
export function parseAgencyAreas(source: string, file: string, state: StateScope): AgencyAreas {
  const body = parseJsonSource(source, file);
  const parsed = AgencyAreasFile.safeParse(body);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new SourceError({ file }, `${pathText(issue?.path ?? [])}: ${issue?.message ?? 'not the shape of an agency areas file'}`);
  }
  const areas = parsed.data;
  if (areas.state !== state.code) throw new SourceError({ file }, `state: the file is for ${areas.state}, the build for ${state.code}`);
  const seen = new Map<string, number>();
  areas.agencies.forEach((entry, index) => {
    const at = `agencies[${index}] (${entry.code})`;
    const earlier = seen.get(entry.code);
    if (earlier !== undefined) throw new SourceError({ file }, `${at}: agency ${entry.code} has a second entry (also agencies[${earlier}]); keep one`);
    seen.set(entry.code, index);
    for (const fact of AGENCY_FACTS) {
      const cited = entry.sources.some((s) => s.facts.includes(fact));
      if (entry[fact] !== null && !cited) throw new SourceError({ file }, `${at}: ${fact} has no source; add the page that states it to sources (with "${fact}" in its facts), or set ${fact} to null`);
    }
    entry.sources.forEach((s, i) => {
      const empty = s.facts.find((fact) => entry[fact] === null);
      if (empty !== undefined) throw new SourceError({ file }, `${at}.sources[${i}]: names ${empty}, which is null; give the fact its value or take it out of facts`);
    });
    if (entry.basis_since !== null && entry.payment_standard_basis === null) throw new SourceError({ file }, `${at}: basis_since without a payment_standard_basis`);
    entry.area?.parts.forEach((part, i) => {
      if ((part.portion === 'city') !== (part.city !== undefined)) throw new SourceError({ file }, `${at}.area.parts[${i}]: a part names a city exactly when its portion is "city"`);
    });
  });
  return areas;
}
