// "Can this household use a voucher here, and what would it pay?": eligibility by HUD's income
// limits on the income HUD counts, then the housing authority's arithmetic on both FMR bases, under
// the rule set in force and, where it changes a figure, the other one; the answer to what was asked
// first, one line a basis, then the explanations, each step and every assumption (CONTRACT-NOTES,
// "Eligibility and the 40% rule", "The housing authority's arithmetic", "The rules a housing
// authority applies today" and "The income HUD counts, large households and mixed families"). Pure,
// and free of zod: the ZIP page's form runs it in the browser, the agent server's voucher_fit on the
// server and the typed client in a developer's app, so all three give the same numbers and sentences.
import type { Words } from '../contract/words.ts';
import { LARGEST_PUBLISHED, limitAboveEight, type LimitsForSize, limitsForSize, type PlaceIncomeLimits, type Tier, tierOf } from './eligibility.ts';
import { type Basis, type DeductionDollars, dollarsOfEach, FMR_ROUNDING, type OtherRules, otherRulesOf, type Worked, worked } from './figures.ts';
import { rentAt30Percent, type TenantPaymentRule } from './income.ts';
import type { Exclusions } from './income.ts';
import { cents, dollarsOf } from './money.ts';
import type { PlaceAgency, VoucherPlace } from './place.ts';
import { type AnsweredQuestion, checkedQuestion, type VoucherQuestion } from './question.ts';
import { areasLine, assumptionsOf, basisLeads, basisNames, basisSentence, basisSummary, deductionStep, eligibilitySentence, eligibilitySummary, exclusionStep, type JudgedIncome, limitsAboveEightStep, ownRulesLines, unknownBasisLine } from './sentences.ts';
import { type DeductionAmounts, povertyGuideline, type RulesInForce } from './tables.ts';
import { smallerSize } from './unit.ts';

export interface BasisFit {
  basis: 'small_area' | 'area';
  /** The FMR of the size the payment standard follows (the smaller of the voucher's and the unit's). */
  fmr: number;
  /** The family's payment standard on this basis. */
  payment_standard: number;
  /** True when the total tenant payment is at or above the payment standard: the voucher pays nothing for any unit (24 CFR 982.455). */
  voucher_pays_nothing: boolean;
  /** The most gross rent (rent plus utilities) the household can lease at move-in. */
  max_gross_rent: number;
  /** That minus the utility allowance: the most rent to the owner. */
  max_rent_to_owner: number;
  /** The market rent index compared with the most rent to the owner; null without a market rent. */
  market_rent_within_reach: boolean | null;
  /** Rent to the owner plus the utility allowance; null without a rent to the owner (as the seven after it). */
  gross_rent: number | null;
  housing_assistance_payment: number | null;
  family_share: number | null;
  passes_40_percent: boolean | null;
  /** The HAP before a mixed family's proration (24 CFR 5.520), and the family share the 40% test reads; the same as the two above for any other family. */
  hap_before_proration: number | null;
  family_share_before_proration: number | null;
  /** The part of the HAP paid to the owner: at most the rent to the owner. */
  hap_to_owner: number | null;
  /** The rest of the HAP, paid to the family or the utility (24 CFR 982.514(b)). */
  utility_reimbursement: number | null;
  /** What the family pays the owner. */
  tenant_rent: number | null;
  /** The answer on this basis in one line, as the page leads with it. */
  summary: string;
  /** The explanation. */
  sentence: string;
}

/** The answer: every input as used (given or defaulted, under the question's names), then HUD's arithmetic on both bases. */
export interface VoucherFit extends AnsweredQuestion {
  zip: string;
  /** True when the rule set was not given and the one in force on the data's date was used. */
  rules_assumed: boolean;
  /** The rule set voucher programs apply by default on the data's date, and why. */
  rules_in_force: RulesInForce;
  /** True when the earned income was not given and the annual income is taken as earned. */
  earned_income_assumed: boolean;
  /** True when neither the unit's nor the voucher's bedrooms were given. */
  bedrooms_assumed: boolean;
  voucher_bedrooms_assumed: boolean;
  deduction_amounts: DeductionAmounts;
  /** The threshold of the medical and disability assistance deductions, dollars a year. */
  medical_threshold: number;
  /** The income excluded (24 CFR 5.609(b)), dollars a year, and their total. */
  exclusions: Record<keyof Exclusions, number>;
  /** The annual income less the exclusions: what the limits are compared with and the arithmetic starts from. */
  counted_income: number;
  /** Each deduction in dollars a year, and their total. */
  deductions: DeductionDollars;
  adjusted_income: number;
  total_tenant_payment: number;
  total_tenant_payment_rule: TenantPaymentRule;
  rent_at_30_percent_without_voucher: number;
  /** The limits that apply to this household; null where HUD's file has none for the county. Above 8 persons, `poverty_guideline` is the guideline for its size the extremely low limit took into account (null up to 8). */
  income_limits: (LimitsForSize & Pick<PlaceIncomeLimits, 'fiscal_year' | 'effective_date' | 'hud_area_code' | 'hud_area_name'> & { poverty_guideline: number | null }) | null;
  /** Null where there are no limits to judge by. */
  eligible: boolean | null;
  tier: Tier | null;
  market_rent: { month: string; rent: number } | null;
  small_area: BasisFit | null;
  area: BasisFit | null;
  /** Under the other rule set, when the rule set was not given and any of its figures differs; null otherwise. */
  other_rules: OtherRules | null;
  /** The housing agencies whose voucher area covers the county: which one serves the household depends on its city. */
  agencies: PlaceAgency[];
  /** What the household asked, first: the income against the limit, then one line a basis (naming the agencies that use it), then the agencies whose basis is not known. */
  summary: string[];
  /** The explanations, in the order a person reads them. */
  sentences: string[];
  /** How it was worked out, one step a line. */
  steps: string[];
  /** Every input the household did not give, and what was used instead. */
  assumptions: string[];
}

function basisFit(words: Words, basis: Basis, w: Worked, q: AnsweredQuestion, market: VoucherPlace['zori_latest'], name: string, other: OtherRules | null, lead: string): BasisFit | null {
  const n = w.bases[basis];
  if (!n) return null;
  return {
    basis,
    fmr: n.fmr,
    payment_standard: n.standard,
    voucher_pays_nothing: n.paysNothing,
    max_gross_rent: n.maxGross,
    max_rent_to_owner: n.maxToOwner,
    market_rent_within_reach: n.marketWithinReach,
    ...(n.unit ?? {
      gross_rent: null,
      housing_assistance_payment: null,
      family_share: null,
      passes_40_percent: null,
      hap_before_proration: null,
      family_share_before_proration: null,
      hap_to_owner: null,
      utility_reimbursement: null,
      tenant_rent: null,
    }),
    // The line starts with the agencies that use the basis (or the basis, as the answer's table heads its column, where none is known).
    summary: basisSummary(words, q, lead, n, w.ttp.amount, w.fortyPercent, other?.[basis] ?? null, other?.rules ?? null),
    sentence: basisSentence(words, w, n, q, market, name),
  };
}

/** The whole answer for one ZIP code, its sentences in the language of `words`. */
export function voucherFit(place: VoucherPlace, question: Partial<VoucherQuestion>, words: Words): VoucherFit {
  const q = checkedQuestion(question, place.rulesInForce, words);
  const given = (key: keyof VoucherQuestion) => question[key] !== undefined;
  const il = place.income_limits;
  const limits = il ? limitsForSize(il, q.household_size, place.povertyGuideline) : null;
  const w = worked(q, place, q.rules);
  // The limits are compared with the income HUD counts: the annual income less what it excludes.
  const counted = dollarsOf(w.counted);
  const tier = limits ? tierOf(counted, limits) : null;
  const judged: JudgedIncome = { amount: counted, counted: w.exclusions.total > 0 };
  // Above 8 persons: HUD's rule on the 4-person extremely low limit, the figure the poverty guideline is weighed against.
  const guideline = q.household_size > LARGEST_PUBLISHED && place.povertyGuideline !== null ? { year: place.povertyGuideline.year, amount: povertyGuideline(place.povertyGuideline, q.household_size) } : null;
  const aboveEight = il && limits && q.household_size > LARGEST_PUBLISHED ? limitsAboveEightStep(words, limits, limitAboveEight(il.extremely_low['4'], q.household_size), guideline, q.household_size) : null;
  // The other rule set only when the household did not say which applies: then both answers are the housing authority's to choose from.
  const other = given('rules') ? null : otherRulesOf(w, worked(q, place, q.rules === 'hotma' ? 'before_hotma' : 'hotma'));
  const deductions = dollarsOfEach(w.deductions);
  const annualCents = cents(q.annual_income);
  const ttp = w.ttp;
  const names = basisNames(place, words);
  const agencies = place.agencies;
  const leads = basisLeads(words, agencies);
  const smallArea = basisFit(words, 'small_area', w, q, place.zori_latest, names.small_area, other, leads.small_area);
  const area = basisFit(words, 'area', w, q, place.zori_latest, names.area, other, leads.area);
  const unknownBasis = unknownBasisLine(words, agencies);
  const areas = areasLine(words, agencies);
  const without = rentAt30Percent(annualCents);
  const sizes =
    q.voucher_bedrooms === q.bedrooms
      ? words.say('answer.sizes.same', { bedrooms: String(q.bedrooms) })
      : words.say('answer.sizes.different', { voucher: String(q.voucher_bedrooms), unit: String(q.bedrooms) });
  const missing = (basis: Basis) => words.say(`answer.noFmr.${basis}`, { bedrooms: String(smallerSize(q.voucher_bedrooms, q.bedrooms)), zip: place.zip });
  const c = ttp.candidates;
  const rulesSentence = words.say('answer.rules', {
    rules: q.rules,
    given: given('rules') ? 'yes' : 'no',
    other: other ? 'differs' : 'same',
    otherAdjusted: words.money(other?.adjusted_income),
    otherTtp: words.money(other?.total_tenant_payment),
  });
  return {
    zip: place.zip,
    ...q,
    rules_assumed: !given('rules'),
    rules_in_force: place.rulesInForce,
    earned_income_assumed: !given('earned_income'),
    bedrooms_assumed: !given('bedrooms') && !given('voucher_bedrooms'),
    voucher_bedrooms_assumed: !given('voucher_bedrooms'),
    deduction_amounts: w.amounts,
    exclusions: dollarsOfEach(w.exclusions),
    counted_income: counted,
    medical_threshold: dollarsOf(w.threshold),
    deductions,
    adjusted_income: dollarsOf(w.adjusted),
    total_tenant_payment: ttp.amount,
    total_tenant_payment_rule: ttp.rule,
    rent_at_30_percent_without_voucher: without,
    income_limits:
      il && limits
        ? {
            fiscal_year: il.fiscal_year,
            effective_date: il.effective_date,
            hud_area_code: il.hud_area_code,
            hud_area_name: il.hud_area_name,
            ...limits,
            poverty_guideline: guideline?.amount ?? null,
          }
        : null,
    eligible: tier === null ? null : tier === 'extremely_low' || tier === 'very_low',
    tier,
    market_rent: place.zori_latest,
    small_area: smallArea,
    area,
    other_rules: other,
    agencies,
    summary: [
      eligibilitySummary(words, place, q.household_size, judged, limits, tier),
      ...(q.eligible_members < q.household_size ? [words.say('summary.mixed', { eligible: q.eligible_members, members: q.household_size, unit: q.rent_to_owner === null ? 'no' : 'yes' })] : []),
      smallArea?.summary ?? missing('small_area'),
      area?.summary ?? missing('area'),
      ...ownRulesLines(words, agencies),
      ...(areas === null ? [] : [areas]),
      ...(unknownBasis === null ? [] : [unknownBasis]),
    ],
    sentences: [
      eligibilitySentence(words, place, q.household_size, judged, limits, tier),
      rulesSentence,
      words.say('answer.ttp', { amount: words.money(ttp.amount), rule: ttp.rule }),
      ...(ttp.rule === 'minimum_rent' ? [words.say('answer.hardship', { amount: words.money(ttp.amount) })] : []),
      sizes,
      smallArea?.sentence ?? missing('small_area'),
      area?.sentence ?? missing('area'),
      words.say('answer.without', { rent: words.money(without) }),
    ],
    steps: [
      ...(w.exclusions.total > 0 ? [exclusionStep(words, w, q)] : []),
      ...(aboveEight === null ? [] : [aboveEight]),
      deductionStep(words, w, q, deductions),
      words.say('step.adjusted', { income: words.money(counted), deductions: words.money(deductions.total), adjusted: words.money(dollarsOf(w.adjusted)) }),
      words.say('step.ttp', {
        adjusted30: words.money(c.adjusted_income_30_percent),
        gross10: words.money(c.annual_income_10_percent),
        minimumRent: words.money(c.minimum_rent),
        ttp: words.money(ttp.amount),
      }),
      ...(['small_area', 'area'] as const).flatMap((basis) => {
        const n = w.bases[basis];
        return n?.fourBedroom == null ? [] : [words.say('step.largerUnit', { basis: names[basis], bedrooms: String(smallerSize(q.voucher_bedrooms, q.bedrooms)), four: words.money(n.fourBedroom), fmr: words.money(n.fmr), step: words.money(FMR_ROUNDING[basis]) })];
      }),
    ],
    assumptions: assumptionsOf(words, q, question),
  };
}
