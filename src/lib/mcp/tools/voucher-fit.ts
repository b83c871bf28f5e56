import { z } from 'zod';
import { Meta, ZipCode } from '../../contract/schemas.ts';
import { voucherFit as answerFor } from '../../voucher/answer.ts';
import { voucherPlaceOf } from '../../voucher/place.ts';
import { VoucherQuestionError } from '../../voucher/question.ts';
import { QUESTION_SHAPE, VOUCHER_ANSWER } from '../../voucher/schema.ts';
import { ENGLISH } from '../../contract/english.ts';
import { closestZips } from '../match.ts';
import type { Context } from '../../context.ts';
import { defineTool, fail, ok } from './tool.ts';

export const voucherFit = defineTool({
  name: 'voucher_fit',
  title: 'Can this household use a voucher here, and what would it pay?',
  describe({ state }: Context) {
    return (
      `For one household in a ${state.name} ZIP code, the housing authority's arithmetic step by step: whether it is eligible for a Housing Choice Voucher by HUD's income limits of the county ` +
      '(the income HUD counts: the gross income less the earnings of members under 18 and of full-time students it excludes; and in which tier, above 8 persons too); its adjusted income after the deductions of the year in effect; its total tenant payment and the rule that set it; and, on both the Small Area FMR and the area-wide FMR, ' +
      'the payment standard, the most gross rent it can lease at move-in under the 40% rule, and for a unit (rent_to_owner) the housing assistance payment, the family share and the 40% test. ' +
      'Which deduction rules apply (before HOTMA or HOTMA\'s) is the housing authority\'s to say: unless `rules` is given, the answer uses the default set and gives the other set\'s figures in other_rules where they differ. ' +
      'Who is paid: hap_to_owner, utility_reimbursement and tenant_rent; for a mixed family (eligible_members fewer than the household), the prorated HAP. Bedrooms 0 to 8. Every input not given is a default named in assumptions; a field name not listed is refused. ' +
      'The same numbers and sentences as the ZIP page and the typed client\'s voucherFit.'
    );
  },
  input: {
    zip: z.union([ZipCode, z.int().min(0).max(99999)]).describe('Five-digit ZIP code as a string; a number works too'),
    ...QUESTION_SHAPE,
  },
  passUnknown: true,
  output: z
    .object({
      meta: Meta,
      ...VOUCHER_ANSWER.shape,
    })
    .strict(),
  async run({ zip: given, ...asked }, reader, { state }) {
    const zip = typeof given === 'number' ? String(given).padStart(5, '0') : given;
    const record = await reader.zip(zip);
    if (!record) {
      const published = (await reader.index()).zips.map((z) => z.zip);
      return fail(`ZIP ${zip} is not published (no HUD Small Area FMR for it in ${state.name}). Closest published ZIPs: ${closestZips(zip, published).join(', ')}.`);
    }
    try {
      const fit = answerFor(voucherPlaceOf(record, record.meta.generated_at, ENGLISH), asked, ENGLISH);
      const limits = fit.income_limits ? ` Income limits: HUD FY${fit.income_limits.fiscal_year}, ${fit.income_limits.hud_area_name}.` : '';
      const ownRules = fit.agencies.flatMap((a) => (a.own_rules_url === null ? [] : [`How ${a.name} works out its subsidy: ${a.own_rules_url}`]));
      const text = [`ZIP ${record.zip}, ${record.city}. ${fit.summary.join(' ')}`, ...ownRules, `Why: ${fit.sentences.join(' ')}${limits}`, `How: ${fit.steps.join(' ')}`, `Assumed: ${fit.assumptions.join(' ')}`].join('\n');
      return ok(text, { meta: record.meta, ...fit });
    } catch (error) {
      if (error instanceof VoucherQuestionError) return fail(error.message);
      throw error;
    }
  },
});

