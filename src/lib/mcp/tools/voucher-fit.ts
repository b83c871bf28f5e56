import { z } from 'zod';
import { countyLabelIn, currentState } from '../../state.ts';
import { Meta, ZipCode } from '../../contract/schemas.ts';
import { MAX_HOUSEHOLD_SIZE, PAYMENT_STANDARD_PCT, voucherFit as answerFor, voucherPlaceOf, VoucherQuestionError } from '../../contract/voucher-fit.ts';
import { closestZips } from '../match.ts';
import { defineTool, fail, ok } from './tool.ts';

const dollars = z.int().nonnegative();
const basis = z
  .object({
    basis: z.enum(['small_area', 'area']),
    fmr: dollars.describe('FMR of the unit size on this basis'),
    payment_standard: dollars.describe('FMR times the payment standard percentage, whole dollars'),
    max_gross_rent: dollars.describe('The most gross rent (rent plus utilities) the household can lease at move-in: payment standard + a tenth of monthly income'),
    max_rent_to_owner: z.int().describe('max_gross_rent minus the utility allowance'),
    market_rent_within_reach: z.boolean().nullable().describe('The market rent index is at or below max_rent_to_owner; null without a market rent'),
    sentence: z.string(),
  })
  .strict();

export const voucherFit = defineTool({
  name: 'voucher_fit',
  title: 'Can this household use a voucher here?',
  get description() {
    return (
      `For one household in a ${currentState().name} ZIP code: whether it is eligible for a Housing Choice Voucher by HUD's income limits of the county ` +
      '(and in which tier), and, on both the Small Area FMR and the area-wide FMR, the payment standard and the most gross rent it can lease at move-in ' +
      'under the 40% rule (payment standard + a tenth of monthly adjusted income), compared with the market rent index. The same sentences as the ZIP page.'
    );
  },
  input: {
    zip: z.union([ZipCode, z.int().min(0).max(99999)]).describe('Five-digit ZIP code as a string; a number works too'),
    household_size: z.int().min(1).max(MAX_HOUSEHOLD_SIZE).describe(`Persons in the household, 1 to ${MAX_HOUSEHOLD_SIZE}`),
    annual_income: z.number().min(0).describe("Yearly income in dollars; used as the adjusted income, which the housing authority computes (it is lower after deductions)"),
    bedrooms: z.int().min(0).max(4).optional().describe('Unit size, 0 (studio) to 4; by default two persons a bedroom'),
    payment_standard_pct: z
      .number()
      .min(PAYMENT_STANDARD_PCT.min)
      .max(PAYMENT_STANDARD_PCT.max)
      .optional()
      .describe(`The housing authority's payment standard as a percent of the FMR, ${PAYMENT_STANDARD_PCT.min} to ${PAYMENT_STANDARD_PCT.max}; 100 when not known`),
    utility_allowance: z.number().min(0).optional().describe('Tenant-paid utility allowance, dollars a month; 0 when not given'),
  },
  output: z
    .object({
      meta: Meta,
      zip: ZipCode,
      household_size: z.int(),
      annual_income: z.number(),
      bedrooms: z.int(),
      bedrooms_assumed: z.boolean(),
      payment_standard_pct: z.number(),
      utility_allowance: z.number(),
      income_limits: z
        .object({
          fiscal_year: z.int(),
          effective_date: z.iso.date(),
          hud_area_code: z.string(),
          hud_area_name: z.string(),
          extremely_low: dollars.nullable().describe('Null above 8 persons: the housing authority sets it'),
          very_low: dollars,
          low: dollars,
        })
        .strict()
        .nullable()
        .describe("The limits for this household size; null where HUD's file has none for the county"),
      eligible: z.boolean().nullable(),
      tier: z.enum(['extremely_low', 'very_low', 'low', 'above_low']).nullable(),
      market_rent: z.object({ month: z.string(), rent: dollars }).strict().nullable(),
      small_area: basis.nullable(),
      area: basis.nullable(),
      sentences: z.array(z.string()),
    })
    .strict(),
  async run({ zip: given, household_size, annual_income, bedrooms, payment_standard_pct, utility_allowance }, reader) {
    const zip = typeof given === 'number' ? String(given).padStart(5, '0') : given;
    const record = await reader.zip(zip);
    if (!record) {
      const published = (await reader.index()).zips.map((z) => z.zip);
      return fail(`ZIP ${zip} is not published (no HUD Small Area FMR for it in ${currentState().name}). Closest published ZIPs: ${closestZips(zip, published).join(', ')}.`);
    }
    try {
      const fit = answerFor(voucherPlaceOf(record, countyLabelIn(record.county, currentState())), {
        householdSize: household_size,
        annualIncome: annual_income,
        ...(bedrooms === undefined ? {} : { bedrooms }),
        ...(payment_standard_pct === undefined ? {} : { paymentStandardPct: payment_standard_pct }),
        ...(utility_allowance === undefined ? {} : { utilityAllowance: utility_allowance }),
      });
      const limits = fit.income_limits ? ` Income limits: HUD FY${fit.income_limits.fiscal_year}, ${fit.income_limits.hud_area_name}.` : '';
      return ok(`ZIP ${record.zip}, ${record.city}. ${fit.sentences.join(' ')}${limits}`, { meta: record.meta, ...fit });
    } catch (error) {
      if (error instanceof VoucherQuestionError) return fail(error.message);
      throw error;
    }
  },
});
