// The worked-case corpus (tests/cases/voucher-cases.json) on the function itself: each case's
// figures, from a regulation's paragraph, the contract notes' worked examples, a housing
// authority's published example or by hand with the steps written. The agent server and the page's
// form run the same cases on a real build (tests/eligibility.test.ts).
import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../src/lib/contract/english.ts';
import { voucherFit } from '../src/lib/voucher/answer.ts';
import { voucherPlaceOf } from '../src/lib/voucher/place.ts';
import { expectCase, VOUCHER_CASES } from './helpers/voucher-cases.ts';

const rents = { br0: 1_000, br1: 1_100, br2: 1_300, br3: 1_700, br4: 2_000 };
const place = voucherPlaceOf({ zip: '55401', county: 'Hennepin', fmr: rents, area_fmr: rents, hud_areas: [{ name: 'Somewhere, MN HUD Metro FMR Area' }], zori_latest: null, income_limits: null }, VOUCHER_CASES.as_of, ENGLISH);

describe('the worked cases', () => {
  it('number at least 40, each with a source, its steps and a unique name; both rule sets and each TTP rule under each', () => {
    const { cases } = VOUCHER_CASES;
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    for (const c of cases) expect([c.source.length > 10, c.steps.length > 10], c.id).toEqual([true, true]);
    const rulesOf = (c: (typeof cases)[number]) => c.expect.rules ?? c.question.rules ?? 'before_hotma';
    for (const rules of ['before_hotma', 'hotma']) {
      for (const rule of ['adjusted_income_30_percent', 'annual_income_10_percent', 'minimum_rent']) {
        expect(cases.some((c) => rulesOf(c) === rules && c.expect.total_tenant_payment_rule === rule), `${rule} under ${rules}`).toBe(true);
      }
    }
  });

  it.each(VOUCHER_CASES.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expectCase(voucherFit(place, c.question, ENGLISH), c);
  });
});
