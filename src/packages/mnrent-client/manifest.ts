// What the mnrent-client package says about itself: package.json and the README. Pure.
import { CLIENT_PACKAGE } from '../../lib/mcp/client-config.ts';
import { serviceName } from '../../lib/contract/service.ts';
import { countySlug } from '../../lib/derive/places.ts';
import type { StateScope } from '../../lib/states.ts';

export interface ClientPackageFacts {
  /** The state of the site the package was packed from. */
  state: StateScope;
  version: string;
  site: string;
  /** The openapi-fetch range the client was built and tested with. */
  openapiFetch: string;
}

export function clientPackageJson(f: ClientPackageFacts): Record<string, unknown> {
  return {
    name: CLIENT_PACKAGE,
    version: f.version,
    description: `Typed client of the ${serviceName(f.state)} JSON API: rents by ZIP code and county, types generated from its OpenAPI contract`,
    keywords: ['rent', 'fair-market-rent', 'housing', 'openapi', 'typescript', 'minnesota'],
    homepage: `${f.site}/docs/`,
    license: 'MIT',
    type: 'module',
    exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    files: ['dist'],
    sideEffects: false,
    engines: { node: '>=18' },
    dependencies: { 'openapi-fetch': f.openapiFetch },
  };
}

/** A short program with the client, shown in its README and on the docs page. */
export function clientExample(state: StateScope, site: string): string {
  const { zip, county } = state.example;
  return [
    `import { createRentClient, voucherFit } from '${CLIENT_PACKAGE}';`,
    '',
    `const rent = createRentClient(); // ${site}; or { baseUrl: 'https://another.copy' }`,
    `const zip = await rent.zip('${zip}'); // undefined when the ZIP code is not published`,
    'if (zip) console.log(zip.city, zip.fmr.br2, zip.zori_latest?.rent, zip.voucher_competitive);',
    '',
    '// What would a household of three with $40,000 a year and one child pay for a unit renting at $1,500?',
    'if (zip) {',
    '  const fit = voucherFit(zip, { household_size: 3, annual_income: 40_000, dependents: 1, rent_to_owner: 1_500 });',
    "  console.log(fit.summary.join(' ')); // the income against the limit, then one line a basis",
    "  console.log(fit.small_area?.tenant_rent, fit.small_area?.hap_to_owner, fit.other_rules?.total_tenant_payment); // who pays the owner what; the other deduction rules' figure",
    '}',
    '',
    `const county = await rent.county('${countySlug(county)}');`,
    'console.log(county?.medians.fmr2);',
    '',
    '// Poll meta.json only, and fetch the rest again when it changed:',
    'const { changed, meta } = await rent.changedSince(lastGeneratedAt);',
  ].join('\n');
}

export function clientReadme(f: ClientPackageFacts): string {
  return [
    `# ${CLIENT_PACKAGE}`,
    '',
    `A typed client of the ${serviceName(f.state)} JSON API (${f.site}/docs/): HUD Fair Market Rent, market rent, census rent and the`,
    'voucher spread for every ZIP code and county. The types are generated from the API\'s `openapi.json`; requests go',
    'through openapi-fetch, its only dependency. ESM; runs in browsers, Node 18 and later, Deno and Bun.',
    '',
    '```ts',
    clientExample(f.state, f.site),
    '```',
    '',
    'Methods: `meta()`, `index()`, `zip(zip)`, `county(slug)`, `sectionEight()`, `changes()` and `changedSince(generatedAt)`;',
    '`voucherFit(zipRecord, household)` works out, from a ZIP record, what a household would pay with a voucher and whether the',
    "housing authority could approve a unit (HUD's deductions in HUD's order, total tenant payment, payment standard, HAP, who is",
    'paid and the 40% test), on both FMR bases, under the deduction rules in force (`rules`: `before_hotma` or `hotma`; the other',
    "set's figures in `other_rules` where they differ), with the same numbers and sentences as the site's form and the agent",
    "server's `voucher_fit`; a field it does not know is refused with `VoucherQuestionError`;",
    '`api` is the openapi-fetch client itself for any path of the contract (`api.GET(\'/api/v1/zip/{zip}.json\', …)`).',
    'A 404 for a ZIP code or county is `undefined`; any other failure throws `RentApiError` with `status` and the problem document.',
    '',
    'Each answer is kept with its `ETag`, and the next request for the same URL sends `If-None-Match`: a 304 costs no body and',
    'gives back the kept answer. `createRentClient({ etag: false })` turns that off.',
    '',
    'Types: `VoucherQuestion`, `VoucherFit`, `BasisFit`, `OtherRules`, `OtherBasis`, `RuleSet`, `MetaDoc`, `ZipIndex`, `IndexZip`, `ZipDetail`, `CountyDetail`, `SectionEight`, `SectionEightRow`, `ChangesDoc`,',
    '`Problem`, and `paths`, `components`, `operations` as openapi-typescript generates them.',
    '',
    'The code is MIT. The data is CC BY 4.0: cite the `meta.attribution` of the answers you use.',
    '',
  ].join('\n');
}
