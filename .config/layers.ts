/**
 * The pipeline's layers, lowest first: each folder of src/lib may import from the layers before it,
 * never from those after it (a module of the root, `context.ts`, `county-words.ts`, `errors.ts`, `languages.ts`, `order.ts`,
 * `states.ts`, from any, and it imports no layer;
 * the catalogues under src/messages are data, read by contract/english.ts and the site).
 * Nothing imports src/cli: commands are entry points. docs/architecture.md draws the layers.
 * Every folder of src/lib is here: tests/layers.test.ts fails when one is missing.
 */
export const LAYERS = ['contract', 'voucher', 'translations', 'sources', 'derive', 'mcp', 'publication', 'dataset', 'site', 'serve', 'deploy', 'release', 'build', 'fetch', 'cli'] as const;
