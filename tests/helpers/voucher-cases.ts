// The worked cases of tests/cases/voucher-cases.json, and how an answer is held against one: the
// same comparison for the function (the unit lane), the agent server and the page's form.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { VoucherFit } from '../../src/lib/voucher/answer.ts';
import type { VoucherQuestion } from '../../src/lib/voucher/question.ts';

export interface ExpectedBasis {
  payment_standard: number;
  voucher_pays_nothing: boolean;
  max_gross_rent: number;
  housing_assistance_payment: number | null;
  hap_to_owner: number | null;
  utility_reimbursement: number | null;
  tenant_rent: number | null;
  family_share: number | null;
  passes_40_percent: boolean | null;
  hap_before_proration?: number | null;
  family_share_before_proration?: number | null;
}

export interface VoucherCase {
  id: string;
  source: string;
  steps: string;
  question: VoucherQuestion;
  expect: {
    /** Where the case is about the income HUD excludes (24 CFR 5.609(b)). */
    counted_income?: number;
    exclusions?: Record<string, number>;
    adjusted_income: number;
    total_tenant_payment: number;
    total_tenant_payment_rule: string;
    rules?: string;
    deductions?: Record<string, number>;
    basis: ExpectedBasis;
    other_rules: null | {
      rules: string;
      adjusted_income: number;
      total_tenant_payment: number;
      basis: Pick<ExpectedBasis, 'max_gross_rent' | 'voucher_pays_nothing' | 'housing_assistance_payment' | 'family_share' | 'passes_40_percent'>;
    };
  };
}

export const VOUCHER_CASES = JSON.parse(readFileSync(new URL('../cases/voucher-cases.json', import.meta.url), 'utf8')) as { as_of: string; cases: VoucherCase[] };

/** The shape of an answer these cases read: the function's, the tool's structured content. */
export type VoucherAnswer = Pick<VoucherFit, 'rules' | 'counted_income' | 'exclusions' | 'adjusted_income' | 'total_tenant_payment' | 'total_tenant_payment_rule' | 'deductions' | 'small_area' | 'area' | 'other_rules'>;

/** Every expected figure of the case, on both bases, against the answer. */
export function expectCase(answer: VoucherAnswer, c: VoucherCase): void {
  const want = c.expect;
  const label = `case ${c.id}`;
  expect([answer.adjusted_income, answer.total_tenant_payment, answer.total_tenant_payment_rule], label).toEqual([want.adjusted_income, want.total_tenant_payment, want.total_tenant_payment_rule]);
  expect(answer.rules, label).toBe(want.rules ?? c.question.rules ?? 'before_hotma');
  if (want.deductions) expect(answer.deductions, label).toMatchObject(want.deductions);
  if (want.counted_income !== undefined) expect([answer.counted_income, answer.exclusions], label).toEqual([want.counted_income, want.exclusions]);
  for (const basis of ['small_area', 'area'] as const) expect(answer[basis], `${label}, ${basis}`).toMatchObject(want.basis);
  if (want.other_rules === null) {
    expect(answer.other_rules, label).toBeNull();
    return;
  }
  const { basis, ...other } = want.other_rules;
  expect(answer.other_rules, label).toMatchObject({ ...other, small_area: basis, area: basis });
}
