// The household sizes HUD publishes income limits for, apart from the contract's schemas (the
// income-limits parser and the pages need them without zod).

/** Household sizes with a published limit: 1 to 8 persons. */
export const HOUSEHOLD_SIZES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
