// The household's question: its fields, their defaults and their bounds, checked in one place. A
// field it does not know, a value of the wrong kind or out of range is one sentence, in the answer's
// language, saying what to change.
import type { MessageKey, Values, Words } from '../contract/words.ts';
import { cents } from './money.ts';
import { RULE_SETS, type RuleSet, type RulesInForce } from './tables.ts';
import { MAX_BEDROOMS } from './unit.ts';

/** The largest household the answer is given for: past it the question is the housing authority's. */
export const MAX_HOUSEHOLD_SIZE = 20;

/** The range a housing authority may set its payment standard in, percent of the FMR: 90 to 110, up to 120 with an exception standard. */
export const PAYMENT_STANDARD_PCT = { min: 90, max: 120, basicMax: 110, default: 100 } as const;

/** The most a housing authority's minimum rent can be (24 CFR 5.630), and what is assumed when it is not given. */
export const MINIMUM_RENT = { max: 50, default: 50 } as const;

/** More income than this is not a question about vouchers; it is a typing error. */
export const MAX_YEARLY = 10_000_000;

export const MAX_MONTHLY = 50_000;

/** What the household tells; everything but the size and the income has a default, said in the answer. */
export interface VoucherQuestion {
  household_size: number;
  /** Gross yearly income, dollars (HUD's "annual income": what the household expects in the next 12 months). */
  annual_income: number;
  /** Members other than the head, spouse or co-head under 18, full-time students or with a disability; 0 when not given. */
  dependents?: number;
  /** The head, spouse or co-head is 62 or older or has a disability; false when not given. */
  elderly_or_disabled?: boolean;
  /** Yearly care for children 12 and under that lets a member work, capped by the earned income; 0 when not given. */
  child_care?: number;
  /** Yearly care for children 12 and under that lets a member study or look for work, not capped by earnings; 0 when not given. */
  child_care_for_study?: number;
  /** Yearly earned income; the annual income when not given. */
  earned_income?: number;
  /** Yearly earned income of members under 18, part of the annual income: excluded whole (24 CFR 5.609(b)(3)); 0 when not given. */
  earnings_of_minors?: number;
  /** Each dependent full-time student's yearly earned income, part of the annual income: what is above the dependent deduction is excluded (5.609(b)(14)); none when not given. */
  student_earnings?: number[];
  /** Members who are citizens or have eligible immigration status; fewer than all makes a mixed family, whose HAP is prorated (5.520); all when not given. */
  eligible_members?: number;
  /** Yearly unreimbursed medical expenses (elderly or disabled families); 0 when not given. */
  medical_expenses?: number;
  /** Yearly attendant care and auxiliary apparatus that let a member work; 0 when not given. */
  disability_assistance_expenses?: number;
  /** The deduction rules the housing authority applies: `before_hotma` or `hotma`; the rule set in force on the data's date when not given. */
  rules?: RuleSet;
  /** The housing authority's minimum rent, $0 to $50 a month; $50 when not given. */
  minimum_rent?: number;
  /** The payment standard as a percentage of the FMR, 90 to 120; 100 when neither it nor a dollar amount is given. */
  payment_standard_pct?: number;
  /** The housing authority's own payment standard in dollars a month, for the smaller of the voucher's and the unit's sizes. */
  payment_standard?: number;
  /** The tenant-paid utility allowance for the smaller size, dollars a month; 0 when not given. */
  utility_allowance?: number;
  /** The voucher's bedrooms, 0 to 8; by default two persons a bedroom. */
  voucher_bedrooms?: number;
  /** The unit's bedrooms, 0 to 8; the voucher's when not given. */
  bedrooms?: number;
  /** The rent to the owner of one unit, dollars a month. */
  rent_to_owner?: number;
}

/** Every field a question may hold, in the order the answer echoes them; any other name is refused. */
export const QUESTION_FIELDS = [
  'household_size',
  'annual_income',
  'dependents',
  'elderly_or_disabled',
  'child_care',
  'child_care_for_study',
  'earned_income',
  'earnings_of_minors',
  'student_earnings',
  'eligible_members',
  'medical_expenses',
  'disability_assistance_expenses',
  'rules',
  'minimum_rent',
  'payment_standard_pct',
  'payment_standard',
  'utility_allowance',
  'voucher_bedrooms',
  'bedrooms',
  'rent_to_owner',
] as const satisfies readonly (keyof VoucherQuestion)[];

/** A question that cannot be answered as asked: the sentence says what to change. */
export class VoucherQuestionError extends Error {}

/** Two persons a bedroom (studio never assumed), as most housing authorities' subsidy standards start. */
export const defaultBedrooms = (householdSize: number) => Math.min(MAX_BEDROOMS, Math.max(1, Math.ceil(householdSize / 2)));

/** The question as answered: every input, given or defaulted; the answer echoes it under the same names. */
export type AnsweredQuestion = Omit<Required<VoucherQuestion>, 'payment_standard_pct' | 'payment_standard' | 'rent_to_owner'> & {
  /** Null when the payment standard was given in dollars. */
  payment_standard_pct: number | null;
  payment_standard: number | null;
  rent_to_owner: number | null;
};

/** The fields that take a number, each with its name in the catalogue (`field.…`) for the refusals. */
export type NamedField = Exclude<keyof VoucherQuestion, 'rules' | 'elderly_or_disabled' | 'student_earnings'>;

/**
 * The question checked and filled in with its defaults; a name it does not know, a value of the wrong kind or out of
 * range is a VoucherQuestionError saying, in the answer's language, what to change. Partial: a caller without types
 * (the form, JavaScript) may leave out even the size or the income, which are then refused, never taken as 0.
 */
export function checkedQuestion(q: Partial<VoucherQuestion>, rulesInForce: RulesInForce, words: Words): AnsweredQuestion {
  const refuse = (key: MessageKey, values?: Values) => new VoucherQuestionError(words.say(key, values));
  const known: readonly string[] = QUESTION_FIELDS;
  for (const field of Object.keys(q)) if (!known.includes(field)) throw refuse('error.unknownField', { field, known: known.join(', ') });
  const oneOf = <T extends string | boolean>(value: unknown, field: keyof VoucherQuestion, values: readonly T[]): T => {
    if (!values.includes(value as T)) throw refuse('error.unknownValue', { field, values: values.join(', '), value: JSON.stringify(value) });
    return value as T;
  };
  const number = (value: number | undefined, field: NamedField, min: number, max: number, money = false) => {
    const name = words.say(`field.${field}`);
    if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse('error.notNumber', { field: name });
    const bound = (n: number) => (money ? words.money(n) : words.grouped(n));
    if (value < min || value > max) throw refuse('error.range', { field: name, min: bound(min), max: bound(max), value: String(value) });
    return value;
  };
  const whole = (given: number | undefined, field: NamedField, min: number, max: number) => {
    const value = number(given, field, min, max);
    if (!Number.isInteger(value)) throw refuse('error.whole', { field: words.say(`field.${field}`), min: String(min), max: String(max), value: String(value) });
    return value;
  };
  const amount = (value: number | undefined, field: NamedField, max: number) => {
    if (value === undefined) return 0;
    number(value, field, 0, max, true);
    if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw refuse('error.cents', { field: words.say(`field.${field}`), value: String(value) });
    return value;
  };
  const size = whole(q.household_size, 'household_size', 1, MAX_HOUSEHOLD_SIZE);
  const income = amount(q.annual_income ?? Number.NaN, 'annual_income', MAX_YEARLY);
  const dependents = q.dependents === undefined ? 0 : whole(q.dependents, 'dependents', 0, MAX_HOUSEHOLD_SIZE);
  if (dependents >= size) throw refuse('error.dependents', { most: String(size - 1), value: String(dependents) });
  const elderly = q.elderly_or_disabled === undefined ? false : oneOf(q.elderly_or_disabled, 'elderly_or_disabled', [true, false]);
  const rules = q.rules === undefined ? rulesInForce.rules : oneOf(q.rules, 'rules', RULE_SETS);
  const earned = q.earned_income === undefined ? income : amount(q.earned_income, 'earned_income', MAX_YEARLY);
  if (earned > income) throw refuse('error.earned', { income: words.money(income), earned: words.money(earned) });
  const minors = amount(q.earnings_of_minors, 'earnings_of_minors', MAX_YEARLY);
  const students = q.student_earnings ?? [];
  // One yearly amount a student, in dollars and cents: a list of anything else is refused whole.
  const isAmount = (each: unknown) => typeof each === 'number' && Number.isFinite(each) && each >= 0 && each <= MAX_YEARLY && Math.abs(each * 100 - Math.round(each * 100)) <= 1e-6;
  if (!Array.isArray(students) || !students.every(isAmount)) throw refuse('error.studentEarnings', { value: JSON.stringify(q.student_earnings) });
  if (students.length > dependents) throw refuse('error.students', { students: students.length, dependents: String(dependents) });
  // The pay of children and students is earned income, part of the yearly income.
  const excludable = minors + students.reduce((sum, each) => sum + each, 0);
  if (cents(excludable) > cents(earned)) throw refuse('error.exclusions', { excluded: words.money(excludable), earned: words.money(earned), given: q.earned_income === undefined ? 'income' : 'earned' });
  const eligibleMembers = q.eligible_members === undefined ? size : whole(q.eligible_members, 'eligible_members', 0, size);
  const medical = amount(q.medical_expenses, 'medical_expenses', MAX_YEARLY);
  if (medical > 0 && !elderly) throw refuse('error.medical');
  const pct = q.payment_standard_pct;
  const dollars = q.payment_standard;
  if (pct !== undefined && dollars !== undefined) throw refuse('error.bothStandards');
  if (pct !== undefined) {
    number(pct, 'payment_standard_pct', PAYMENT_STANDARD_PCT.min, PAYMENT_STANDARD_PCT.max);
    if (Math.abs(pct * 10 - Math.round(pct * 10)) > 1e-9) throw refuse('error.pctDecimals', { value: String(pct) });
  }
  const voucher = q.voucher_bedrooms === undefined ? defaultBedrooms(size) : whole(q.voucher_bedrooms, 'voucher_bedrooms', 0, MAX_BEDROOMS);
  return {
    household_size: size,
    annual_income: income,
    dependents,
    elderly_or_disabled: elderly,
    child_care: amount(q.child_care, 'child_care', MAX_YEARLY),
    child_care_for_study: amount(q.child_care_for_study, 'child_care_for_study', MAX_YEARLY),
    earned_income: earned,
    earnings_of_minors: minors,
    student_earnings: [...students],
    eligible_members: eligibleMembers,
    medical_expenses: medical,
    disability_assistance_expenses: amount(q.disability_assistance_expenses, 'disability_assistance_expenses', MAX_YEARLY),
    rules,
    minimum_rent: q.minimum_rent === undefined ? MINIMUM_RENT.default : whole(q.minimum_rent, 'minimum_rent', 0, MINIMUM_RENT.max),
    payment_standard_pct: dollars === undefined ? (pct ?? PAYMENT_STANDARD_PCT.default) : null,
    payment_standard: dollars === undefined ? null : whole(dollars, 'payment_standard', 1, MAX_MONTHLY),
    utility_allowance: q.utility_allowance === undefined ? 0 : whole(q.utility_allowance, 'utility_allowance', 0, MAX_MONTHLY),
    voucher_bedrooms: voucher,
    bedrooms: q.bedrooms === undefined ? voucher : whole(q.bedrooms, 'bedrooms', 0, MAX_BEDROOMS),
    rent_to_owner: q.rent_to_owner === undefined ? null : whole(q.rent_to_owner, 'rent_to_owner', 0, MAX_MONTHLY),
  };
}
