// "Can this household use a voucher here?" on the real files: HUD's income limits in the JSON, the
// 40% rule worked by hand, and the same answer through the JSON, the page's form in Chromium and the
// agent server (the MCP SDK's client). Values below come from the source rows:
// - hud_il/Section8-FY25.xlsx, Hennepin (fips 2705399999): median2025 132400, l50_4 66200.
// - hud_il/Section8-FY26.xlsx, Hennepin: median2026 131500, l50_3 59200, ELI_3 35550,
//   l80_4 105200, l50_4 65750 (9 persons: 65750 × 1.40 = 92050, already a multiple of $50).
// - hud_safmr FY2026, 55401: 2-bedroom 2560; hud_fmr FY26, Minneapolis-St. Paul-Bloomington: 2-bedroom 1709;
//   ZORI 2023-10 for 55401: 1850 (rounded).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './helpers/axe.ts';
import { launchChromium } from './helpers/chromium.ts';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CountyDetail, MetaDoc, ZipDetail } from '../src/lib/contract/schemas.ts';
import { money } from '../src/lib/contract/english.ts';
import { housingWage } from '../src/lib/contract/housing-wage.ts';
import { paymentStandard } from '../src/lib/voucher/unit.ts';
import { limitAboveEight, limitsForSize, tierOf } from '../src/lib/voucher/eligibility.ts';
import { voucherFit as clientVoucherFit } from '../src/packages/mnrent-client/index.ts';
import { BUILD_TEST_TIMEOUT_MS, runBuild } from './helpers/build.ts';
import { overStdio } from './helpers/mcp-clients.ts';
import { expectCase, VOUCHER_CASES, type VoucherAnswer } from './helpers/voucher-cases.ts';
import { SNAPSHOT_SOURCES, TEST_SITE } from './helpers/paths.ts';
import { loadDataset } from '../src/lib/dataset/load.ts';
import { generationTime } from '../src/lib/dataset/options.ts';
import { MINNESOTA, stateByCode } from '../src/lib/states.ts';
import { TRANSLATED } from '../src/lib/languages.ts';
import { serveWithNginx, type Served } from './helpers/servers.ts';

/** 2026-11-22: FY2026 income limits (from 2026-05-01) are in effect. */
const FY2026_EPOCH = '1795305600';

const readJson = async <T,>(dir: string, path: string) => JSON.parse(await readFile(join(dir, path), 'utf8')) as T;

describe('the rules, without a build', () => {
  it("HUD's rule above 8 persons: the 4-person limit plus 8% a person, rounded up to the next $50", () => {
    expect(limitAboveEight(65_750, 9)).toBe(92_050);
    // 105,200 × 1.40 = 147,280 → 147,300; × 1.48 = 155,696 → 155,700.
    expect(limitAboveEight(105_200, 9)).toBe(147_300);
    expect(limitAboveEight(105_200, 10)).toBe(155_700);
    const limits = { extremely_low: sizes(35_550), very_low: { ...sizes(59_200), '4': 65_750 }, low: { ...sizes(94_700), '4': 105_200 } };
    expect(limitsForSize(limits, 9)).toEqual({ extremely_low: null, very_low: 92_050, low: 147_300 });
    expect(limitsForSize(limits, 3)).toEqual({ extremely_low: 35_550, very_low: 59_200, low: 94_700 });
  });

  it('tiers: at a limit is within it', () => {
    const limits = { extremely_low: 35_550, very_low: 59_200, low: 94_700 };
    expect([35_550, 35_551, 59_200, 59_201, 94_700, 94_701].map((income) => tierOf(income, limits))).toEqual(['extremely_low', 'very_low', 'very_low', 'low', 'low', 'above_low']);
    // Above 8 persons no income is called extremely low: that limit is the housing authority's.
    expect(tierOf(1, { extremely_low: null, very_low: 92_050, low: 147_300 })).toBe('very_low');
  });

  it('the payment standard: whole dollars, half away from zero', () => {
    expect(paymentStandard(1_709, 100)).toBe(1_709);
    expect(paymentStandard(1_709, 110)).toBe(1_880); // 1,879.9
    expect(paymentStandard(1_005, 90)).toBe(905); // 904.5
    expect(paymentStandard(2_560, 92.5)).toBe(2_368);
  });
});

function sizes(value: number) {
  return { '1': value, '2': value, '3': value, '4': value, '5': value, '6': value, '7': value, '8': value };
}

describe('the test build (2026-01-01): FY2025 limits are in effect', () => {
  const site = inject('builtSite');

  it('Hennepin: median $132,400, very low for 4 persons $66,200; 55401 takes its county\'s limits', async () => {
    const county = await readJson<CountyDetail>(site, 'api/v1/county/hennepin.json');
    expect(county.income_limits).toMatchObject({ fiscal_year: 2025, effective_date: '2025-04-01', median_family_income: 132_400 });
    expect(county.income_limits?.very_low['4']).toBe(66_200);
    expect((await readJson<ZipDetail>(site, 'api/v1/zip/55401.json')).income_limits).toEqual(county.income_limits);
    const meta = await readJson<MetaDoc>(site, 'api/v1/meta.json');
    expect(meta.vintages.hud_il).toMatchObject({ fiscal_year: 2025, effective_date: '2025-04-01', in_effect_fiscal_year: 2025, behind: false });
    expect(meta.counts.counties_with_income_limits).toBe(87);
    expect(meta.meta.attribution).toContain('HUD Section 8 Income Limits FY2025;');
  });

  it('every county has limits, each within HUD\'s order: extremely low ≤ very low ≤ low, none falling with household size', async () => {
    const index = await readJson<{ zips: { zip: string }[] }>(site, 'api/v1/index.json');
    const counties = new Map<string, CountyDetail>();
    for (const { zip } of index.zips) {
      const record = await readJson<ZipDetail>(site, `api/v1/zip/${zip}.json`);
      const county = counties.get(record.county_slug) ?? (await readJson<CountyDetail>(site, `api/v1/county/${record.county_slug}.json`));
      counties.set(record.county_slug, county);
      expect(record.income_limits, zip).toEqual(county.income_limits);
    }
    for (const county of counties.values()) {
      const il = county.income_limits;
      if (!il) throw new Error(`${county.county} has no limits`);
      for (let n = 1; n <= 8; n++) {
        const key = String(n) as keyof typeof il.low;
        expect(il.extremely_low[key]).toBeLessThanOrEqual(il.very_low[key]);
        expect(il.very_low[key]).toBeLessThanOrEqual(il.low[key]);
        if (n > 1) expect(il.very_low[key]).toBeGreaterThanOrEqual(il.very_low[String(n - 1) as typeof key]);
      }
    }
  });

  // The page budgets' history is in git; since issue 73 (the first screen answers): the form's script no longer
  // carries a copy of the ZIP's record in the page (it reads the published JSON the API serves), the chart's
  // monthly numbers are a month a row and a year a column, and the pages share one stylesheet file, so every
  // ZIP page is within 8 KB gzipped in English (55414: 9,180 → 7,308 at the largest) and 9,000 bytes translated
  // (Spanish the largest: 10,040 → 8,134). The words of a page's script are precompiled at build, so no page
  // loads FormatJS's message parser: the formatter with it was 11,389 bytes gzipped, 4,071 without, and the
  // syntax trees of the heaviest words 6,877 against their 6,298 as text. The form's own script reads the
  // record and makes the place (8,386 → 9,524); with the formatter and the heaviest words 26,073 → 20,472.
  it("every ZIP page stays within 8 KB gzipped in English and 9,000 bytes translated; the form's script within 9.5 KB, and with its words in any language within 20.5 KB, with no message parser (the .gz files the server sends)", async () => {
    const zips = (await readdir(join(site, 'zip'))).filter((name) => /^[0-9]{5}$/.test(name));
    const pageSizes = async (prefix: string) => Promise.all(zips.map(async (zip) => (await stat(join(site, prefix, 'zip', zip, 'index.html.gz'))).size));
    expect(Math.max(...(await pageSizes('')))).toBeLessThanOrEqual(8 * 1024);
    for (const { code } of TRANSLATED) expect(Math.max(...(await pageSizes(code))), code).toBeLessThanOrEqual(9_000);
    const page = await readFile(join(site, 'zip/55401/index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
    const form = scripts.filter((src) => src.includes('VoucherFit'));
    expect(form).toHaveLength(1);
    const gz = async (file: string) => (await stat(join(site, `${file}.gz`))).size;
    const own = await gz(form[0] ?? '');
    expect(own).toBeLessThanOrEqual(9.5 * 1024);
    // What the form's script imports (the formatter, shared with the search) and each language's words, one of which a page loads.
    const code = await readFile(join(site, form[0] ?? ''), 'utf8');
    const imported = [...code.matchAll(/from"\.\/([^"]+\.js)"/g)].map((m) => `/_astro/${m[1] ?? ''}`);
    const formatterFile = imported.find((file) => file.includes('script-words'));
    expect(formatterFile).toBeDefined();
    const formatter = await readFile(join(site, formatterFile ?? ''), 'utf8');
    // FormatJS's parser names its errors ("EXPECT_ARGUMENT_CLOSING_BRACE"); its no-parser entry has none of them.
    for (const file of [...imported, form[0] ?? '']) expect(await readFile(join(site, file), 'utf8'), file).not.toContain('EXPECT_ARGUMENT_CLOSING_BRACE');
    const languages = [...formatter.matchAll(/"\.\/(scripts\.[^"]+\.js)"/g)].map((m) => `/_astro/${m[1] ?? ''}`);
    expect(languages).toHaveLength(4);
    const heaviest = Math.max(...(await Promise.all(languages.map(gz))));
    expect(own + (await gz(formatterFile ?? '')) + heaviest).toBeLessThanOrEqual(20.5 * 1024);
  });

  it('the bulk table has one row per county, equal to the JSON', async () => {
    const csv = Papa.parse<Record<string, string>>(await readFile(join(site, 'api/v1/bulk/income_limits.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
    expect(csv).toHaveLength(87);
    const hennepin = csv.find((row) => row.county_slug === 'hennepin');
    expect(hennepin).toMatchObject({ county_fips: '27053', fiscal_year: '2025', effective_date: '2025-04-01', median_family_income: '132400', very_low_4: '66200' });
  });
});

describe('a build on 2026-11-22: FY2026 limits, the 40% rule, three ways to ask', { timeout: BUILD_TEST_TIMEOUT_MS }, () => {
  let scratch: string;
  let mn: string;
  let report: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'mnrent-eligibility-'));
    mn = join(scratch, 'mn');
    // English and Spanish: the form is read in a language whose money is written another way.
    const run = await runBuild({ outDir: mn, epoch: FY2026_EPOCH, languages: 'en,es', args: ['--no-compress'] });
    if (run.code !== 0) throw new Error(run.stderr);
    report = run.stdout;
  }, BUILD_TEST_TIMEOUT_MS);
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  // The same day is after 1 October 2026, when HUD's FY2027 took effect: a build from sources that
  // stop at FY2026 says so (the rules are in tests/derive/freshness.test.ts).
  it('says FY2027 FMRs are in effect and it shows FY2026: in the report, meta.json, llms.txt and the home, ZIP and section-8 pages', async () => {
    const notice = 'FY2027 Fair Market Rents took effect on 1 October 2026; this site still shows FY2026.';
    expect(report).toContain(`    - ${notice}`);
    const meta = await readJson<MetaDoc>(mn, 'api/v1/meta.json');
    expect(meta.notices).toContain(notice);
    expect(meta.vintages.hud_safmr).toMatchObject({ latest_fiscal_year: 2026, in_effect_fiscal_year: 2027, in_effect_since: '2026-10-01', behind: true });
    expect(await readFile(join(mn, 'llms.txt'), 'utf8')).toContain(notice);
    for (const page of ['index.html', 'zip/55104/index.html', 'section-8/index.html']) expect(await readFile(join(mn, page), 'utf8'), page).toContain(notice);
  });

  it('built with --languages en,es: the switcher, the alternates and the sitemap name English and Spanish alone, and no Somali or Hmong page exists', async () => {
    const top = await readdir(mn);
    expect(['es', 'so', 'hmn'].filter((code) => top.includes(code))).toEqual(['es']);
    for (const page of ['zip/55104/index.html', 'es/zip/55104/index.html', 'es/county/hennepin/index.html', 'index.html']) {
      const html = await readFile(join(mn, page), 'utf8');
      expect([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)"/g)].map((m) => m[1]), page).toEqual(['en', 'es', 'x-default']);
      const switcher = /<nav aria-label="[^"]*" class="languages">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      expect([...switcher.matchAll(/<a [^>]*lang="([^"]+)"/g)].map((m) => m[1]), page).toEqual(['en', 'es']);
    }
    const sitemap = await readFile(join(mn, 'sitemap-0.xml'), 'utf8');
    expect(new Set([...sitemap.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set(['en', 'es']));
    expect(sitemap).not.toMatch(/\/(so|hmn)\//);
  });

  it('Hennepin by hand: median $131,500; very low 3 persons $59,200; extremely low 3 persons $35,550; low 4 persons $105,200', async () => {
    const il = (await readJson<CountyDetail>(mn, 'api/v1/county/hennepin.json')).income_limits;
    expect(il).toMatchObject({ fiscal_year: 2026, effective_date: '2026-05-01', hud_area_code: 'METRO33460M33460', median_family_income: 131_500 });
    expect([il?.very_low['3'], il?.extremely_low['3'], il?.low['4']]).toEqual([59_200, 35_550, 105_200]);
    expect(limitsForSize(il as NonNullable<typeof il>, 9).very_low).toBe(92_050);
  });

  // A household of 3 with $40,000 a year, one child, looking at a 2-bedroom unit renting at $1,900
  // with a $100 utility allowance. The rules in force by default are those before HOTMA (Notice PIH
  // 2024-38: $480 a dependent). By hand:
  //   adjusted income $40,000 − $480 = $39,520; TTP = max($39,520 / 40 = $988, $40,000 / 120 = $333, $50) = $988.
  //   Small Area: PS $2,560; gross $2,000 ≤ PS → HAP $2,000 − $988 = $1,012, all to the owner; the family pays the
  //     owner $888 and $988 in all; passes; most gross rent $2,560 + floor($39,520 / 30 − $988 = $329.33) = $2,889.
  //   Area: PS $1,709; gross $2,000 > PS → HAP $1,709 − $988 = $721, family $1,279 ≤ $1,317.33 (40%): passes; most $2,038.
  //   HOTMA's 2026 deductions ($500): adjusted $39,500, TTP $987.50 → $988; most gross rent $2,888 and $2,037.
  const question = { household_size: 3, annual_income: 40_000, dependents: 1, rent_to_owner: 1_900, utility_allowance: 100 };
  const expected = {
    small_area: { payment_standard: 2_560, max_gross_rent: 2_889, max_rent_to_owner: 2_789, gross_rent: 2_000, housing_assistance_payment: 1_012, hap_to_owner: 1_012, utility_reimbursement: 0, tenant_rent: 888, family_share: 988, passes_40_percent: true },
    area: { payment_standard: 1_709, max_gross_rent: 2_038, max_rent_to_owner: 1_938, gross_rent: 2_000, housing_assistance_payment: 721, hap_to_owner: 721, utility_reimbursement: 0, tenant_rent: 1_179, family_share: 1_279, passes_40_percent: true },
  };

  it('55401 by hand: eligible (very low); TTP $988 under both rule sets; the household pays $988 on the Small Area FMR and $1,279 on the area FMR, passing both', async () => {
    const zip = await readJson<ZipDetail>(mn, 'api/v1/zip/55401.json');
    const fit = clientVoucherFit(zip, question);
    expect([fit.eligible, fit.tier, fit.rules, fit.adjusted_income, fit.total_tenant_payment, fit.total_tenant_payment_rule]).toEqual([true, 'very_low', 'before_hotma', 39_520, 988, 'adjusted_income_30_percent']);
    expect(fit.deduction_amounts).toMatchObject({ year: null, dependent: 480, elderly_or_disabled_family: 400 });
    expect(fit.small_area).toMatchObject({ ...expected.small_area, market_rent_within_reach: true, voucher_pays_nothing: false });
    expect(fit.area).toMatchObject(expected.area);
    expect(fit.other_rules).toMatchObject({ rules: 'hotma', adjusted_income: 39_500, total_tenant_payment: 988, small_area: { max_gross_rent: 2_888, family_share: 988 }, area: { max_gross_rent: 2_037, family_share: 1_279 } });
    expect(fit.market_rent).toEqual({ month: '2023-10', rent: 1_850 });
    // Each basis's line names the agencies of Hennepin County that use it (data/agency-areas/MN.json); then what a Moving
    // to Work agency does its own way, the part of the county each agency serves, and those that do not say which basis they use.
    expect(fit.summary).toEqual([
      "The household's income is within the limit for a voucher here: $40,000 ≤ $59,200 ✓ (the yearly income and HUD's FY2026 very low income limit for 3 persons).",
      'Metro HRA uses the Small Area FMR: you would pay $988 a month in all ($888 to the owner and $100 for utilities); the housing authority pays the owner $1,012. Approvable at move-in: the gross rent is within the payment standard, $2,000 ≤ $2,560 ✓.',
      'MPHA and Plymouth HRA use the area FMR: you would pay $1,279 a month in all ($1,179 to the owner and $100 for utilities); the housing authority pays the owner $721. Approvable at move-in: your share is within 40% of your monthly adjusted income, $1,279 ≤ $1,317 ✓.',
      'MPHA is a Moving to Work agency: for most families it works out the subsidy from its own tables, so what you would pay with it can differ from the lines above.',
      'Which one serves you depends on the city you live in: Metro HRA serves most of suburban Hennepin County except Bloomington, Plymouth, Richfield and St. Louis Park; MPHA serves the City of Minneapolis; ' +
        'HRA IN AND FOR THE CITY OF BLOOMINGTON serves the City of Bloomington; St. Louis Park Housing Authority serves the City of St. Louis Park; Plymouth HRA serves the City of Plymouth; and Richfield HRA serves the City of Richfield.',
      'HRA IN AND FOR THE CITY OF BLOOMINGTON, St. Louis Park Housing Authority and Richfield HRA do not say which FMR their payment standards follow: ask them.',
    ]);
    expect(fit.agencies.map((a) => `${a.code} ${a.payment_standard_basis ?? '-'} ${a.own_rules_url ?? ''}`)).toEqual([
      'MN163 small_area ',
      'MN002 area https://mphaonline.org/section-8/participants/hcv/rent-portions/',
      'MN152 - ',
      'MN144 - ',
      'MN170 area ',
      'MN216 - ',
    ]);
    expect(fit.sentences[0]).toBe(
      'A household of 3 persons with $40,000 a year is within the income limit for a Housing Choice Voucher here: its income is at or below the FY2026 very low income limit of $59,200. ' +
        'It is above the extremely low limit ($35,550), the tier most new vouchers go to.',
    );
  });

  it('the housing wage of 55401 and Hennepin, in the JSON and on the pages', async () => {
    const zip = await readJson<ZipDetail>(mn, 'api/v1/zip/55401.json');
    // $2,560 / 52 = $49.2307… → $49.23; $1,709 / 52 = $32.8653… → $32.87.
    expect([zip.housing_wage.small_area.br2, zip.housing_wage.area?.br2]).toEqual([49.23, 32.87]);
    const page = await readFile(join(mn, 'zip/55401/index.html'), 'utf8');
    expect(page).toContain('A full-time worker needs $49.23 an hour ($102,400 a year) to afford the 2-bedroom Small Area FMR here ($2,560); $32.87 an hour on the area FMR ($1,709).');
    const county = await readJson<CountyDetail>(mn, 'api/v1/county/hennepin.json');
    expect(county.housing_wage.small_area.br2).toBe(housingWage(county.medians.fmr2 ?? 0));
    expect(await readFile(join(mn, 'county/hennepin/index.html'), 'utf8')).toContain(`A full-time worker needs $${String(county.housing_wage.small_area.br2)} an hour`);
  });

  describe('the same household three ways: the page in Chromium, the agent server over stdio, the typed client', () => {
    let nginx: Served;
    let browser: Browser;
    beforeAll(async () => {
      nginx = await serveWithNginx(mn);
      browser = await launchChromium();
    }, 60_000);
    afterAll(async () => {
      await browser.close();
      await nginx.stop();
    });

    /** The household form of a page, filled with a question by the fields' names (the question's keys), then sent. */
    const ask = async (page: Page, asked: Record<string, unknown>) => {
      await page.locator('#fit-form details summary').first().click();
      for (const [field, value] of Object.entries(asked)) {
        const input = page.locator(`#fit-form [name="${field}"]`);
        if (typeof value === 'boolean') await input.setChecked(value);
        else if (field === 'rules' || field.endsWith('bedrooms')) await input.selectOption(String(value));
        else await input.fill(String(value));
      }
      await page.locator('#fit-form button[type="submit"]').click();
    };
    /** The answer's table as the page shows it: a row's header → its cells. */
    const tableOf = async (page: Page) =>
      Object.fromEntries(
        await page.locator('#fit-answer table tbody tr').evaluateAll((rows) => rows.map((row) => [row.querySelector('th')?.textContent ?? '', [...row.querySelectorAll('td')].map((td) => td.textContent)])),
      ) as Record<string, string[]>;

    it("gives the same numbers and sentences; the form at 320 px, by keyboard, answers first with one line a basis, then the figures, then how", async () => {
      const zip = await readJson<ZipDetail>(mn, 'api/v1/zip/55401.json');
      const fromClient = clientVoucherFit(zip, question);

      const server = await overStdio(['--dir', mn]);
      let fromTool: Record<string, unknown>;
      try {
        const result = await server.client.callTool({ name: 'voucher_fit', arguments: { zip: '55401', household_size: 3, annual_income: 40_000, dependents: 1, rent_to_owner: 1_900, utility_allowance: 100 } });
        expect(result.isError).toBeFalsy();
        fromTool = result.structuredContent as Record<string, unknown>;
      } finally {
        await server.close();
      }
      const { meta: _meta, ...toolAnswer } = fromTool;
      expect(toolAnswer).toEqual(JSON.parse(JSON.stringify(fromClient)));

      const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${nginx.url}/zip/55401/`);
      // The form takes input once its script has its words.
      await expect.poll(() => page.getByLabel('Household size (persons)').isEnabled()).toBe(true);
      await page.getByLabel('Household size (persons)').focus();
      await page.keyboard.type('3');
      await page.keyboard.press('Tab');
      await page.keyboard.type('$40,000');
      await page.getByText('More about the household').click();
      await page.getByLabel('Dependents').fill('1');
      await page.getByLabel('Rent of a unit, dollars a month').fill('1,900');
      await page.getByLabel('Utility allowance, dollars a month').fill('100');
      await page.getByLabel('Utility allowance, dollars a month').press('Enter');
      const answer = page.locator('#fit-answer');
      // First the lines that answer what was asked, then the table, then how it was worked out.
      await expect(answer.locator(':scope > p').allTextContents()).resolves.toEqual(fromClient.summary);
      // The lines, then the link to how MPHA (a Moving to Work agency) works out its subsidy, then the table and how.
      await expect(answer.evaluate((node) => [...node.children].map((child) => child.tagName))).resolves.toEqual(['P', 'P', 'P', 'P', 'P', 'P', 'UL', 'TABLE', 'DETAILS']);
      await expect(answer.locator('ul.own-rules a').getAttribute('href')).resolves.toBe('https://mphaonline.org/section-8/participants/hcv/rent-portions/');
      // Each verdict is figures and a symbol, and the symbol is named for a screen reader: the income and both bases pass.
      await expect(answer.locator(':scope > p').getByRole('img', { name: 'meets the rule', exact: true }).count()).resolves.toBe(3);
      const table = await tableOf(page);
      for (const [row, field] of [
        ['Payment standard', 'payment_standard'],
        ['Most gross rent at move-in', 'max_gross_rent'],
        ['Housing authority pays the owner', 'hap_to_owner'],
        ['You pay the owner', 'tenant_rent'],
        ['Household pays', 'family_share'],
      ] as const) {
        expect(table[row], row).toEqual([money(expected.small_area[field]), money(expected.area[field])]);
      }
      expect(table['40% test']).toEqual(['passes', 'passes']);
      expect(table["Most gross rent at move-in, HOTMA's deductions"]).toEqual([money(2_888), money(2_037)]);
      // The explanations, the steps and every assumption are there, behind one summary.
      await expect(answer.locator('details > p').allTextContents()).resolves.toEqual([...fromClient.sentences, 'What was assumed:']);
      await expect(answer.locator('details li').allTextContents()).resolves.toEqual([...fromClient.steps, ...fromClient.assumptions]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      // With the household's details open and the answer shown, steps included, axe finds nothing.
      await answer.locator('details summary').click();
      await expect(axeViolations(page)).resolves.toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('the worked cases through the agent server, every one; a sample through the page form, the first screen showing both bases', async () => {
      const server = await overStdio(['--dir', mn]);
      try {
        for (const c of VOUCHER_CASES.cases) {
          const result = await server.client.callTool({ name: 'voucher_fit', arguments: { zip: '55401', ...c.question } });
          expect(result.isError, c.id).toBeFalsy();
          expectCase(result.structuredContent as VoucherAnswer, c);
        }
      } finally {
        await server.close();
      }
      const zip = await readJson<ZipDetail>(mn, 'api/v1/zip/55401.json');
      const sample = ['contract-who-is-paid', 'contract-voucher-pays-nothing', 'contract-disability-order-hotma', 'contract-child-care-for-study-hotma', 'issue-58-elderly-medical-default', 'forty-percent-depends-on-rules'];
      const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
      try {
        for (const id of sample) {
          const c = VOUCHER_CASES.cases.find((one) => one.id === id);
          if (!c) throw new Error(`no case ${id}`);
          await page.goto(`${nginx.url}/zip/55401/`);
          await ask(page, c.question as unknown as Record<string, unknown>);
          const fit = clientVoucherFit(zip, c.question);
          expectCase(fit, c);
          const lines = page.locator('#fit-answer > p');
          await expect(lines.allTextContents()).resolves.toEqual(fit.summary);
          const table = await tableOf(page);
          expect(table['Payment standard'], id).toEqual([money(c.expect.basis.payment_standard), money(c.expect.basis.payment_standard)]);
          expect(table['Most gross rent at move-in'], id).toEqual([money(c.expect.basis.max_gross_rent), money(c.expect.basis.max_gross_rent)]);
          if (c.expect.basis.family_share !== null) expect(table['Household pays'], id).toEqual([money(c.expect.basis.family_share), money(c.expect.basis.family_share)]);
          // The answer takes the focus, and its first screen holds the income line and both bases' lines.
          await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('fit-answer');
          for (const i of [0, 1, 2]) {
            const box = await lines.nth(i).boundingBox();
            // Within a pixel: the answer is scrolled to its top, at a fraction of a pixel.
            expect(box && box.y >= -1 && box.y + box.height <= 667, `${id}: line ${i} on the first screen ${JSON.stringify(box)}`).toBe(true);
          }
        }
      } finally {
        await page.close();
      }
    });

    it('money as people type it in each language: "40.000" and "40 000" are forty thousand; "4,00" is refused in the page\'s language, never read as a sum', async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
      try {
        const zip = await readJson<ZipDetail>(mn, 'api/v1/zip/55401.json');
        const want = clientVoucherFit(zip, { household_size: 3, annual_income: 40_000 }).total_tenant_payment;
        for (const typed of ['40.000', '40 000', '40,000', '$40,000.00', '40.000,00']) {
          await page.goto(`${nginx.url}/es/zip/55401/`);
          await page.locator('[name="household_size"]').fill('3');
          await page.locator('[name="annual_income"]').fill(typed);
          await page.locator('#fit-form button[type="submit"]').click();
          await expect(page.locator('#fit-answer > p').first().textContent(), typed).resolves.toContain('$40,000');
          await expect(page.locator('#fit-answer details').textContent(), typed).resolves.toContain(money(want));
        }
        await expect(page.locator('#fit-answer > p').first().getByRole('img', { name: 'cumple la regla', exact: true }).textContent()).resolves.toBe('✓');
        await page.locator('[name="annual_income"]').fill('4,00');
        await page.locator('#fit-form button[type="submit"]').click();
        await expect(page.locator('#fit-answer').textContent()).resolves.toBe('Los ingresos anuales: “4,00” no es una cantidad que esta página pueda leer. Escríbala como 40000, 40,000 o 40000.50.');
      } finally {
        await page.close();
      }
    });

    it('bad input is one sentence saying what to change, in the form and in the tool', async () => {
      const cases: { form: Record<string, string>; tool: Record<string, number>; message: string }[] = [
        { form: { 'Yearly income before taxes, dollars': '-5' }, tool: { annual_income: -5 }, message: 'The yearly income must be from $0 to $10,000,000, not -5.' },
        { form: { Dependents: '3' }, tool: { dependents: 3 }, message: 'Dependents must be fewer than the household size (the head of the household is never one): give 0 to 2, not 3.' },
        { form: { 'Payment standard, % of the FMR': '130' }, tool: { payment_standard_pct: 130 }, message: 'The payment standard percentage must be from 90 to 120, not 130.' },
      ];
      const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
      await page.goto(`${nginx.url}/zip/55401/`);
      await page.getByText('More about the household').click();
      const server = await overStdio(['--dir', mn]);
      try {
        for (const { form, tool, message } of cases) {
          await page.getByLabel('Household size (persons)').fill('3');
          await page.getByLabel('Yearly income before taxes, dollars').fill('40000');
          await page.getByLabel('Dependents').fill('');
          await page.getByLabel('Payment standard, % of the FMR').fill('');
          for (const [label, value] of Object.entries(form)) await page.getByLabel(label).fill(value);
          await page.getByRole('button', { name: 'Check' }).click();
          await expect(page.locator('#fit-answer').textContent()).resolves.toBe(message);
          const result = await server.client.callTool({ name: 'voucher_fit', arguments: { zip: '55401', household_size: 3, annual_income: 40_000, ...tool } });
          expect(result.isError).toBe(true);
          expect(result.content).toEqual([{ type: 'text', text: message }]);
        }
        // A misspelt field is refused in one line naming it and the fields the tool knows, never answered as if it were not there.
        const misspelt = await server.client.callTool({ name: 'voucher_fit', arguments: { zip: '55401', household_size: 3, annual_income: 40_000, medical_expense: 3_000 } });
        expect(misspelt.isError).toBe(true);
        expect(misspelt.content).toEqual([{ type: 'text', text: expect.stringMatching(/^A household's question has no field “medical_expense”: the fields are household_size, .*medical_expenses.*\.$/) }]);
        const unknown = await server.client.callTool({ name: 'voucher_fit', arguments: { zip: '99999', household_size: 3, annual_income: 40_000 } });
        expect(unknown.isError).toBe(true);
        expect(JSON.stringify(unknown.content)).toMatch(/ZIP 99999 is not published/);
      } finally {
        await server.close();
        await page.close();
      }
    });

    it('without JavaScript: the form takes nothing and says why, and the limits by household size and the rules are in words', async () => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${nginx.url}/zip/55401/`);
      await expect(page.locator('#fit-form button[type="submit"]').isDisabled()).resolves.toBe(true);
      await expect(page.locator('#fit-needs-script').isVisible()).resolves.toBe(true);
      const section = page.getByRole('region', { name: 'Can this household use a voucher here?' });
      await expect(section.locator('#fit-lead').textContent()).resolves.toBe(
        "In Hennepin County, a household is within the income limit for a Housing Choice Voucher when its yearly gross income is at or below HUD's very low income limit for its size: from $46,050 for one person to $86,800 for eight (FY2026).",
      );
      await section.getByText('How the housing authority works out the rent').click();
      await expect(section.locator('#fit-rules').textContent()).resolves.toContain('At move-in, when the gross rent is above the payment standard, the household may pay at most 40% of its monthly adjusted income.');
      await expect(section.locator('#fit-rules').textContent()).resolves.toContain(
        "Until HUD sets the date for HOTMA's deductions, a housing authority may use either set: before HOTMA, $480 a dependent, $400 for an elderly or disabled family, medical expenses above 3% of income; HOTMA's (2026), $500, $550 and 10%.",
      );
      const row = section.getByRole('table', { name: /FY2026 income limits, Hennepin County/ }).getByRole('row', { name: /^3 persons/ });
      await expect(row.textContent()).resolves.toMatch(/\$35,550\s*\$59,200\s*\$94,700/);
      await context.close();
    });
  });

  it("Wisconsin has limits for every county, and so does Vermont, which HUD's workbook lists by town: each county's towns agree", async () => {
    // The build's pipeline for each state in this process (tests/states.test.ts builds them whole).
    const load = (code: string) => loadDataset({ sourcesDir: SNAPSHOT_SOURCES, site: TEST_SITE, generatedAt: generationTime(FY2026_EPOCH), state: stateByCode(code) ?? MINNESOTA });
    const [wi, vt] = await Promise.all([load('WI'), load('VT')]);
    expect(wi.metaRecord.counts.counties_with_income_limits).toBe(wi.metaRecord.counts.counties);
    expect(wi.counties.find((c) => c.county_slug === 'dane')?.income_limits?.fiscal_year).toBe(2026);
    expect(vt.warnings.filter((line) => line.startsWith('hud_il:'))).toEqual([]);
    expect(vt.metaRecord.counts.counties_with_income_limits).toBe(14);
    expect(vt.meta.attribution).toContain('HUD Section 8 Income Limits FY2026');
    // hud_il/Section8-FY26.xlsx sheet rows 4163 (Burlington city) and 4175 (South Burlington city), Chittenden County:
    // median2026 123400, l50_1..3 43650 49900 56150, as every town of the county.
    const chittenden = vt.counties.find((c) => c.county_slug === 'chittenden')?.income_limits;
    expect(chittenden).toMatchObject({ fiscal_year: 2026, median_family_income: 123_400, hud_area_code: 'METRO15540M15540' });
    expect([chittenden?.very_low['1'], chittenden?.very_low['2'], chittenden?.very_low['3']]).toEqual([43_650, 49_900, 56_150]);
    expect(vt.zips.find((z) => z.zip === '05401')?.income_limits).toEqual(chittenden);
  });
});
