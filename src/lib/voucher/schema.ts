// The household's question and answer as zod schemas: the agent server's voucher_fit takes and
// gives them (its input and output schemas), and /docs/ lists the question's fields from them, each
// with its description. The answer's TypeScript types (answer.ts), which the page's form and the
// typed client use without zod, must stay the same shape: the typecheck fails if they differ
// (`SchemaIsTheAnswer` at the end).
import { z } from 'zod';
import { PAYMENT_STANDARD_BASES, ZipCode } from '../contract/schemas.ts';
import type { VoucherFit } from './answer.ts';
import { MAX_HOUSEHOLD_SIZE, MINIMUM_RENT, PAYMENT_STANDARD_PCT, type QUESTION_FIELDS } from './question.ts';
import { RULE_SETS } from './tables.ts';

const dollars = z.int().nonnegative();
const amount = z.number().nonnegative();
const ruleSet = z.enum(RULE_SETS);
const deductionAmounts = z
  .object({
    year: z.int().nullable().describe('Calendar year of the amounts; null for the rule before HOTMA'),
    from: z.iso.date(),
    dependent: dollars,
    elderly_or_disabled_family: dollars,
    medical_threshold_pct: z.number(),
    source: z.string(),
  })
  .strict();
const otherBasis = z
  .object({
    max_gross_rent: dollars,
    max_rent_to_owner: z.int(),
    voucher_pays_nothing: z.boolean(),
    housing_assistance_payment: dollars.nullable(),
    family_share: dollars.nullable(),
    passes_40_percent: z.boolean().nullable(),
  })
  .strict();
const basis = z
  .object({
    basis: z.enum(['small_area', 'area']),
    fmr: dollars.describe("FMR on this basis of the size the payment standard follows (the smaller of the voucher's and the unit's)"),
    payment_standard: dollars.describe("The family's payment standard: the lower of the standards for the voucher's and the unit's sizes (FMR × percentage, whole dollars), or the dollar amount given"),
    voucher_pays_nothing: z.boolean().describe('The total tenant payment is at or above the payment standard: the voucher pays nothing for any unit, and 180 days at $0 end the assistance (24 CFR 982.455)'),
    max_gross_rent: dollars.describe(
      'The most gross rent (rent plus utilities) the household can lease at move-in: max(payment standard, floor(40% of monthly adjusted income + max(0, payment standard − total tenant payment)))',
    ),
    max_rent_to_owner: z.int().describe('max_gross_rent minus the utility allowance'),
    market_rent_within_reach: z.boolean().nullable().describe('The market rent index is at or below max_rent_to_owner; null without a market rent'),
    gross_rent: dollars.nullable().describe('rent_to_owner + utility_allowance; null without rent_to_owner'),
    housing_assistance_payment: dollars.nullable().describe("The housing authority's monthly payment: the lower of (payment standard − TTP) and (gross rent − TTP), never below 0; null without rent_to_owner"),
    hap_to_owner: dollars.nullable().describe('The part of the HAP paid to the owner: the lower of the HAP and rent_to_owner (24 CFR 982.514(b)); null without rent_to_owner'),
    utility_reimbursement: dollars.nullable().describe('HAP − rent_to_owner when positive, paid to the family or the utility; null without rent_to_owner'),
    tenant_rent: dollars.nullable().describe('What the family pays the owner: rent_to_owner − hap_to_owner; null without rent_to_owner'),
    family_share: dollars.nullable().describe('gross_rent − housing_assistance_payment; null without rent_to_owner'),
    passes_40_percent: z
      .boolean()
      .nullable()
      .describe('At move-in, true when the gross rent is within the payment standard or the family share (before a mixed family\'s proration) is at most 40% of monthly adjusted income; null without rent_to_owner'),
    hap_before_proration: dollars.nullable().describe("The HAP before a mixed family's proration (24 CFR 5.520): housing_assistance_payment itself when every member is eligible; null without rent_to_owner"),
    family_share_before_proration: dollars.nullable().describe('gross_rent − hap_before_proration: the family share the 40% test reads; null without rent_to_owner'),
    summary: z.string().describe('The answer on this basis in one line'),
    sentence: z.string(),
  })
  .strict();

const agency = z
  .object({
    code: z.string(),
    name: z.string().describe("The name it goes by on its own pages, else HUD's"),
    serves: z.string().describe("The part of its voucher area in the ZIP code's county, in words"),
    serves_here: z.enum(['all', 'part']).describe("How much of the county its voucher area covers"),
    phone: z.string().nullable(),
    payment_standard_basis: z.enum(PAYMENT_STANDARD_BASES).nullable().describe('Which FMR its payment standards follow, as its pages say; null where they do not'),
    moving_to_work: z.boolean().nullable(),
    own_rules_url: z.string().nullable().describe('For a Moving to Work agency that works out its subsidy its own way: the page that says how; null otherwise'),
  })
  .strict();

export const QUESTION_SHAPE = {
  household_size: z.number().describe(`Persons in the household, 1 to ${MAX_HOUSEHOLD_SIZE}`),
  annual_income: z.number().describe("Gross yearly income in dollars (HUD's annual income: what the household expects in the next 12 months); eligibility is judged by it"),
  dependents: z.number().optional().describe('Members other than the head, spouse or co-head who are under 18, full-time students or have a disability; 0 when not given'),
  elderly_or_disabled: z.boolean().optional().describe('The head, spouse or co-head is 62 or older or has a disability; false when not given'),
  child_care: z.number().optional().describe('Yearly care for children 12 and under that lets a member work, dollars (capped by earned_income); 0 when not given'),
  child_care_for_study: z.number().optional().describe('Yearly care for children 12 and under that lets a member study or look for work, dollars (not capped by earnings); 0 when not given'),
  earned_income: z.number().optional().describe('Yearly earned income, dollars (caps child_care and the disability assistance deduction); the annual income when not given'),
  earnings_of_minors: z
    .number()
    .optional()
    .describe('Yearly earned income of members under 18, dollars, part of annual_income and earned_income: excluded whole (24 CFR 5.609(b)(3)); 0 when not given'),
  student_earnings: z
    .array(z.number())
    .optional()
    .describe("Each dependent full-time student's yearly earned income, dollars, part of annual_income and earned_income: the part above the rule set's dependent deduction is excluded (5.609(b)(14)); each student is one of the dependents; none when not given"),
  eligible_members: z
    .number()
    .optional()
    .describe('Members who are citizens or have eligible immigration status, 0 to household_size: fewer makes a mixed family, whose HAP is prorated (HAP × eligible_members ÷ household_size, 5.520); all when not given'),
  medical_expenses: z.number().optional().describe('Yearly unreimbursed medical expenses of an elderly or disabled family, dollars; 0 when not given'),
  disability_assistance_expenses: z
    .number()
    .optional()
    .describe('Yearly attendant care and auxiliary apparatus that let a member work, dollars: deducted above the threshold, up to earned_income; 0 when not given'),
  rules: ruleSet
    .optional()
    .describe(
      "The deduction rules the housing authority applies: before_hotma ($480 a dependent, $400 an elderly or disabled family, expenses above 3%) or hotma (the year's indexed amounts, above 10%); when not given, the set voucher programs apply by default on the data's date (rules_in_force), with the other set's figures in other_rules where they differ",
    ),
  minimum_rent: z.number().optional().describe(`The housing authority's minimum rent, 0 to ${MINIMUM_RENT.max} dollars a month; ${MINIMUM_RENT.default} when not given`),
  payment_standard_pct: z
    .number()
    .optional()
    .describe(`The housing authority's payment standard as a percent of the FMR, ${PAYMENT_STANDARD_PCT.min} to ${PAYMENT_STANDARD_PCT.max} (above ${PAYMENT_STANDARD_PCT.basicMax} is an exception standard); ${PAYMENT_STANDARD_PCT.default} when neither it nor payment_standard is given`),
  payment_standard: z.number().optional().describe("The housing authority's own payment standard in whole dollars a month, for the smaller of the voucher's and the unit's sizes (instead of payment_standard_pct)"),
  utility_allowance: z.number().optional().describe("Tenant-paid utility allowance for the smaller of the voucher's and the unit's sizes, whole dollars a month; 0 when not given"),
  voucher_bedrooms: z.number().optional().describe("The voucher's bedrooms, 0 (studio) to 8 (above 4 the FMR is HUD's rule: the 4-bedroom FMR plus 15% of it a bedroom); by default two persons a bedroom"),
  bedrooms: z.number().optional().describe("The unit's bedrooms, 0 (studio) to 8; the voucher's when not given"),
  rent_to_owner: z.number().optional().describe('The rent to the owner of one unit, whole dollars a month: gives the HAP, who receives it, the family share and the 40% test'),
} satisfies Record<(typeof QUESTION_FIELDS)[number], z.ZodType>;

/** The answer, as voucherFit returns it (the tool adds the data's `meta` before it). */
export const VOUCHER_ANSWER = z
  .object({
  zip: ZipCode,
  household_size: z.int(),
  annual_income: amount,
  dependents: z.int(),
  elderly_or_disabled: z.boolean(),
  child_care: amount,
  child_care_for_study: amount,
  earned_income: amount,
  earned_income_assumed: z.boolean(),
  earnings_of_minors: amount,
  student_earnings: z.array(amount),
  eligible_members: z.int(),
  medical_expenses: amount,
  disability_assistance_expenses: amount,
  rules: ruleSet.describe('The deduction rules used'),
  rules_assumed: z.boolean().describe('True when rules was not given and the default set was used'),
  rules_in_force: z.object({ from: z.iso.date(), rules: ruleSet, source: z.string() }).strict().describe("The rule set voucher programs apply by default on the data's build date, and why"),
  minimum_rent: dollars,
  bedrooms: z.int().describe("The unit's bedrooms"),
  bedrooms_assumed: z.boolean(),
  voucher_bedrooms: z.int(),
  voucher_bedrooms_assumed: z.boolean(),
  payment_standard_pct: z.number().nullable().describe('Null when payment_standard was given in dollars'),
  payment_standard: dollars.nullable().describe('The dollar amount given; null when a percentage was used'),
  utility_allowance: dollars,
  rent_to_owner: dollars.nullable(),
  deduction_amounts: deductionAmounts.describe("The deduction amounts of the rules used on the data's build date"),
  exclusions: z
    .object({ earnings_of_minors: amount, student_earnings: amount, total: amount })
    .strict()
    .describe("The income excluded (24 CFR 5.609(b)), dollars a year: minors' earnings whole, each student's earnings above the dependent deduction"),
  counted_income: amount.describe('annual_income − exclusions.total: what the limits are compared with and the arithmetic starts from, dollars a year'),
  medical_threshold: amount.describe('The threshold of the disability assistance and medical deductions (3% or 10% of annual income), dollars a year'),
  deductions: z
    .object({ dependents: amount, elderly_or_disabled_family: amount, child_care: amount, disability_assistance: amount, medical: amount, medical_and_disability: amount, total: amount })
    .strict()
    .describe('Each deduction, dollars a year, in HUD\'s order: disability assistance above the threshold (up to the earnings it makes possible), then medical expenses above what it left of the threshold; medical_and_disability is the two together'),
  adjusted_income: amount.describe('The counted income less the deductions, never below 0, dollars a year'),
  total_tenant_payment: dollars.describe('The greatest of 30% of monthly adjusted income, 10% of monthly annual income and the minimum rent, whole dollars a month'),
  total_tenant_payment_rule: z.enum(['adjusted_income_30_percent', 'annual_income_10_percent', 'minimum_rent']),
  rent_at_30_percent_without_voucher: dollars.describe('30% of the monthly annual income, rounded down'),
  income_limits: z
    .object({
      fiscal_year: z.int(),
      effective_date: z.iso.date(),
      hud_area_code: z.string(),
      hud_area_name: z.string(),
      extremely_low: dollars
        .nullable()
        .describe('Above 8 persons the greater of HUD\'s rule on the 4-person limit and the poverty guideline, never above very_low (24 CFR 5.603); null only where this site has no guideline (Alaska, Hawaii, a year it lacks)'),
      very_low: dollars,
      low: dollars,
      poverty_guideline: dollars.nullable().describe("HHS's poverty guideline for the household size, above 8 persons (the one HUD used for the limits' year); null up to 8"),
    })
    .strict()
    .nullable()
    .describe("The limits for this household size; null where HUD's file has none for the county"),
  eligible: z.boolean().nullable(),
  tier: z.enum(['extremely_low', 'very_low', 'low', 'above_low']).nullable(),
  market_rent: z.object({ month: z.string(), rent: dollars }).strict().nullable(),
  small_area: basis.nullable(),
  area: basis.nullable(),
  other_rules: z
    .object({
      rules: ruleSet,
      deduction_amounts: deductionAmounts,
      adjusted_income: amount,
      total_tenant_payment: dollars,
      total_tenant_payment_rule: z.enum(['adjusted_income_30_percent', 'annual_income_10_percent', 'minimum_rent']),
      small_area: otherBasis.nullable(),
      area: otherBasis.nullable(),
    })
    .strict()
    .nullable()
    .describe('The figures under the other rule set, when rules was not given and any of them differs; null otherwise'),
  agencies: z
    .array(agency)
    .describe("The housing agencies whose voucher area covers the ZIP code's county, most vouchers first: which one serves the household depends on its city, not on its ZIP code; empty where no agency's area is known"),
  summary: z
    .array(z.string())
    .describe('What was asked, first: the income against the limit; then one line a basis, naming the agencies that use it (or "if your housing authority uses" it); then the agencies that do not say which basis they use'),
  sentences: z.array(z.string()).describe('The explanations in plain words'),
  steps: z.array(z.string()).describe('How it was worked out'),
  assumptions: z.array(z.string()).describe('Every input not given and what was used'),
  })
  .strict();

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** Fails the typecheck when the schema and the answer's TypeScript type differ in a field or a field's type. */
export type SchemaIsTheAnswer = Assert<Exact<z.infer<typeof VOUCHER_ANSWER>, VoucherFit>>;
