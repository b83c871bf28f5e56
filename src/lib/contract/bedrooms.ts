// The bedroom counts every rent is given for, apart from the contract's schemas: a workbook's worker
// thread needs them, and loading zod and the schemas there would double the thread's start (0.1 s).

/** Bedroom keys in order: studio, then one to four bedrooms. */
export const BEDROOMS = ['br0', 'br1', 'br2', 'br3', 'br4'] as const;
