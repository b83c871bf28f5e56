import { z } from 'zod';
import { Meta, SectionEightRow } from '../../contract/schemas.ts';
import type { SectionEightRow as SectionEightRowType } from '../../contract/schemas.ts';
import { medianSpreadPct } from '../../derive/medians.ts';
import { closest, countyKey } from '../match.ts';
import { countySlugs } from './get-county.ts';
import { defineTool, fail, ok } from './tool.ts';
import { money, signedPercent } from '../../contract/present.ts';
import { compareCodePoints } from '../../order.ts';

const SORT_KEYS = ['spread_pct', 'spread', 'market_rent', 'fmr2', 'area_spread_pct', 'area_spread', 'area_fmr2'] as const;
const SORTS = [...SORT_KEYS.flatMap((k) => [k, `-${k}`] as const), 'zip'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Where each basis keeps its spread and flag in a section-8 row. */
const BASES = {
  small_area: { pct: 'spread_pct', competitive: 'voucher_competitive', label: 'Small Area FMR' },
  area: { pct: 'area_spread_pct', competitive: 'area_voucher_competitive', label: 'area-wide FMR' },
} as const;

export const voucherSpread = defineTool({
  name: 'voucher_spread',
  title: 'Where a housing voucher reaches the market',
  describe: () =>
    'ZIP codes with both a 2-bedroom Fair Market Rent and a market rent index, with the spread (market rent minus FMR) on both bases: ' +
    "the ZIP code's Small Area FMR and the area-wide FMR of its HUD area (housing authorities use one or the other). " +
    'Filter by county, spread percent range and whether a voucher is competitive (FMR >= market rent) on the basis chosen; sort on either; limit.',
  input: {
    county: z.string().min(1).max(100).optional().describe('Only this county, by name or slug (case, "County" and St/Saint do not matter)'),
    basis: z.enum(['small_area', 'area']).default('small_area').describe('Which FMR the spread filters and the competitive filter use: the Small Area FMR (default) or the area-wide FMR'),
    min_spread_pct: z.number().min(-1000).max(1000).optional().describe('Only rows whose spread percent on the basis is >= this'),
    max_spread_pct: z.number().min(-1000).max(1000).optional().describe('Only rows whose spread percent on the basis is <= this'),
    voucher_competitive: z.boolean().optional().describe('Only rows where a voucher is (true) or is not (false) competitive on the basis'),
    sort: z.enum(SORTS).default('spread_pct').describe('Sort key; a leading "-" sorts descending'),
    limit: z.int().min(1).max(200).default(20).describe('Most rows to return (1-200, default 20)'),
  },
  output: z
    .object({
      meta: Meta,
      fiscal_year: z.int(),
      matched: z.object({ n: z.int(), voucher_competitive_count: z.int(), area_voucher_competitive_count: z.int(), median_spread_pct: z.number().nullable() }).strict(),
      rows: z.array(SectionEightRow),
    })
    .strict(),
  async run({ county, basis, min_spread_pct, max_spread_pct, voucher_competitive, sort, limit }, reader, { state }) {
    const table = await reader.sectionEight();
    let slug: string | undefined;
    if (county !== undefined) {
      slug = countyKey(county);
      const slugs = await countySlugs(reader);
      if (!slugs.includes(slug)) return fail(`No ${state.name} county matches "${county}". Did you mean: ${closest(slug, slugs).join(', ')}?`);
    }
    if (min_spread_pct !== undefined && max_spread_pct !== undefined && min_spread_pct > max_spread_pct) {
      return fail(`min_spread_pct (${min_spread_pct}) is above max_spread_pct (${max_spread_pct}).`);
    }
    const on = BASES[basis];
    const key = sort.replace(/^-/, '') as SortKey | 'zip';
    const direction = sort.startsWith('-') ? -1 : 1;
    // A row without an area FMR has no value to sort by on that basis: it goes last either way.
    const byKey = (a: SectionEightRowType, b: SectionEightRowType) => {
      if (key === 'zip') return 0;
      const [x, y] = [a[key], b[key]];
      return x === null || y === null ? Number(x === null) - Number(y === null) : direction * (x - y);
    };
    const matched = table.rows
      .filter((r) => slug === undefined || r.county_slug === slug)
      .filter((r) => min_spread_pct === undefined || (r[on.pct] ?? Number.NEGATIVE_INFINITY) >= min_spread_pct)
      .filter((r) => max_spread_pct === undefined || (r[on.pct] ?? Number.POSITIVE_INFINITY) <= max_spread_pct)
      .filter((r) => voucher_competitive === undefined || r[on.competitive] === voucher_competitive)
      .sort((a, b) => byKey(a, b) || compareCodePoints(a.zip, b.zip));
    const rows = matched.slice(0, limit);
    const stats = {
      n: matched.length,
      voucher_competitive_count: matched.filter((r) => r.voucher_competitive).length,
      area_voucher_competitive_count: matched.filter((r) => r.area_voucher_competitive === true).length,
      median_spread_pct: medianSpreadPct(matched.map((r) => r.spread_pct)),
    };
    const summary =
      `FY${table.fiscal_year}: ${stats.n} of ${table.summary.n} ZIP codes match (filtered on the ${on.label}); the 2-bedroom Small Area FMR reaches the market rent in ${stats.voucher_competitive_count} of them, ` +
      `the area-wide FMR in ${stats.area_voucher_competitive_count}; median spread on the Small Area FMR ${signedPercent(stats.median_spread_pct)}.` +
      (rows.length
        ? ` ${rows.map((r) => `${r.zip} ${r.city}: market ${money(r.market_rent)} vs Small Area FMR ${money(r.fmr2)} (${signedPercent(r.spread_pct)}) and area FMR ${money(r.area_fmr2)} (${signedPercent(r.area_spread_pct)})`).join('; ')}.`
        : '');
    return ok(summary, { meta: table.meta, fiscal_year: table.fiscal_year, matched: stats, rows });
  },
});
