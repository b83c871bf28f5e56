import { z } from 'zod';
import { Meta, SectionEightRow } from '../../contract.ts';
import { medianSpreadPct } from '../../derive/medians.ts';
import { closest, countyKey } from '../match.ts';
import { countySlugs } from './get-county.ts';
import { defineTool, fail, money, ok, signedPct } from './tool.ts';
import { compareCodePoints } from '../../order.ts';

const SORTS = ['spread_pct', '-spread_pct', 'spread', '-spread', 'market_rent', '-market_rent', 'fmr2', '-fmr2', 'zip'] as const;

export const voucherSpread = defineTool({
  name: 'voucher_spread',
  title: 'Where a housing voucher reaches the market',
  description:
    'ZIP codes with both a 2-bedroom Fair Market Rent and a market rent index, with the spread (market rent minus FMR). ' +
    'Filter by county, spread percent range and whether a voucher is competitive (FMR >= market rent); sort; limit.',
  input: {
    county: z.string().min(1).max(100).optional().describe('Only this county (forgiving: "St Louis", "Hennepin County")'),
    min_spread_pct: z.number().min(-1000).max(1000).optional().describe('Only rows with spread_pct >= this'),
    max_spread_pct: z.number().min(-1000).max(1000).optional().describe('Only rows with spread_pct <= this'),
    voucher_competitive: z.boolean().optional().describe('Only rows where a voucher is (true) or is not (false) competitive'),
    sort: z.enum(SORTS).default('spread_pct').describe('Sort key; a leading "-" sorts descending'),
    limit: z.int().min(1).max(200).default(20).describe('Most rows to return (1-200, default 20)'),
  },
  output: z
    .object({
      meta: Meta,
      fiscal_year: z.int(),
      matched: z.object({ n: z.int(), voucher_competitive_count: z.int(), median_spread_pct: z.number().nullable() }).strict(),
      rows: z.array(SectionEightRow),
    })
    .strict(),
  async run({ county, min_spread_pct, max_spread_pct, voucher_competitive, sort, limit }, reader) {
    const table = await reader.sectionEight();
    let slug: string | undefined;
    if (county !== undefined) {
      slug = countyKey(county);
      const slugs = await countySlugs(reader);
      if (!slugs.includes(slug)) return fail(`No Minnesota county matches "${county}". Did you mean: ${closest(slug, slugs).join(', ')}?`);
    }
    if (min_spread_pct !== undefined && max_spread_pct !== undefined && min_spread_pct > max_spread_pct) {
      return fail(`min_spread_pct (${min_spread_pct}) is above max_spread_pct (${max_spread_pct}).`);
    }
    const key = sort.replace(/^-/, '') as 'spread_pct' | 'spread' | 'market_rent' | 'fmr2' | 'zip';
    const direction = sort.startsWith('-') ? -1 : 1;
    const matched = table.rows
      .filter((r) => slug === undefined || r.county_slug === slug)
      .filter((r) => min_spread_pct === undefined || r.spread_pct >= min_spread_pct)
      .filter((r) => max_spread_pct === undefined || r.spread_pct <= max_spread_pct)
      .filter((r) => voucher_competitive === undefined || r.voucher_competitive === voucher_competitive)
      .sort((a, b) => (key === 'zip' ? compareCodePoints(a.zip, b.zip) : direction * (a[key] - b[key]) || compareCodePoints(a.zip, b.zip)));
    const rows = matched.slice(0, limit);
    const stats = { n: matched.length, voucher_competitive_count: matched.filter((r) => r.voucher_competitive).length, median_spread_pct: medianSpreadPct(matched.map((r) => r.spread_pct)) };
    const summary =
      `FY${table.fiscal_year}: ${stats.n} of ${table.summary.n} ZIP codes match; in ${stats.voucher_competitive_count} of them the 2-bedroom FMR reaches the market rent; median spread ${signedPct(stats.median_spread_pct)}.` +
      (rows.length ? ` ${rows.map((r) => `${r.zip} ${r.city}: FMR ${money(r.fmr2)} vs market ${money(r.market_rent)} (${signedPct(r.spread_pct)})`).join('; ')}.` : '');
    return ok(summary, { meta: table.meta, fiscal_year: table.fiscal_year, matched: stats, rows });
  },
});
