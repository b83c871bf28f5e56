// The household arithmetic in English sentences, for the readers that stay English: llms-full.txt
// and the docs page. The figures come from the tables of lib/voucher/tables.ts and unit.ts.
import { money } from '../contract/english.ts';
import { BEFORE_HOTMA, HOTMA_AMOUNTS, POVERTY_GUIDELINES, VOUCHER_RULES_IN_FORCE } from '../voucher/tables.ts';
import { LARGEST_PUBLISHED_BEDROOMS, MAX_BEDROOMS } from '../voucher/unit.ts';

/** The rules of voucher_fit, one paragraph a line. */
export function voucherRulesLines(): string[] {
  return [
    'The income HUD counts (24 CFR 5.609(b), in force for vouchers since 1 July 2025, Notice PIH 2024-38): `counted_income` = annual income − `earnings_of_minors` (earned income of members under 18, excluded whole) − ' +
      "of each amount of `student_earnings` (a dependent full-time student's earned income), the part above the rule set's dependent deduction; both are part of the annual and the earned income, and each student is one of the dependents. " +
      'The income limits are compared with the counted income, and the arithmetic below starts from it.',
    `Households of more than 8 persons: the very low and low limits are the 4-person limit plus 8% of it for each person above 4, rounded up to $50; the extremely low limit is the greater of the same rule on the 4-person extremely low limit and HHS's poverty guideline for the size (the one HUD used for the limits' fiscal year: ${POVERTY_GUIDELINES.map((row) => `FY${row.fiscal_year}, ${money(row.first_person)} plus ${money(row.each_more)} a person after the first`).join('; ')}; 48 contiguous states and DC), never above the very low limit (24 CFR 5.603). ` +
      `Bedrooms 0 to ${MAX_BEDROOMS}: above ${LARGEST_PUBLISHED_BEDROOMS} the FMR is the ${LARGEST_PUBLISHED_BEDROOMS}-bedroom FMR plus 15% of it for each bedroom above ${LARGEST_PUBLISHED_BEDROOMS} (HUD's FMR notices), rounded to $10 on the Small Area basis and to the dollar on the area's; the default voucher size is two persons a bedroom.`,
    'Mixed families (24 CFR 5.520): with `eligible_members` fewer than the household size, housing_assistance_payment = hap_before_proration × eligible_members ÷ household_size, whole dollars half away from zero, and family_share = gross − that; ' +
      'passes_40_percent reads family_share_before_proration (the answer says to ask the housing authority how it applies the test to a mixed family). With no eligible member the household cannot be assisted. HUD proposed on 20 February 2026 (91 FR 8151) to allow proration only while each member\'s status is being verified; the answer says so, and that a new mixed family would not be assisted if that rule becomes final.',
    "The housing authority's arithmetic (voucher_fit; the typed client's voucherFit), in HUD's order (24 CFR 5.611, 5.603, 5.628; Form HUD-50058's instructions): " +
      'adjusted income = counted income − a deduction per dependent − one per elderly or disabled family − child care for work (capped by earned income) − child care for study (not capped) ' +
      '− disability assistance expenses above the threshold T (a share of annual income), capped by the earnings they make possible − medical expenses (elderly or disabled families) above what the disability assistance expenses left of T, max(0, T − disability expenses); never below 0.',
    `Two rule sets (\`rules\`): \`before_hotma\` (${money(BEFORE_HOTMA.dependent)} a dependent, ${money(BEFORE_HOTMA.elderly_or_disabled_family)} an elderly or disabled family, T = ${BEFORE_HOTMA.medical_threshold_pct}%) and \`hotma\` (${HOTMA_AMOUNTS.map((row) => `${row.year}: ${money(row.dependent)} and ${money(row.elderly_or_disabled_family)}, T = ${row.medical_threshold_pct}%`).join('; ')}). ` +
      `HOTMA's deductions are in 24 CFR 5.611 since 2024, but HUD enforces them for vouchers only from a later compliance date; by default the answer uses the set in force on the build date (${VOUCHER_RULES_IN_FORCE.map((row) => `from ${row.from}: ${row.rules}, ${row.source}`).join('; ')}) ` +
      'and gives the other set\'s adjusted income, total tenant payment and per basis family share and most gross rent in `other_rules` whenever one differs. Which set applies is the housing authority\'s to say.',
    'Total tenant payment = the greatest of 30% of monthly adjusted income, 10% of monthly annual income and the minimum rent ($50 when not given), whole dollars, half away from zero; when the minimum rent sets it, a family in hardship can ask for an exemption (24 CFR 5.630(b)). ' +
      "The family's payment standard = the lower of the standards for the voucher's and the unit's sizes (FMR × percentage, 90-120%, 100% when unknown, or the housing authority's dollar amount); above 110% it is an exception standard, which the housing authority may grant itself up to 120% as a reasonable accommodation for a family member with a disability (24 CFR 982.503(d)). " +
      'When TTP ≥ the payment standard, `voucher_pays_nothing` is true and the HAP is 0 for any unit; 180 days in a row at $0 end the assistance (24 CFR 982.455). ' +
      'For a unit: gross rent = rent to owner + utility allowance; housing_assistance_payment = min(PS − TTP, gross − TTP), never below 0; family_share = gross − HAP; passes_40_percent when gross ≤ PS or family_share ≤ 40% of monthly adjusted income; ' +
      'who is paid (24 CFR 982.514(b)): hap_to_owner = min(HAP, rent to owner), utility_reimbursement = HAP − rent to owner when positive (to the family or the utility), tenant_rent = rent to owner − hap_to_owner. ' +
      'The most gross rent at move-in = max(PS, floor(40% of monthly adjusted income + max(0, PS − TTP))). Without a voucher: 30% of monthly annual income, rounded down. ' +
      'Unknown field names and values are refused in one line naming the field and the fields or values accepted.',
  ];
}
