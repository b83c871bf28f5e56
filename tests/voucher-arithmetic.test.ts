// The housing authority's arithmetic, worked by hand from the regulations (CONTRACT-NOTES, "The
// housing authority's arithmetic" and "The rules a housing authority applies today"): 24 CFR 5.611
// (adjusted income, the amounts of BEFORE_HOTMA and HOTMA_AMOUNTS, the expenses in the order of Form
// HUD-50058's instructions), 5.603 (child care), 5.628 (total tenant payment), 5.630 (minimum
// rent), 982.505 (payment standard, HAP), 982.508 (40% at move-in), 982.514(b) (who is paid), and
// the definitions of HUD's HCV Guidebook, "Calculating Rent and HAP Payments". Each case writes its
// arithmetic beside it; the property tests hold over every household and unit, none excluded. No
// build: the unit lane runs it. The worked-case corpus is tests/voucher-cases.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { housingWage, incomeNeeded } from '../src/lib/contract/housing-wage.ts';
import { adjustedIncome, type HouseholdIncome, rentAt30Percent, totalTenantPayment } from '../src/lib/voucher/income.ts';
import { asCents, cents } from '../src/lib/voucher/money.ts';
import { deductionAmountsOn, povertyGuideline, povertyGuidelineFor, rulesInForceOn } from '../src/lib/voucher/tables.ts';
import { largerUnitFmr, maxGrossRentAtMoveIn, proratedHap, unitPayment, voucherPaysNothing } from '../src/lib/voucher/unit.ts';
import { ENGLISH } from '../src/lib/contract/english.ts';
import { voucherFit } from '../src/lib/voucher/answer.ts';
import { voucherPlaceOf } from '../src/lib/voucher/place.ts';
import { type VoucherQuestion, VoucherQuestionError } from '../src/lib/voucher/question.ts';

const Y2026 = deductionAmountsOn('2026-01-01', 'hotma');
const BEFORE = deductionAmountsOn('2026-01-01', 'before_hotma');
/** Adjusted income and the deductions in dollars, from a household in dollars (defaults: nothing but the income). */
const adjustedDollars = (h: Partial<HouseholdIncome> & { annual_income: number }, on = Y2026) => {
  const result = adjustedIncome(
    { dependents: 0, elderly_or_disabled: false, child_care: 0, child_care_for_study: 0, earned_income: h.annual_income, medical_expenses: 0, disability_assistance_expenses: 0, ...h },
    on,
  );
  return { adjusted: result.adjusted / 100, total: result.deductions.total / 100, medical: result.deductions.medical_and_disability / 100, disability: result.deductions.disability_assistance / 100 };
};

describe('the amounts of each rule set (24 CFR 5.611) and which applies (Notice PIH 2024-38)', () => {
  it("HOTMA's 2026: $500 a dependent, $550 for an elderly or disabled family, medical above 10%; 2025 and 2024: $480 and $525; before HOTMA: $480, $400 and 3% on any date", () => {
    expect(deductionAmountsOn('2026-11-22', 'hotma')).toMatchObject({ year: 2026, dependent: 500, elderly_or_disabled_family: 550, medical_threshold_pct: 10 });
    expect(deductionAmountsOn('2025-12-31', 'hotma')).toMatchObject({ year: 2025, dependent: 480, elderly_or_disabled_family: 525, medical_threshold_pct: 10 });
    expect(deductionAmountsOn('2024-01-01', 'hotma')).toMatchObject({ year: 2024, dependent: 480, elderly_or_disabled_family: 525 });
    for (const day of ['2023-12-31', '2026-11-22']) expect(deductionAmountsOn(day, 'before_hotma')).toMatchObject({ year: null, dependent: 480, elderly_or_disabled_family: 400, medical_threshold_pct: 3 });
  });

  it('the default is the rules before HOTMA, citing PIH 2024-38, until a dated row names HOTMA; a row from a later date takes over from that day', () => {
    expect(rulesInForceOn('2026-11-22')).toMatchObject({ rules: 'before_hotma', source: expect.stringContaining('PIH 2024-38') });
    const table = [...[rulesInForceOn('2026-11-22')], { from: '2027-07-01', rules: 'hotma' as const, source: 'Notice PIH 2027-01' }];
    expect(rulesInForceOn('2027-06-30', table).rules).toBe('before_hotma');
    expect(rulesInForceOn('2027-07-01', table)).toEqual({ from: '2027-07-01', rules: 'hotma', source: 'Notice PIH 2027-01' });
  });
});

describe('adjusted income (24 CFR 5.611)', () => {
  it('with two dependents: $40,000 − 2 × $500 = $39,000; without: $20,000 stays $20,000', () => {
    expect(adjustedDollars({ annual_income: 40_000, dependents: 2 })).toMatchObject({ total: 1_000, adjusted: 39_000 });
    expect(adjustedDollars({ annual_income: 20_000 })).toMatchObject({ total: 0, adjusted: 20_000 });
  });

  it('an elderly family with $2,500 of medical expenses on $18,000: above 10% ($1,800) counts $700; with $550, adjusted $16,750', () => {
    expect(adjustedDollars({ annual_income: 18_000, elderly_or_disabled: true, medical_expenses: 2_500 })).toMatchObject({ medical: 700, total: 1_250, adjusted: 16_750 });
  });

  it('exactly at the threshold ($1,800 of $18,000) nothing counts: adjusted $18,000 − $550 = $17,450', () => {
    expect(adjustedDollars({ annual_income: 18_000, elderly_or_disabled: true, medical_expenses: 1_800 })).toMatchObject({ medical: 0, total: 550, adjusted: 17_450 });
  });

  it('before HOTMA the threshold was 3% and the family deduction $400: $2,500 − $540 = $1,960; $18,000 − $2,360 = $15,640', () => {
    expect(adjustedDollars({ annual_income: 18_000, elderly_or_disabled: true, medical_expenses: 2_500 }, BEFORE)).toMatchObject({ medical: 1_960, total: 2_360, adjusted: 15_640 });
  });

  it('child care is capped by the earned income: $6,000 of care, $4,000 earned of $30,000 → $4,000; with two dependents, adjusted $25,000', () => {
    expect(adjustedDollars({ annual_income: 30_000, earned_income: 4_000, child_care: 6_000, dependents: 2 })).toMatchObject({ total: 5_000, adjusted: 25_000 });
  });

  it("disability assistance in HUD's order: $3,000 of care on $12,000, $1,000 earned → $3,000 − $1,200 = $1,800, then capped at $1,000 (capping first would leave $1,000 − $1,200 → 0)", () => {
    expect(adjustedDollars({ annual_income: 12_000, earned_income: 1_000, disability_assistance_expenses: 3_000 })).toMatchObject({ disability: 1_000, adjusted: 11_000 });
    expect(adjustedDollars({ annual_income: 12_000, earned_income: 12_000, disability_assistance_expenses: 3_000 })).toMatchObject({ disability: 1_800, adjusted: 10_200 });
  });

  it('what disability assistance leaves of the threshold comes off medical expenses: T $2,000, care $500, medical $4,000 → $0 and $4,000 − $1,500 = $2,500', () => {
    expect(adjustedDollars({ annual_income: 20_000, elderly_or_disabled: true, earned_income: 5_000, disability_assistance_expenses: 500, medical_expenses: 4_000 })).toMatchObject({ disability: 0, medical: 2_500, adjusted: 16_950 });
  });

  it('child care for study is not capped by earnings ($3,000 with none earned), child care for work is ($3,000 → $0)', () => {
    expect(adjustedDollars({ annual_income: 12_000, earned_income: 0, child_care_for_study: 3_000, dependents: 1 })).toMatchObject({ total: 3_500, adjusted: 8_500 });
    expect(adjustedDollars({ annual_income: 12_000, earned_income: 0, child_care: 3_000, dependents: 1 })).toMatchObject({ total: 500, adjusted: 11_500 });
  });

  it('never below 0', () => {
    expect(adjustedDollars({ annual_income: 400, dependents: 3 }).adjusted).toBe(0);
  });
});

describe('total tenant payment (24 CFR 5.628): each rule wins once', () => {
  const ttp = (annual: number, adjusted: number, minimumRent = 50) => totalTenantPayment(cents(annual), cents(adjusted), minimumRent);

  it('30% of monthly adjusted income: $39,000 / 40 = $975 over $40,000 / 120 = $333.33 and $50', () => {
    expect(ttp(40_000, 39_000)).toEqual({ amount: 975, rule: 'adjusted_income_30_percent', candidates: { adjusted_income_30_percent: 975, annual_income_10_percent: 333, minimum_rent: 50 } });
  });

  it('half away from zero: $16,750 / 40 = $418.75 → $419; $17,450 / 40 = $436.25 → $436', () => {
    expect(ttp(18_000, 16_750).amount).toBe(419);
    expect(ttp(18_000, 17_450).amount).toBe(436);
    // $20,020 / 40 = $500.50 → $501.
    expect(ttp(20_020, 20_020).amount).toBe(501);
  });

  it('10% of monthly gross income: $24,000 with $18,150 of deductions → 30% of $5,850 is $146.25, 10% of $24,000 is $200', () => {
    const adjusted = adjustedDollars({ annual_income: 24_000, elderly_or_disabled: true, medical_expenses: 20_000 });
    expect(adjusted).toMatchObject({ total: 18_150, adjusted: 5_850 });
    expect(ttp(24_000, 5_850)).toMatchObject({ amount: 200, rule: 'annual_income_10_percent' });
  });

  it('the minimum rent: $0 income pays $50; with a minimum rent of $0 it pays $0, named by the first rule', () => {
    expect(ttp(0, 0)).toMatchObject({ amount: 50, rule: 'minimum_rent' });
    expect(ttp(1_000, 1_000)).toMatchObject({ amount: 50, rule: 'minimum_rent' }); // $25 and $8.33 are less
    expect(ttp(0, 0, 0)).toMatchObject({ amount: 0, rule: 'adjusted_income_30_percent' });
  });
});

describe('a unit: HAP, family share and the 40% test (24 CFR 982.505(c), 982.508)', () => {
  const adjusted = cents(39_000); // 40% a month: $39,000 / 30 = $1,300

  it('gross rent below the payment standard: $1,900 against $2,560, TTP $975 → HAP $925, the family $975; the 40% test does not apply', () => {
    expect(unitPayment(1_900, 0, 2_560, 975, adjusted)).toEqual({ gross_rent: 1_900, housing_assistance_payment: 925, family_share: 975, passes_40_percent: true, hap_before_proration: 925, family_share_before_proration: 975, hap_to_owner: 925, utility_reimbursement: 0, tenant_rent: 975 });
  });

  it('gross rent above it: $1,900 + $100 against $1,709 → HAP $1,709 − $975 = $734, the family $1,266 ≤ $1,300: passes', () => {
    expect(unitPayment(1_900, 100, 1_709, 975, adjusted)).toEqual({ gross_rent: 2_000, housing_assistance_payment: 734, family_share: 1_266, passes_40_percent: true, hap_before_proration: 734, family_share_before_proration: 1_266, hap_to_owner: 734, utility_reimbursement: 0, tenant_rent: 1_166 });
  });

  it('fails: $2,000 + $100 → the family $1,366 > $1,300; the most gross rent is $1,709 + ($1,300 − $975) = $2,034: it passes, and $2,035 does not', () => {
    expect(unitPayment(2_000, 100, 1_709, 975, adjusted)).toMatchObject({ family_share: 1_366, passes_40_percent: false });
    expect(maxGrossRentAtMoveIn(1_709, 975, adjusted)).toBe(2_034);
    expect(unitPayment(2_034, 0, 1_709, 975, adjusted)).toMatchObject({ family_share: 1_300, passes_40_percent: true });
    expect(unitPayment(2_035, 0, 1_709, 975, adjusted)).toMatchObject({ family_share: 1_301, passes_40_percent: false });
  });

  it('a TTP above the payment standard: the voucher pays nothing; the most gross rent is 40% of income alone ($1,300), never below the rent that passes', () => {
    expect(voucherPaysNothing(800, 975)).toBe(true);
    expect(unitPayment(900, 0, 800, 975, adjusted)).toMatchObject({ housing_assistance_payment: 0, family_share: 900 });
    expect(maxGrossRentAtMoveIn(800, 975, cents(39_000))).toBe(1_300);
    expect(unitPayment(1_200, 0, 800, 975, cents(39_000))).toMatchObject({ housing_assistance_payment: 0, passes_40_percent: true });
  });

  it('who is paid (982.514(b)): TTP $50, $150 utility allowance, $1,000 rent, PS $1,200 → HAP $1,100: $1,000 to the owner, $100 to the family, tenant rent $0', () => {
    expect(unitPayment(1_000, 150, 1_200, 50, asCents(0))).toEqual({ gross_rent: 1_150, housing_assistance_payment: 1_100, family_share: 50, passes_40_percent: true, hap_before_proration: 1_100, family_share_before_proration: 50, hap_to_owner: 1_000, utility_reimbursement: 100, tenant_rent: 0 });
  });

  // Random households and units, none excluded: the identities of the worksheet, and the most gross rent as the edge of the 40% test.
  const household = fc.record({
    adjustedCents: fc.integer({ min: 0, max: 10_000_000 }).map(asCents),
    extraAnnualCents: fc.integer({ min: 0, max: 5_000_000 }),
    minimumRent: fc.integer({ min: 0, max: 50 }),
    standard: fc.integer({ min: 1, max: 5_000 }),
    rent: fc.integer({ min: 0, max: 6_000 }),
    utilities: fc.integer({ min: 0, max: 600 }),
  });

  it('family share = gross rent − HAP; hap_to_owner + tenant_rent = rent to owner; tenant_rent + utility allowance − utility_reimbursement = family share', () => {
    fc.assert(
      fc.property(household, ({ adjustedCents, extraAnnualCents, minimumRent, standard, rent, utilities }) => {
        const ttp = totalTenantPayment(asCents(adjustedCents + extraAnnualCents), adjustedCents, minimumRent).amount;
        const u = unitPayment(rent, utilities, standard, ttp, adjustedCents);
        expect(u.family_share).toBe(u.gross_rent - u.housing_assistance_payment);
        expect(u.hap_to_owner + u.tenant_rent).toBe(rent);
        expect(u.tenant_rent + utilities - u.utility_reimbursement).toBe(u.family_share);
        expect(Math.min(u.housing_assistance_payment, u.hap_to_owner, u.utility_reimbursement, u.tenant_rent)).toBeGreaterThanOrEqual(0);
        if (voucherPaysNothing(standard, ttp)) expect(u.housing_assistance_payment).toBe(0);
      }),
    );
  });

  it('the most gross rent passes the 40% test, and a dollar more fails it whenever it is above the payment standard', () => {
    fc.assert(
      fc.property(household, ({ adjustedCents, extraAnnualCents, minimumRent, standard, utilities }) => {
        const ttp = totalTenantPayment(asCents(adjustedCents + extraAnnualCents), adjustedCents, minimumRent).amount;
        const max = maxGrossRentAtMoveIn(standard, ttp, adjustedCents);
        expect(max).toBeGreaterThanOrEqual(standard);
        const at = (gross: number) => unitPayment(Math.max(0, gross - utilities), Math.min(utilities, gross), standard, ttp, adjustedCents).passes_40_percent;
        expect(at(max)).toBe(true);
        if (max > standard) expect(at(max + 1)).toBe(false);
      }),
    );
  });

  it('the 40% test passes exactly up to the most gross rent, for any gross rent', () => {
    fc.assert(
      fc.property(household, ({ adjustedCents, extraAnnualCents, minimumRent, standard, rent }) => {
        const ttp = totalTenantPayment(asCents(adjustedCents + extraAnnualCents), adjustedCents, minimumRent).amount;
        expect(unitPayment(rent, 0, standard, ttp, adjustedCents).passes_40_percent).toBe(rent <= maxGrossRentAtMoveIn(standard, ttp, adjustedCents));
      }),
    );
  });
});

describe('without a voucher', () => {
  it('30% of $40,000 a month is $1,000; of $25,999, $649.975 → $649 (rounded down)', () => {
    expect(rentAt30Percent(cents(40_000))).toBe(1_000);
    expect(rentAt30Percent(cents(25_999))).toBe(649);
  });

  it("the housing wage (NLIHC's method): $2,560 × 12 / 0.30 / 2,080 = $49.2307… → $49.23; $1,709 → $32.8653… → $32.87; income needed $2,560 × 40 = $102,400", () => {
    expect(housingWage(2_560)).toBe(49.23);
    expect(housingWage(1_709)).toBe(32.87);
    expect(housingWage(1_300)).toBe(25); // exactly $25.00
    expect(incomeNeeded(2_560)).toBe(102_400);
  });
});

describe('the whole answer, on a place written out by hand', () => {
  // Small Area: 2-bedroom $2,000, 3-bedroom $2,600; area: $1,709 and $2,240. Limits of Hennepin FY2026 (3 and 4 persons).
  const limits = (l50: number) => ({ '1': l50, '2': l50, '3': l50, '4': l50, '5': l50, '6': l50, '7': l50, '8': l50 });
  const place = voucherPlaceOf(
    {
      zip: '55401',
      county: 'Hennepin',
      fmr: { br0: 1_500, br1: 1_700, br2: 2_000, br3: 2_600, br4: 3_000 },
      area_fmr: { br0: 1_300, br1: 1_450, br2: 1_709, br3: 2_240, br4: 2_600 },
      hud_areas: [{ name: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area' }],
      zori_latest: { month: '2023-10', rent: 1_850 },
      income_limits: { fiscal_year: 2026, effective_date: '2026-05-01', hud_area_code: 'METRO33460M33460', hud_area_name: 'Minneapolis', extremely_low: limits(35_550), very_low: limits(65_750), low: limits(105_200) },
    },
    '2026-11-22T00:00:00Z',
    ENGLISH,
  );
  const family: VoucherQuestion = { household_size: 4, annual_income: 40_000, dependents: 2, rules: 'hotma' };

  it("the issue's family of four with $40,000 and two children, under HOTMA's deductions: $1,000 of deductions, TTP $975, at most $2,000 + $325 on the Small Area FMR", () => {
    const fit = voucherFit(place, family, ENGLISH);
    expect(fit).toMatchObject({ rules: 'hotma', rules_assumed: false, other_rules: null, adjusted_income: 39_000, total_tenant_payment: 975, total_tenant_payment_rule: 'adjusted_income_30_percent', rent_at_30_percent_without_voucher: 1_000, eligible: true, tier: 'very_low' });
    expect(fit.deductions).toEqual({ dependents: 1_000, elderly_or_disabled_family: 0, child_care: 0, disability_assistance: 0, medical: 0, medical_and_disability: 0, total: 1_000 });
    expect(fit.deduction_amounts).toMatchObject({ year: 2026, dependent: 500 });
    expect(fit.small_area).toMatchObject({ payment_standard: 2_000, max_gross_rent: 2_325, passes_40_percent: null, voucher_pays_nothing: false });
    expect(fit.area).toMatchObject({ payment_standard: 1_709, max_gross_rent: 2_034 });
    expect(fit.sentences[1]).toBe("This answer uses HOTMA's deductions, as asked. Which set applies is the housing authority's to say.");
    expect(fit.sentences[2]).toBe("The household's total tenant payment is $975 a month: 30% of its monthly adjusted income. For a unit whose gross rent is at least that, it is the least the household pays.");
    expect(fit.steps[0]).toBe("Deductions (HOTMA's 2026 amounts, 24 CFR 5.611): 2 dependents × $500 = $1,000; total $1,000.");
    expect(fit.steps[1]).toBe('Adjusted income: $40,000 − $1,000 = $39,000 a year.');
    // Every default is said: minimum rent, payment standard, utility allowance, the sizes, earned income.
    expect(fit.assumptions.join(" ")).toMatch(/A minimum rent of \$50, the most allowed\..*A payment standard of 100% of the FMR\..*A utility allowance of \$0.*A voucher for 2 bedrooms, two persons a bedroom/);
    // The summary answers what was asked first: the income against the limit, then a line a basis.
    expect(fit.summary).toEqual([
      "The household's income is within the limit for a voucher here: $40,000 ≤ $65,750 ✓ (the yearly income and HUD's FY2026 very low income limit for 4 persons).",
      'Small Area FMR: a unit renting for up to $2,325 a month can be approved at move-in; you would pay at least $975.',
      'Area FMR: a unit renting for up to $2,034 a month can be approved at move-in; you would pay at least $975.',
    ]);
  });

  it('without `rules`, the default set (before HOTMA, PIH 2024-38) and, where a figure differs, the other set beside it and in each line', () => {
    const { rules: _rules, ...asked } = family;
    const fit = voucherFit(place, asked, ENGLISH);
    // Before HOTMA: $40,000 − 2 × $480 = $39,040; TTP $976; most gross rent $2,000 + floor($1,301.33 − $976) = $2,325.
    expect(fit).toMatchObject({ rules: 'before_hotma', rules_assumed: true, adjusted_income: 39_040, total_tenant_payment: 976 });
    expect(fit.rules_in_force).toMatchObject({ rules: 'before_hotma', source: expect.stringContaining('PIH 2024-38') });
    expect(fit.other_rules).toMatchObject({ rules: 'hotma', adjusted_income: 39_000, total_tenant_payment: 975, small_area: { max_gross_rent: 2_325 }, area: { max_gross_rent: 2_034 } });
    expect(fit.sentences[1]).toBe(
      'This answer uses the deductions from before HOTMA, which HUD lets voucher programs keep until a compliance date it has not yet set (Notice PIH 2024-38). ' +
        "With HOTMA's deductions the adjusted income would be $39,000 and the total tenant payment $975. Which set applies is the housing authority's to say.",
    );
    expect(fit.assumptions[0]).toMatch(/^The deductions from before HOTMA, .*: ask the housing authority which it uses\.$/);
  });

  it('a unit answers in one line a basis: what the family pays, what the owner receives, whether it is approvable, and the other set where it differs', () => {
    const fit = voucherFit(place, { household_size: 1, annual_income: 20_000, elderly_or_disabled: true, medical_expenses: 3_000, rent_to_owner: 1_200, utility_allowance: 100 }, ENGLISH);
    // Before HOTMA: $20,000 − $400 − ($3,000 − $600) = $17,200; TTP $430. Small Area 1-bedroom PS $1,700: HAP $1,300 − $430 = $870; tenant rent $330.
    // HOTMA: $18,450; TTP $461; HAP $839; family share $461.
    expect(fit.summary[1]).toBe(
      'Small Area FMR: you would pay $430 a month in all ($330 to the owner and $100 for utilities); the housing authority pays the owner $870. Approvable at move-in: the gross rent is within the payment standard, $1,300 ≤ $1,700 ✓. ' +
        "If your housing authority uses HOTMA's deductions: $461 a month.",
    );
  });

  it('who is paid: a HAP above the rent pays the owner the rent and the family the rest toward utilities (982.514(b)); the minimum rent names the hardship exemption', () => {
    const fit = voucherFit(place, { household_size: 1, annual_income: 0, rent_to_owner: 1_000, utility_allowance: 150, payment_standard: 1_200 }, ENGLISH);
    expect(fit.small_area).toMatchObject({ housing_assistance_payment: 1_100, hap_to_owner: 1_000, utility_reimbursement: 100, tenant_rent: 0, family_share: 50 });
    expect(fit.summary[1]).toBe(
      'Small Area FMR: you would pay $50 a month in all ($0 to the owner and $150 for utilities, less $100 the housing authority pays you toward them); the housing authority pays the owner $1,000. Approvable at move-in: the gross rent is within the payment standard, $1,150 ≤ $1,200 ✓.',
    );
    expect(fit.sentences).toContain('A family in financial hardship can ask the housing authority for an exemption from the $50 minimum rent (24 CFR 5.630(b)).');
  });

  it('when the TTP reaches the payment standard, the voucher pays nothing, says 982.455, and the most gross rent is never below a rent that passes', () => {
    const fit = voucherFit(place, { household_size: 1, annual_income: 39_000, payment_standard: 800, rent_to_owner: 1_200 }, ENGLISH);
    expect(fit.small_area).toMatchObject({ voucher_pays_nothing: true, housing_assistance_payment: 0, family_share: 1_200, passes_40_percent: true, max_gross_rent: 1_300 });
    expect(fit.summary[1]).toBe('Small Area FMR: the voucher pays nothing, and you would pay the whole $1,200 a month. Approvable at move-in: your share is within 40% of your monthly adjusted income, $1,200 ≤ $1,300 ✓.');
    // A dollar over 40% of the monthly adjusted income ($39,000 / 30 = $1,300): the verdict in figures and a symbol.
    expect(voucherFit(place, { household_size: 1, annual_income: 39_000, payment_standard: 800, rent_to_owner: 1_301 }, ENGLISH).summary[1]).toBe(
      'Small Area FMR: the voucher pays nothing, and you would pay the whole $1,301 a month. Not approvable at move-in: your share is more than 40% of your monthly adjusted income, $1,301 > $1,300 ✗.',
    );
    expect(fit.small_area?.sentence).toContain('A family whose voucher pays nothing for 180 days in a row leaves the program (24 CFR 982.455)');
    expect(fit.small_area?.sentence).toContain('at most $1,300 (40% of its monthly adjusted income, $1,300, since the voucher pays nothing)');
  });

  it('a unit renting at $1,900 with a $100 utility allowance: the family pays $975 on the Small Area FMR and $1,266 on the area FMR, passing both', () => {
    const fit = voucherFit(place, { ...family, rent_to_owner: 1_900, utility_allowance: 100 }, ENGLISH);
    expect(fit.small_area).toMatchObject({ gross_rent: 2_000, housing_assistance_payment: 1_025, family_share: 975, passes_40_percent: true, max_rent_to_owner: 2_225 });
    expect(fit.area).toMatchObject({ gross_rent: 2_000, housing_assistance_payment: 734, family_share: 1_266, passes_40_percent: true });
    expect(fit.area?.sentence).toContain(
      'On the area FMR (Minneapolis-St. Paul-Bloomington, MN-WI), for a unit renting at $1,900 (a gross rent of $2,000 with the utility allowance), the housing authority pays the owner $734 and the household pays the owner $1,166, $1,266 a month with utilities; it passes the 40% test',
    );
  });

  it('a voucher for 2 bedrooms and a 3-bedroom unit: the payment standard is the lower one ($2,000, not $2,600)', () => {
    expect(voucherFit(place, { ...family, voucher_bedrooms: 2, bedrooms: 3 }, ENGLISH).small_area).toMatchObject({ payment_standard: 2_000, fmr: 2_000 });
    expect(voucherFit(place, { ...family, voucher_bedrooms: 3, bedrooms: 2 }, ENGLISH).small_area).toMatchObject({ payment_standard: 2_000 });
    expect(voucherFit(place, { ...family, voucher_bedrooms: 3, bedrooms: 3 }, ENGLISH).small_area).toMatchObject({ payment_standard: 2_600 });
  });

  it("the housing authority's payment standard in dollars is used as given, on both bases", () => {
    const fit = voucherFit(place, { ...family, payment_standard: 1_850 }, ENGLISH);
    expect([fit.small_area?.payment_standard, fit.area?.payment_standard, fit.payment_standard_pct, fit.payment_standard]).toEqual([1_850, 1_850, null, 1_850]);
  });

  it('$0 income: eligible, extremely low; pays the $50 minimum rent; the most gross rent is the payment standard itself', () => {
    const fit = voucherFit(place, { household_size: 1, annual_income: 0, rent_to_owner: 1_500 }, ENGLISH);
    expect(fit).toMatchObject({ tier: 'extremely_low', total_tenant_payment: 50, total_tenant_payment_rule: 'minimum_rent', rent_at_30_percent_without_voucher: 0 });
    expect(fit.small_area).toMatchObject({ payment_standard: 1_700, max_gross_rent: 1_700, housing_assistance_payment: 1_450, family_share: 50 });
  });

  it('bad input is one sentence saying what to change', () => {
    for (const [question, message] of [
      [{ household_size: 2, annual_income: -5 }, 'The yearly income must be from $0 to $10,000,000, not -5.'],
      [{ household_size: 4, annual_income: 40_000, dependents: 4 }, 'Dependents must be fewer than the household size (the head of the household is never one): give 0 to 3, not 4.'],
      [{ household_size: 4, annual_income: 40_000, payment_standard_pct: 130 }, 'The payment standard percentage must be from 90 to 120, not 130.'],
      [{ household_size: 4, annual_income: 40_000, payment_standard_pct: 100, payment_standard: 1_800 }, 'Give the payment standard as a percentage of the FMR or in dollars, not both.'],
      [{ household_size: 4, annual_income: 40_000, medical_expenses: 100 }, /deducted only for an elderly or disabled family/],
      [{ household_size: 4, annual_income: 40_000, earned_income: 50_000 }, 'The earned income is part of the yearly income: give at most $40,000, not $50,000.'],
      [{ household_size: 4, annual_income: 40_000, minimum_rent: 75 }, 'The minimum rent must be from 0 to 50, not 75.'],
      [
        { household_size: 4, annual_income: 40_000, medical_expense: 100 },
        "A household's question has no field “medical_expense”: the fields are household_size, annual_income, dependents, elderly_or_disabled, child_care, child_care_for_study, earned_income, earnings_of_minors, student_earnings, eligible_members, medical_expenses, disability_assistance_expenses, rules, minimum_rent, payment_standard_pct, payment_standard, utility_allowance, voucher_bedrooms, bedrooms, rent_to_owner.",
      ],
      [{ household_size: 4, annual_income: 40_000, rules: 'hotma_2026' }, 'rules takes before_hotma, hotma, not "hotma_2026".'],
      [{ household_size: 4, annual_income: 40_000, elderly_or_disabled: 'yes' }, 'elderly_or_disabled takes true, false, not "yes".'],
    ] as const) {
      expect(() => voucherFit(place, question as Partial<VoucherQuestion>, ENGLISH)).toThrow(VoucherQuestionError);
      expect(() => voucherFit(place, question as Partial<VoucherQuestion>, ENGLISH)).toThrow(message);
    }
  });
});

describe('the income HUD counts, large households and mixed families (CONTRACT-NOTES, turn 6)', () => {
  // HUD's FY2026 very low limits of 55401 by size (4 persons $65,750; HUD's size adjustments, rounded up to $50); extremely low 4 persons $35,550.
  const veryLow = { '1': 46_050, '2': 52_600, '3': 59_200, '4': 65_750, '5': 71_050, '6': 76_300, '7': 81_550, '8': 86_800 };
  const extremelyLow = { '1': 27_650, '2': 31_600, '3': 35_550, '4': 35_550, '5': 38_400, '6': 41_250, '7': 50_040, '8': 55_720 };
  const low = { '1': 73_700, '2': 84_200, '3': 94_700, '4': 105_200, '5': 113_650, '6': 122_050, '7': 130_500, '8': 138_900 };
  const rents = { br0: 1_500, br1: 1_700, br2: 2_000, br3: 2_600, br4: 3_000 };
  const area = { br0: 1_300, br1: 1_450, br2: 1_709, br3: 2_240, br4: 2_601 };
  const record = (zip: string) => ({
    zip,
    county: 'Hennepin',
    fmr: rents,
    area_fmr: area,
    hud_areas: [{ name: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area' }],
    zori_latest: null,
    income_limits: { fiscal_year: 2026, effective_date: '2026-05-01', hud_area_code: 'METRO33460M33460', hud_area_name: 'Minneapolis', extremely_low: extremelyLow, very_low: veryLow, low },
  });
  const place = voucherPlaceOf(record('55401'), '2026-11-22T00:00:00Z', ENGLISH);

  it("HUD's published FY2026 7- and 8-person extremely low limits are the 2026 poverty guideline: $15,960 + 6 × $5,680 = $50,040, + 7 × = $55,720", () => {
    const guideline = povertyGuidelineFor(2026, '55401');
    if (guideline === null) throw new Error('no 2026 guideline');
    expect(guideline).toMatchObject({ year: 2026, first_person: 15_960, each_more: 5_680 });
    expect([7, 8, 9].map((size) => povertyGuideline(guideline, size))).toEqual([50_040, 55_720, 61_400]);
    // HHS writes Alaska's and Hawaii's guidelines apart: no row here for them.
    expect([povertyGuidelineFor(2026, '99801'), povertyGuidelineFor(2026, '96813'), povertyGuidelineFor(2031, '55401')]).toEqual([null, null, null]);
  });

  it('a working 16-year-old: $62,000 of which $6,000 is the minor\'s → counted $56,000 ≤ $59,200 for 3 persons: within the limit', () => {
    const fit = voucherFit(place, { household_size: 3, annual_income: 62_000, dependents: 1, earnings_of_minors: 6_000 }, ENGLISH);
    expect(fit).toMatchObject({ counted_income: 56_000, exclusions: { earnings_of_minors: 6_000, student_earnings: 0, total: 6_000 }, eligible: true, tier: 'very_low' });
    expect(fit.summary[0]).toBe("The household's income is within the limit for a voucher here: $56,000 ≤ $59,200 ✓ (the yearly income HUD counts and HUD's FY2026 very low income limit for 3 persons).");
    expect(fit.steps[0]).toBe('Income left out (24 CFR 5.609(b)): pay of children under 18, $6,000; the income counted is $62,000 − $6,000 = $56,000 a year.');
    // Without the exclusion the same family is above the limit.
    expect(voucherFit(place, { household_size: 3, annual_income: 62_000, dependents: 1 }, ENGLISH).eligible).toBe(false);
  });

  it("a full-time student's pay: only what is above the dependent deduction is left out ($9,000 − $480 before HOTMA, − $500 under HOTMA's 2026 amounts)", () => {
    const before = voucherFit(place, { household_size: 3, annual_income: 39_000, dependents: 1, student_earnings: [9_000], rules: 'before_hotma' }, ENGLISH);
    expect(before).toMatchObject({ counted_income: 30_480, adjusted_income: 30_000, total_tenant_payment: 750 });
    expect(before.steps[0]).toBe("Income left out (24 CFR 5.609(b)): of 1 full-time student's pay, what is above $480 each, $8,520; the income counted is $39,000 − $8,520 = $30,480 a year.");
    const hotma = voucherFit(place, { household_size: 3, annual_income: 39_000, dependents: 1, student_earnings: [9_000], rules: 'hotma' }, ENGLISH);
    expect(hotma).toMatchObject({ counted_income: 30_500, adjusted_income: 30_000 });
    // Two students, one earning less than the deduction: nothing of hers is left out.
    expect(voucherFit(place, { household_size: 4, annual_income: 39_000, dependents: 2, student_earnings: [9_000, 300], rules: 'before_hotma' }, ENGLISH).exclusions).toEqual({ earnings_of_minors: 0, student_earnings: 8_520, total: 8_520 });
  });

  it('a household of nine: a 5-bedroom voucher by default, the 5-bedroom FMR by HUD\'s rule, and the extremely low limit from the poverty guideline ($61,400)', () => {
    const fit = voucherFit(place, { household_size: 9, annual_income: 60_000, dependents: 6 }, ENGLISH);
    expect(fit.voucher_bedrooms).toBe(5);
    // $3,000 × 1.15 = $3,450 (Small Area, to $10); $2,601 × 1.15 = $2,991.15 → $2,991 (area, to the dollar).
    expect([fit.small_area?.fmr, fit.area?.fmr]).toEqual([3_450, 2_991]);
    expect([largerUnitFmr(3_000, 8, 10), largerUnitFmr(2_601, 6, 1), largerUnitFmr(2_605, 5, 10)]).toEqual([4_800, 3_381, 3_000]);
    // Very low: $65,750 × 1.40 = $92,050; extremely low: max($35,550 × 1.40 = $49,770 → $49,800, $61,400) = $61,400.
    expect(fit.income_limits).toMatchObject({ very_low: 92_050, extremely_low: 61_400, poverty_guideline: 61_400 });
    expect(fit.tier).toBe('extremely_low');
    expect(fit.steps).toContain(
      "HUD publishes income limits up to 8 persons. For 9 persons the very low limit is $92,050: the 4-person limit plus 8% of it for each person above 4, rounded up to $50. The extremely low limit is $61,400: the greater of $49,800 (the same rule on the 4-person extremely low limit) and HHS's 2026 poverty guideline for 9 persons, $61,400, never above the very low limit (24 CFR 5.603).",
    );
    expect(fit.steps).toContain('HUD publishes FMRs up to 4 bedrooms: the 5-bedroom FMR on the Small Area FMR is $3,450, the 4-bedroom FMR of $3,000 plus 15% of it for each bedroom above four, rounded to $10 as HUD rounds it.');
    // Where this site has no guideline the limit is not made up.
    expect(voucherFit(voucherPlaceOf(record('99801'), '2026-11-22T00:00:00Z', ENGLISH), { household_size: 9, annual_income: 60_000 }, ENGLISH).income_limits?.extremely_low).toBeNull();
  });

  it('a mixed family: 3 of 4 members eligible, HAP $954 → $716, family share $1,004; none eligible is not assisted', () => {
    const mixed = { household_size: 4, annual_income: 31_640, dependents: 2, rules: 'hotma', rent_to_owner: 1_720, payment_standard: 1_800 } as const;
    const fit = voucherFit(place, { ...mixed, eligible_members: 3 }, ENGLISH);
    expect(fit.small_area).toMatchObject({ hap_before_proration: 954, housing_assistance_payment: 716, family_share: 1_004, hap_to_owner: 716, tenant_rent: 1_004, family_share_before_proration: 766 });
    expect(proratedHap(954, { eligible: 3, members: 4 })).toBe(716); // $715.50, half away from zero
    expect(fit.summary[1]).toBe(
      '3 of the 4 members are citizens or have eligible immigration status: the housing authority prorates what it pays to 3 of 4 (24 CFR 5.520), as the lines below show. ' +
        "HUD proposed on 20 February 2026 (91 FR 8151) to allow proration only while each member's status is being verified; if that rule becomes final, a new mixed family would not be assisted: ask the housing authority.",
    );
    expect(fit.small_area?.sentence).toContain('A mixed family (3 of 4 members eligible, 24 CFR 5.520): the housing authority pays $716 a month instead of $954, and the family share is $1,004.');
    const none = voucherFit(place, { ...mixed, eligible_members: 0 }, ENGLISH);
    expect(none.small_area).toMatchObject({ housing_assistance_payment: 0, family_share: 1_720 });
    expect(none.summary[1]).toMatch(/^No member of the household is a citizen or has eligible immigration status: a voucher cannot assist it/);
    expect(voucherFit(place, mixed, ENGLISH).assumptions).toContain('Every member is a citizen or has eligible immigration status.');
    // Without a unit no line below shows a prorated payment, and the line does not say they do.
    const { rent_to_owner: _rent, ...noUnit } = mixed;
    expect(voucherFit(place, { ...noUnit, eligible_members: 3 }, ENGLISH).summary[1]).toContain("(24 CFR 5.520): give a unit's rent to see what it would pay.");
  });

  it('a verdict shows the cents where whole dollars would tie: $59,200.01 > $59,200 ✗', () => {
    expect(voucherFit(place, { household_size: 3, annual_income: 59_200.01 }, ENGLISH).summary[0]).toContain('$59,200.01 > $59,200 ✗');
    expect(voucherFit(place, { household_size: 3, annual_income: 59_200 }, ENGLISH).summary[0]).toContain('$59,200 ≤ $59,200 ✓');
  });

  it('no sentence claims a least payment the figures beside it do not meet, and an exception standard is a reasonable accommodation the housing authority may grant', () => {
    // TTP $1,000 and a $500 unit: the voucher pays nothing and the share is $500; the TTP sentence makes no claim about it.
    const fit = voucherFit(place, { household_size: 1, annual_income: 40_000, rent_to_owner: 500 }, ENGLISH);
    expect(fit.small_area?.family_share).toBe(500);
    expect(fit.sentences.join(' ')).not.toMatch(/pays at least \$1,000/);
    const exception = voucherFit(place, { household_size: 1, annual_income: 20_000, payment_standard_pct: 115 }, ENGLISH);
    expect(exception.small_area?.sentence).toContain('an exception standard, which the housing authority may grant itself up to 120% as a reasonable accommodation for a family member with a disability (24 CFR 982.503(d))');
    expect(exception.small_area?.sentence).not.toContain('HUD must approve');
  });

  it('bad input is one sentence saying what to change', () => {
    for (const [question, message] of [
      [{ household_size: 3, annual_income: 39_000, dependents: 1, student_earnings: 9_000 }, "Full-time students' pay takes one yearly amount for each student, in dollars and cents (like 9000 or 4500.50), not 9000."],
      [{ household_size: 3, annual_income: 39_000, dependents: 1, student_earnings: ['9000'] }, `Full-time students' pay takes one yearly amount for each student, in dollars and cents (like 9000 or 4500.50), not ["9000"].`],
      [{ household_size: 3, annual_income: 39_000, student_earnings: [9_000] }, "Each full-time student whose pay is left out is a dependent: give at least 1 dependent, not 0, or leave a student's pay out."],
      [{ household_size: 4, annual_income: 40_000, eligible_members: 5 }, 'Members with eligible immigration status must be from 0 to 4, not 5.'],
      [{ household_size: 9, annual_income: 40_000, voucher_bedrooms: 9 }, 'Voucher bedrooms must be from 0 to 8, not 9.'],
      [{ household_size: 3, annual_income: 5_000, earnings_of_minors: 6_000 }, 'The pay of children and of full-time students ($6,000) is earned income, part of the yearly income ($5,000): give at most that, or a larger yearly income.'],
    ] as const) {
      expect(() => voucherFit(place, question as Partial<VoucherQuestion>, ENGLISH)).toThrow(VoucherQuestionError);
      expect(() => voucherFit(place, question as Partial<VoucherQuestion>, ENGLISH)).toThrow(message);
    }
  });
});
