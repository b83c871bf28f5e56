// What changed since the previous output: its ZIP and county records against this build's, field
// by field, and the log of earlier builds it carried. Pure: records in, a change log out.
import type { ChangeEntry, ChangesRecord, CountyRecord, ZipRecord } from '../contract/schemas.ts';
import { BEDROOMS } from '../contract/schemas.ts';
import { HOUSEHOLD_SIZES } from '../contract/household.ts';
import { compareCodePoints } from '../order.ts';
import { money } from '../contract/present.ts';
import { countOf } from './search.ts';

/** How many builds the log keeps: two years of monthly data releases. */
export const MAX_CHANGE_ENTRIES = 24;

type Fact = string | number | boolean | null;

/** The previous output, as read from its files. */
export interface EarlierOutput {
  generatedAt: string;
  /** ZIP and county records as published (parsed JSON, not trusted to match this build's types). */
  zips: readonly unknown[];
  counties: readonly unknown[];
  /** The entries of its changes.json; none for an output from before the log existed. */
  entries: readonly ChangeEntry[];
}

const at = (value: unknown, path: string): Fact => {
  let current: unknown = value;
  for (const key of path.split('.')) current = current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  return typeof current === 'string' || typeof current === 'number' || typeof current === 'boolean' ? current : null;
};

/** The published values a reader of the log cares about; nearby lists and coordinates are left out. */
const ZIP_FIELDS = [
  'city',
  'county_slug',
  'metro',
  'fmr_latest_fy',
  ...BEDROOMS.map((br) => `fmr.${br}`),
  'fmr2_yoy_pct',
  ...BEDROOMS.map((br) => `area_fmr.${br}`),
  'zori_latest.month',
  'zori_latest.rent',
  'acs.median_gross_rent',
  'spread',
  'spread_pct',
  'voucher_competitive',
  'area_spread',
  'area_spread_pct',
  'area_voucher_competitive',
];
// A ZIP takes its county's income limits: a change of limits is logged once, on the county.
const COUNTY_FIELDS = [
  'zip_count',
  'zori_zip_count',
  'medians.fmr2',
  'medians.market_rent',
  'medians.fmr2_yoy_pct',
  'medians.area_fmr2',
  'zori_county.latest.month',
  'zori_county.latest.rent',
  'income_limits.fiscal_year',
  'income_limits.hud_area_code',
  'income_limits.median_family_income',
  ...(['extremely_low', 'very_low', 'low'] as const).flatMap((tier) => HOUSEHOLD_SIZES.map((n) => `income_limits.${tier}.${n}`)),
];

const fieldChanges = (before: unknown, after: unknown, fields: readonly string[]) =>
  fields.flatMap((field) => {
    const [old, now] = [at(before, field), at(after, field)];
    return old === now ? [] : [{ field, old, new: now }];
  });

function compare(before: readonly unknown[], after: readonly unknown[], key: string, fields: readonly string[]) {
  const old = new Map(before.flatMap((doc) => (typeof at(doc, key) === 'string' ? [[at(doc, key) as string, doc] as const] : [])));
  const now = new Map(after.map((record) => [at(record, key) as string, record]));
  const changed = [...now].flatMap(([id, record]) => {
    const was = old.get(id);
    const changes = was === undefined ? [] : fieldChanges(was, record, fields);
    return changes.length ? [{ id, fields: changes }] : [];
  });
  return {
    added: [...now.keys()].filter((id) => !old.has(id)).sort(compareCodePoints),
    removed: [...old.keys()].filter((id) => !now.has(id)).sort(compareCodePoints),
    changed: changed.sort((a, b) => compareCodePoints(a.id, b.id)),
  };
}

function summaryOf(entry: Omit<ChangeEntry, 'summary'>): string {
  const { zips, counties, fmr2_decreases: cuts } = entry;
  const part = (what: string, plural: string, s: { added: unknown[]; removed: unknown[]; changed: unknown[] }) =>
    `${countOf(s.changed.length, what, plural)} changed, ${s.added.length} added, ${s.removed.length} removed`;
  const cutText = cuts.length
    ? ` The 2-bedroom FMR fell in ${countOf(cuts.length, 'ZIP code')}: ${cuts.slice(0, 5).map((c) => `${c.zip} ${c.city} ${money(c.old)} → ${money(c.new)}`).join('; ')}${cuts.length > 5 ? '; …' : ''}.`
    : '';
  return `${part('ZIP code', 'ZIP codes', zips)}; ${part('county', 'counties', counties)}.${cutText}`;
}

/**
 * The change log of this build. No earlier output: one entry, "first publication", listing no ZIPs.
 * Nothing changed: no new entry (the log keeps the earlier ones; `generated_at` moves on).
 */
export function changeLog(earlier: EarlierOutput | undefined, zips: readonly ZipRecord[], counties: readonly CountyRecord[], generatedAt: string): ChangesRecord {
  if (!earlier) {
    const first: ChangeEntry = {
      generated_at: generatedAt,
      previous_generated_at: null,
      first_publication: true,
      summary: `First publication: ${countOf(zips.length, 'ZIP code')} and ${countOf(counties.length, 'county', 'counties')}.`,
      zips: { added: [], removed: [], changed: [] },
      counties: { added: [], removed: [], changed: [] },
      fmr2_decreases: [],
    };
    return { generated_at: generatedAt, previous_generated_at: null, entries: [first] };
  }
  const zipDiff = compare(earlier.zips, zips, 'zip', ZIP_FIELDS);
  const countyDiff = compare(earlier.counties, counties, 'county_slug', COUNTY_FIELDS);
  const city = new Map(zips.map((z) => [z.zip, z.city]));
  const cuts = zipDiff.changed.flatMap(({ id, fields }) => {
    const br2 = fields.find((f) => f.field === 'fmr.br2');
    return br2 && typeof br2.old === 'number' && typeof br2.new === 'number' && br2.new < br2.old ? [{ zip: id, city: city.get(id) ?? '', old: br2.old, new: br2.new }] : [];
  });
  const body: Omit<ChangeEntry, 'summary'> = {
    generated_at: generatedAt,
    previous_generated_at: earlier.generatedAt,
    first_publication: false,
    zips: { added: zipDiff.added, removed: zipDiff.removed, changed: zipDiff.changed.map(({ id, fields }) => ({ zip: id, fields })) },
    counties: { added: countyDiff.added, removed: countyDiff.removed, changed: countyDiff.changed.map(({ id, fields }) => ({ county_slug: id, fields })) },
    fmr2_decreases: cuts,
  };
  const nothing = [body.zips, body.counties].every((s) => s.added.length + s.removed.length + s.changed.length === 0);
  const entries = nothing ? [...earlier.entries] : [{ ...body, summary: summaryOf(body) }, ...earlier.entries];
  return { generated_at: generatedAt, previous_generated_at: earlier.generatedAt, entries: entries.slice(0, MAX_CHANGE_ENTRIES) };
}
