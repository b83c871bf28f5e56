// Small helpers for SVG written as text at build time.

/** Five steps of one blue, light to dark, readable as text backgrounds either side of the middle. */
export const BLUES = ['#deebf7', '#9ecae1', '#6baed6', '#3182bd', '#08519c'] as const;
export const NO_DATA = '#e5e5e5';
