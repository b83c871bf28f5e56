// The answer's words: each sentence reads figures worked out before it (figures.ts) and says them in
// the language of `words`; no sentence computes a figure of its own. A verdict is in figures and a
// symbol, so no word carries it.
import { listInWords } from '../contract/served-areas.ts';
import type { Words } from '../contract/words.ts';
import type { LimitsForSize, Tier } from './eligibility.ts';
import type { Basis, BasisNumbers, DeductionDollars, OtherBasis, Worked } from './figures.ts';
import { type Cents, dollarsOf } from './money.ts';
import type { PlaceAgency, VoucherPlace } from './place.ts';
import { type AnsweredQuestion, MINIMUM_RENT, PAYMENT_STANDARD_PCT, type VoucherQuestion } from './question.ts';
import type { RuleSet } from './tables.ts';
import { smallerSize, type UnitPayment } from './unit.ts';

/** The income the limits were compared with: the income HUD counts, said so when it is less than the yearly income. */
export interface JudgedIncome {
  amount: number;
  counted: boolean;
}

export function eligibilitySentence(words: Words, place: VoucherPlace, size: number, income: JudgedIncome, limits: LimitsForSize | null, tier: Tier | null): string {
  const who = { size, income: words.money(income.amount), counted: income.counted ? 'yes' : 'no' };
  if (!limits || !place.income_limits || tier === null) return words.say('answer.eligibility.noLimits', { ...who, county: place.county });
  const year = String(place.income_limits.fiscal_year);
  if (tier === 'extremely_low') return words.say('answer.eligibility.extremelyLow', { ...who, year, limit: words.money(limits.extremely_low) });
  if (tier === 'very_low') {
    return words.say('answer.eligibility.veryLow', {
      ...who,
      year,
      limit: words.money(limits.very_low),
      extremelyLow: limits.extremely_low === null ? 'unpublished' : 'published',
      extremelyLowLimit: words.money(limits.extremely_low),
    });
  }
  return words.say('answer.eligibility.notEligible', { ...who, year, limit: words.money(limits.very_low), tier, lowLimit: words.money(limits.low) });
}

/**
 * A test in figures and a symbol, "$988 ≤ $1,317 ✓" or "$1,490 > $1,317 ✗", so that no word has to carry the verdict:
 * a mistranslated word cannot turn a pass into a fail. The page gives each symbol its name in the page's language.
 */
export const VERDICT_SYMBOLS = { pass: '✓', fail: '✗' } as const;

export function verdict(words: Words, left: number, right: number, passes: boolean): string {
  // Where whole dollars would tie, the cents the verdict rests on are shown: "$59,200.01 > $59,200 ✗".
  const tie = left !== right && words.money(left) === words.money(right);
  const shown = (amount: number) => (tie && !Number.isInteger(amount) ? words.moneyWithCents(amount) : words.money(amount));
  return words.say('verdict.test', { left: shown(left), right: shown(right), passes: passes ? 'yes' : 'no', symbol: passes ? VERDICT_SYMBOLS.pass : VERDICT_SYMBOLS.fail });
}

/** Who receives the HAP for a unit: nobody, the owner alone, or the owner and the family (a utility reimbursement). */
export const paymentKind = (paysNothing: boolean, unit: UnitPayment) => (paysNothing ? 'nothing' : unit.utility_reimbursement > 0 ? 'reimbursement' : 'owner');

/** How the 40% test went: not applied (the gross rent is within the payment standard), passed or failed. */
export const testOf = (unit: UnitPayment, standard: number) => (unit.gross_rent <= standard ? 'within' : unit.passes_40_percent ? 'passes' : 'fails');

/** The first line: the income against the very low limit, or that there is none to judge by. */
export function eligibilitySummary(words: Words, place: VoucherPlace, size: number, income: JudgedIncome, limits: LimitsForSize | null, tier: Tier | null): string {
  if (!limits || !place.income_limits || tier === null) return words.say('summary.noLimits', { county: place.county });
  const within = tier === 'extremely_low' || tier === 'very_low';
  return words.say('summary.eligibility', {
    within: within ? 'yes' : 'no',
    size,
    verdict: verdict(words, income.amount, limits.very_low, within),
    year: String(place.income_limits.fiscal_year),
    counted: income.counted ? 'yes' : 'no',
  });
}

/** A basis's answer in one line: what the household pays and the owner receives, or the most rent, and the other rule set's where it differs. */
export function basisSummary(words: Words, q: AnsweredQuestion, name: string, n: BasisNumbers, ttp: number, fortyPercent: number, other: OtherBasis | null, otherRules: RuleSet | null): string {
  const unit = n.unit;
  let line: string;
  if (unit) {
    const test = testOf(unit, n.standard);
    line = words.say('summary.unit', {
      basis: name,
      payment: paymentKind(n.paysNothing, unit),
      share: words.money(unit.family_share),
      utilities: q.utility_allowance > 0 ? 'yes' : 'no',
      tenantRent: words.money(unit.tenant_rent),
      utilityAllowance: words.money(q.utility_allowance),
      reimbursement: words.money(unit.utility_reimbursement),
      hapToOwner: words.money(unit.hap_to_owner),
      test,
      // Within the payment standard the 40% test does not apply: the figures are the gross rent and the standard.
      verdict: test === 'within' ? verdict(words, unit.gross_rent, n.standard, true) : verdict(words, unit.family_share_before_proration, fortyPercent, unit.passes_40_percent),
    });
  } else {
    line = words.say('summary.most', {
      basis: name,
      nothing: n.paysNothing ? 'yes' : 'no',
      toOwner: words.money(n.maxToOwner),
      utilities: q.utility_allowance > 0 ? 'yes' : 'no',
      maxGross: words.money(n.maxGross),
      ttp: words.money(ttp),
      standard: words.money(n.standard),
    });
  }
  if (!other || !otherRules) return line;
  const approvable = (passes: boolean | null | undefined) => (passes === null || passes === undefined ? 'none' : passes ? 'yes' : 'no');
  const same = unit ? other.family_share === unit.family_share && other.passes_40_percent === unit.passes_40_percent : other.max_gross_rent === n.maxGross && other.voucher_pays_nothing === n.paysNothing;
  if (same) return line;
  return `${line} ${words.say('summary.other', {
    rules: otherRules,
    unit: unit ? 'yes' : 'no',
    share: words.money(other.family_share),
    approvable: unit && other.passes_40_percent !== unit.passes_40_percent ? approvable(other.passes_40_percent) : 'same',
    toOwner: words.money(other.max_rent_to_owner),
    nothing: other.voucher_pays_nothing ? 'yes' : 'no',
  })}`;
}

/** The basis names of a place as the answer's explanations say them. */
export const basisNames = (place: VoucherPlace, words: Words): Record<Basis, string> => ({
  small_area: words.say('answer.basis.small_area'),
  area: place.areaName ? words.say('answer.basis.area', { area: place.areaName }) : words.say('answer.basis.areaUnnamed'),
});

/** Agencies by name in a list: "Metro HRA", "MPHA and Plymouth HRA". */
export const namesInWords = (agencies: readonly PlaceAgency[], words: Words) => listInWords(agencies.map((a) => a.name), words);

/** The basis names as a line's head says them, short: the table beside the lines names the area. */
export const headNames = (words: Words): Record<Basis, string> => ({ small_area: words.say('answer.basis.small_area'), area: words.say('answer.basis.areaUnnamed') });

/**
 * Each basis's lead (CONTRACT-NOTES, "The answer names the agencies"): where an agency that serves the county
 * says which FMR it uses, the line names the agencies that use the basis ("Metro HRA uses the Small Area FMR"), or
 * says "if your housing authority uses" it when none does; where none says, the basis alone, as the table heads it.
 * The agencies' areas follow the bases in a line of their own (areasLine), so both bases' figures stay on a phone's
 * first screen.
 */
export function basisLeads(words: Words, agencies: readonly PlaceAgency[]): Record<Basis, string> {
  const names = headNames(words);
  const known = agencies.filter((a) => a.payment_standard_basis !== null);
  const lead = (basis: Basis): string => {
    if (known.length === 0) return words.say(`fit.table.${basis}`);
    const users = known.filter((a) => a.payment_standard_basis === basis);
    if (users.length === 0) return words.say('summary.head.other', { basis: names[basis] });
    return words.say('summary.head.uses', { agencies: namesInWords(users, words), count: users.length, basis: names[basis] });
  };
  return { small_area: lead('small_area'), area: lead('area') };
}

/** The lines for the Moving to Work agencies that serve the county and work out their subsidy their own way: what they pay can differ from HUD's arithmetic. */
export const ownRulesLines = (words: Words, agencies: readonly PlaceAgency[]) => agencies.filter((a) => a.own_rules_url !== null).map((a) => words.say('summary.mtw', { name: a.name }));

/** Who serves which part of the county, in one line ("Which one serves you depends on the city you live in: …"); null without agencies. */
export function areasLine(words: Words, agencies: readonly PlaceAgency[]): string | null {
  if (agencies.length === 0) return null;
  const each = agencies.map((a) => words.say('summary.agencyArea', { name: a.name, area: a.serves }));
  // By semicolons where the parts hold commas of their own ("… except Bloomington, Plymouth …").
  return words.say('summary.areas', { count: agencies.length, list: listInWords(each, words, each.length > 2 || each.some((e) => e.includes(',')) ? 'semi' : 'and') });
}

/** The line for the agencies that serve the county without saying which FMR they use; null where there are none, or where none says. */
export function unknownBasisLine(words: Words, agencies: readonly PlaceAgency[]): string | null {
  const unknown = agencies.filter((a) => a.payment_standard_basis === null);
  if (unknown.length === 0 || unknown.length === agencies.length) return null;
  return words.say('summary.unknownBasis', { agencies: namesInWords(unknown, words), count: unknown.length });
}

/**
 * Which agencies of the county use which FMR, in sentences by their names (the list of who runs vouchers
 * below says each one's area): what a ZIP page says before the household asks. None where no agency that
 * serves the county says which it uses.
 */
export function agencyBasisSentences(place: VoucherPlace, words: Words): string[] {
  if (!place.agencies.some((a) => a.payment_standard_basis !== null)) return [];
  const names = headNames(words);
  const uses = (['small_area', 'area'] as const).flatMap((basis) => {
    const users = place.agencies.filter((a) => a.payment_standard_basis === basis);
    return users.length === 0 ? [] : [words.say('compare.agencyBasis', { agencies: namesInWords(users, words), count: users.length, basis: names[basis] })];
  });
  const unknown = unknownBasisLine(words, place.agencies);
  return [...uses, ...(unknown === null ? [] : [unknown])];
}

/** The deductions step, in HUD's order: dependents, the family, child care, then disability assistance and medical expenses past the threshold. */
export function deductionStep(words: Words, w: Worked, q: AnsweredQuestion, deductions: DeductionDollars): string {
  const { amounts, caps } = w;
  const money = (whole: Cents) => words.money(dollarsOf(whole));
  const earned = money(caps.earned);
  const threshold = money(w.threshold);
  const pct = String(amounts.medical_threshold_pct);
  const parts = [
    deductions.dependents > 0 ? words.say('step.deduction.dependents', { count: q.dependents, each: words.money(amounts.dependent), amount: words.money(deductions.dependents) }) : null,
    deductions.elderly_or_disabled_family > 0 ? words.say('step.deduction.elderly', { amount: words.money(deductions.elderly_or_disabled_family) }) : null,
    q.child_care > 0 ? words.say('step.deduction.childCare', { amount: money(caps.child_care_for_work), capped: caps.child_care_capped ? 'yes' : 'no', earned }) : null,
    q.child_care_for_study > 0 ? words.say('step.deduction.childCareStudy', { amount: words.money(q.child_care_for_study) }) : null,
    q.disability_assistance_expenses > 0
      ? words.say('step.deduction.disability', {
          expenses: words.money(q.disability_assistance_expenses),
          threshold,
          pct,
          capped: caps.disability_capped ? 'yes' : 'no',
          earned,
          amount: words.money(deductions.disability_assistance),
        })
      : null,
    q.elderly_or_disabled && q.medical_expenses > 0
      ? words.say('step.deduction.medical', {
          expenses: words.money(q.medical_expenses),
          after: q.disability_assistance_expenses > 0 ? 'yes' : 'no',
          left: money(caps.threshold_left),
          threshold,
          pct,
          amount: words.money(deductions.medical),
        })
      : null,
  ].filter((part): part is string => part !== null);
  return words.say('step.deductions', {
    rules: w.rules,
    year: String(amounts.year ?? ''),
    count: parts.length,
    // The deductions are a list of amounts, one a clause, set apart as the step's own punctuation.
    parts: parts.join('; '),
    total: words.money(deductions.total),
  });
}

/** The exclusions step: the pay of minors and of students left out, and the income counted. */
export function exclusionStep(words: Words, w: Worked, q: AnsweredQuestion): string {
  const money = (whole: Cents) => words.money(dollarsOf(whole));
  const parts = [
    w.exclusions.earnings_of_minors > 0 ? words.say('step.exclusion.minors', { amount: money(w.exclusions.earnings_of_minors) }) : null,
    q.student_earnings.length > 0 ? words.say('step.exclusion.students', { count: q.student_earnings.length, each: words.money(w.amounts.dependent), amount: money(w.exclusions.student_earnings) }) : null,
  ].filter((part): part is string => part !== null);
  return words.say('step.exclusions', { parts: parts.join('; '), income: words.money(q.annual_income), excluded: money(w.exclusions.total), counted: money(w.counted) });
}

/** Above 8 persons: the limits by HUD's rule, and the extremely low limit with the poverty guideline (24 CFR 5.603). */
export function limitsAboveEightStep(words: Words, limits: LimitsForSize, byRule: number, guideline: { year: number; amount: number } | null, size: number): string {
  return words.say('step.limitsAboveEight', {
    size,
    veryLow: words.money(limits.very_low),
    guideline: guideline === null ? 'none' : 'yes',
    extremelyLow: words.money(limits.extremely_low),
    byRule: words.money(byRule),
    year: String(guideline?.year ?? ''),
    poverty: guideline === null ? '' : words.money(guideline.amount),
  });
}

export function assumptionsOf(words: Words, q: AnsweredQuestion, asked: Partial<VoucherQuestion>): string[] {
  const not = (key: keyof VoucherQuestion) => asked[key] === undefined;
  return [
    not('rules') ? words.say('assumed.rules', { rules: q.rules }) : null,
    not('dependents') ? words.say('assumed.dependents') : null,
    not('elderly_or_disabled') ? words.say('assumed.elderly') : null,
    not('child_care') && not('child_care_for_study') ? words.say('assumed.childCare') : null,
    not('earned_income') ? words.say('assumed.earned') : null,
    not('earnings_of_minors') && not('student_earnings') ? words.say('assumed.exclusions') : null,
    not('eligible_members') ? words.say('assumed.eligibleMembers') : null,
    q.elderly_or_disabled && not('medical_expenses') ? words.say('assumed.medical') : null,
    q.medical_expenses + q.disability_assistance_expenses > 0 ? words.say('assumed.newFamily') : null,
    not('minimum_rent') ? words.say('assumed.minimumRent', { amount: words.money(MINIMUM_RENT.default) }) : null,
    not('payment_standard_pct') && not('payment_standard') ? words.say('assumed.paymentStandard', { pct: String(PAYMENT_STANDARD_PCT.default) }) : null,
    not('utility_allowance') ? words.say('assumed.utilityAllowance', { zero: words.money(0) }) : null,
    not('voucher_bedrooms') ? words.say('assumed.voucherBedrooms', { bedrooms: String(q.voucher_bedrooms) }) : null,
    not('bedrooms') ? words.say('assumed.bedrooms') : null,
    words.say('assumed.always'),
  ].filter((line): line is string => line !== null);
}

/** The rule in one sentence, for llms.txt and the agent server (English: they are for programs). */
export const FORTY_PERCENT_RULE =
  'A household is eligible for a Housing Choice Voucher when its gross income is at or below the very low limit for its size; ' +
  'at move-in it can lease a unit whose gross rent is at most the larger of the payment standard and 40% of its monthly adjusted income plus what the voucher pays (the payment standard less its total tenant payment, when positive): the 40% rule.';

/** Both rule sets' amounts on the data's date, in words, the one in force by default first. */
export function deductionAmountsInWords(place: Pick<VoucherPlace, 'rulesInForce' | 'deductionAmounts'>, words: Words): string {
  const amounts = (rules: RuleSet) => {
    const row = place.deductionAmounts[rules];
    return { dependent: words.money(row.dependent), elderly: words.money(row.elderly_or_disabled_family), pct: String(row.medical_threshold_pct), year: String(row.year ?? '') };
  };
  const before = amounts('before_hotma');
  const hotma = amounts('hotma');
  return words.say('rules.deductionsNow', {
    inForce: place.rulesInForce.rules,
    beforeDependent: before.dependent,
    beforeElderly: before.elderly,
    beforePct: before.pct,
    hotmaDependent: hotma.dependent,
    hotmaElderly: hotma.elderly,
    hotmaPct: hotma.pct,
    year: hotma.year,
  });
}

/** A basis's explanation: the unit's payment, the payment standard and the most rent, a mixed family's proration, and the market rent against it. */
export function basisSentence(words: Words, w: Worked, n: BasisNumbers, q: AnsweredQuestion, market: VoucherPlace['zori_latest'], name: string): string {
  const { standard, maxGross, unit, fmr, paysNothing, maxToOwner } = n;
  const ttp = w.ttp.amount;
  const utilities = q.utility_allowance > 0 ? 'yes' : 'no';
  const size = smallerSize(q.voucher_bedrooms, q.bedrooms);
  const fortyPercent = words.money(w.fortyPercent);
  const sentences: string[] = [];
  if (unit) {
    sentences.push(
      words.say('answer.unit', {
        basis: name,
        rent: words.money(q.rent_to_owner),
        utilities,
        grossRent: words.money(unit.gross_rent),
        payment: paymentKind(paysNothing, unit),
        familyShare: words.money(unit.family_share),
        hapToOwner: words.money(unit.hap_to_owner),
        tenantRent: words.money(unit.tenant_rent),
        reimbursement: words.money(unit.utility_reimbursement),
        test: testOf(unit, standard),
        fortyPercent,
      }),
    );
  }
  const how = q.payment_standard !== null ? 'given' : (q.payment_standard_pct ?? 0) > PAYMENT_STANDARD_PCT.basicMax ? 'exception' : 'percent';
  sentences.push(
    words.say('answer.standard', {
      unit: unit ? 'given' : 'none',
      basis: name,
      standard: words.money(standard),
      how,
      pct: String(q.payment_standard_pct),
      bedrooms: String(size),
      fmr: words.money(fmr),
      maxGross: words.money(maxGross),
      // Above the payment standard by what the 40% test leaves, or, when the voucher pays nothing, 40% of the income alone.
      extra: maxGross <= standard ? 'no' : paysNothing ? 'forty' : 'yes',
      extraAmount: words.money(n.aboveStandard),
      fortyPercent,
      utilities,
      toOwner: words.money(maxToOwner),
      utilityAllowance: words.money(q.utility_allowance),
    }),
  );
  if (unit && q.eligible_members < q.household_size) {
    sentences.push(
      words.say('answer.prorated', {
        eligible: q.eligible_members,
        members: q.household_size,
        hap: words.money(unit.housing_assistance_payment),
        full: words.money(unit.hap_before_proration),
        share: words.money(unit.family_share),
        shareBefore: words.money(unit.family_share_before_proration),
      }),
    );
  }
  if (paysNothing) sentences.push(words.say('answer.nothing', { ttp: words.money(ttp), standard: words.money(standard) }));
  sentences.push(
    words.say('answer.market', {
      reach: n.marketWithinReach === null ? 'none' : n.marketWithinReach ? 'within' : 'out',
      rent: words.money(market?.rent),
      gap: words.money(n.marketGap),
    }),
  );
  return sentences.join(' ');
}
