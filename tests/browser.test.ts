// The pages for people in a real headless browser (Debian's chromium, driven by playwright-core),
// served by nginx with the shipped block; screenshots, when asked for (MNRENT_SCREENSHOTS=1), go to
// test-output/screenshots/ (git-ignored).
import { createServer, type Server } from 'node:http';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { axeViolations } from './helpers/axe.ts';
import { launchChromium } from './helpers/chromium.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from './helpers/paths.ts';

const site = inject('builtSite');
const SHOTS = join(PROJECT_ROOT, 'test-output', 'screenshots');
/** Screenshots are for people to look at, taken when asked for: MNRENT_SCREENSHOTS=1. */
const SCREENSHOTS = process.env.MNRENT_SCREENSHOTS === '1';

/** nginx with the shipped block over the shared build, started once for the run (tests/setup/build-site.ts). */
const nginx = inject('servers').nginx;
let browser: Browser;

beforeAll(async () => {
  if (SCREENSHOTS) await mkdir(SHOTS, { recursive: true });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser.close();
});

/** Opens a page and collects every console error and uncaught exception on it. */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(`${nginx.url}${path}`, { waitUntil: 'load' });
  expect(response?.status(), path).toBe(200);
  return { page, errors };
}

describe('the honest voucher answer', () => {
  it('55401: both answers, both payment bands and the age of the market rent, in plain words', async () => {
    const { page, errors } = await open('/zip/55401/');
    const answers = page.locator('section[aria-labelledby="voucher-h"] .answer');
    await expect(answers.nth(0).textContent()).resolves.toContain('If your housing authority bases its payment standard on the Small Area FMR, the 2-bedroom Small Area FMR ($2,560) meets or exceeds the market rent index ($1,850 in October 2023): a voucher is competitive.');
    await expect(answers.nth(1).textContent()).resolves.toContain('If it uses the Minneapolis-St. Paul-Bloomington, MN-WI area FMR, the market rent index ($1,850 in October 2023) is $141 (8.3%) above the 2-bedroom area FMR ($1,709)');
    await expect(page.locator('#market-rent-age').textContent()).resolves.toContain('from October 2023, 27 months before this data was published');
    // 90% and 110% of 2560 and of 1709, rounded half away from zero.
    await expect(page.getByRole('table', { name: 'Small Area FMR of ZIP 55401' }).getByRole('row', { name: /2 bedrooms/ }).textContent()).resolves.toContain('$2,304–$2,816');
    await expect(page.getByRole('table', { name: 'Minneapolis-St. Paul-Bloomington, MN-WI area FMR' }).getByRole('row', { name: /2 bedrooms/ }).textContent()).resolves.toContain('$1,538–$1,880');
    await expect(page.locator('body').textContent()).resolves.toContain('Fair Market Rent is a gross rent (rent plus utilities)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('55371: every HUD area of a split ZIP with its FMR', async () => {
    const { page } = await open('/zip/55371/');
    await expect(page.locator('#hud-areas li').allTextContents()).resolves.toEqual([
      'Mille Lacs County, MN HUD Metro FMR Area: 2-bedroom area FMR $1,123',
      'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area: 2-bedroom area FMR $1,709',
      'St. Cloud, MN MSA: 2-bedroom area FMR $1,206',
    ]);
    await page.close();
  });

  it('Hennepin and the spread table write money and percents the way people read them: no "$-", one decimal', async () => {
    for (const path of ['/county/hennepin/', '/section-8/']) {
      const { page } = await open(path);
      const body = (await page.locator('body').textContent()) ?? '';
      expect(body, path).not.toContain('$-');
      expect(body, path).toContain('−$');
      expect(body.match(/[+−]\d+(?:\.\d+)?%/g)?.every((p) => /\.\d%$/.test(p)), path).toBe(true);
      await page.close();
    }
  });
});

describe('the pages work', () => {
  it("who runs vouchers here: the answer in words, then each agency's area and its phone as a link the keyboard reaches and a phone dials", async () => {
    for (const [path, first, phones, phone, dials] of [
      ['/county/hennepin/', '6 housing agencies run Housing Choice Vouchers (Section 8) in Hennepin County. Which one serves you depends on the city you live in.', 8, '(612)\u00a0342\u20111400', 'tel:+1-612-342-1400'],
      // A ZIP page names the agencies that serve the county with their areas and phones, then the voucher agencies with an office only, and links the county's full list.
      ['/zip/55401/', '6 housing agencies run Housing Choice Vouchers (Section 8) in Hennepin County. Which one serves you depends on the city you live in.', 6, '(612)\u00a0342\u20111400', 'tel:+1-612-342-1400'],
      // Saint Paul: its own agency (MN001, its phone from HUD's layer) and Metro HRA for the rest, then the two with an office only.
      ['/zip/55104/', '2 housing agencies run Housing Choice Vouchers (Section 8) in Ramsey County. Which one serves you depends on the city you live in.', 4, '(651)\u00a0298\u20115664', 'tel:+1-651-298-5664'],
      // Winona County: one multi-county agency serves all of it.
      ['/zip/55987/', 'One housing agency runs Housing Choice Vouchers (Section 8) in Winona County. It serves the whole county.', 1, '(651)\u00a0565\u20112638', 'tel:+1-651-565-2638'],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
      await page.goto(`${nginx.url}${path}`);
      const section = page.getByRole('region', { name: 'Who runs vouchers here' });
      await expect(section.locator('.answer').textContent()).resolves.toContain(first);
      const links = section.locator('a[href^="tel:"]');
      await expect(links.count()).resolves.toBe(phones);
      await expect(section.getByRole('link', { name: phone }).getAttribute('href')).resolves.toBe(dials);
      // Tab from the top of the page reaches the first phone link (a bounded walk, not a timing).
      let reached = false;
      for (let presses = 0; presses < 400 && !reached; presses++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.getAttribute('href')?.startsWith('tel:') === true);
      }
      expect(reached, path).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      await page.close();
    }
    // Before the household asks, the ZIP page says which agencies use which FMR, in place of "ask your housing authority".
    const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
    await page.goto(`${nginx.url}/zip/55104/`);
    await expect(page.locator('#which-fmr').textContent()).resolves.toBe(
      'Metro HRA sets its payment standards from the Small Area FMR. St. Paul PHA sets its payment standards from the area FMR. Which one serves your city?',
    );
    // The county page says where each fact comes from: the page, its date and its words.
    await page.goto(`${nginx.url}/county/ramsey/`);
    const stPaul = page.locator('ul.agencies > li', { has: page.getByRole('heading', { name: 'St. Paul PHA' }) });
    await expect(stPaul.locator('p').first().textContent()).resolves.toBe('Serves the City of Saint Paul. Its payment standards follow the area FMR.');
    await stPaul.getByText('Where these facts come from').click();
    await expect(stPaul.locator('ul.sources a').first().getAttribute('href')).resolves.toBe('https://www.waitlistcheck.com/application/form.php?ID=2756-MN001');
    await page.close();
  });

  it('home: "St Paul" is one entry for the city, and Enter opens its ZIP codes on the list of every ZIP', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('combobox', { name: 'Find a ZIP code, city or county' }).fill('St Paul');
    await page.getByRole('option').first().waitFor();
    const options = await page.getByRole('option').allTextContents();
    // 31 ZIP codes of the index have the city Saint Paul; Saint Paul Park and South Saint Paul, a ZIP each, follow.
    expect(options).toEqual(['Saint Paul: 31 ZIP codes', '55071 Saint Paul Park, Washington County', '55075 South Saint Paul, Dakota County']);
    await expect(page.locator('#search-status').textContent()).resolves.toBe('3 matches; use the arrow keys, then Enter.');
    // Options are not links: Tab leaves the box instead of walking through them.
    await expect(page.locator('#place-results a').count()).resolves.toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${nginx.url}/zips/#city-saint-paul`);
    await expect(page.locator('#city-saint-paul').textContent()).resolves.toMatch(/^\s*Saint Paul \(St Paul\): 55101,/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('home: the list does not jump while a word is typed: "M", "Mp", "Mpl", "Mpls" keep Minneapolis first once it is', async () => {
    const { page } = await open('/');
    const box = page.getByRole('combobox', { name: 'Find a ZIP code, city or county' });
    const firsts: string[] = [];
    for (const query of ['Mp', 'Mpl', 'Mpls', 'Minnea']) {
      await box.fill(query);
      await expect.poll(async () => (await page.getByRole('option').allTextContents())[0], { timeout: 10_000 }).toBeDefined();
      firsts.push((await page.getByRole('option').allTextContents())[0] ?? '');
    }
    expect(firsts).toEqual(['Minneapolis: 55 ZIP codes', 'Minneapolis: 55 ZIP codes', 'Minneapolis: 55 ZIP codes', 'Minneapolis: 55 ZIP codes']);
    // Two letters match the start of a name or of a word only: "Mp" is not inside Hampton or Champlin.
    await box.fill('Mp');
    await expect.poll(async () => (await page.getByRole('option').allTextContents()).join('|'), { timeout: 10_000 }).toBe('Minneapolis: 55 ZIP codes');
    await page.close();
  });

  it('home, on a phone: short, run-together and pasted queries suggest the place first', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await page.goto(`${nginx.url}/`);
    const box = page.getByRole('combobox', { name: 'Find a ZIP code, city or county' });
    for (const [query, expected] of [
      ['Mpls', 'Minneapolis: 55 ZIP codes'],
      ['StCloud', 'Saint Cloud: 6 ZIP codes'],
      ['St Paul', 'Saint Paul: 31 ZIP codes'],
      ['duluth mn 55802', '55802 Duluth, St. Louis County'],
    ]) {
      await box.fill(query as string);
      await expect.poll(async () => (await page.getByRole('option').allTextContents())[0], { timeout: 10_000 }).toBe(expected);
    }
    await page.close();
  });

  it('home: "Duluth, MN" finds Duluth, and a click on an option opens it', async () => {
    const { page } = await open('/');
    await page.getByRole('combobox').fill('Duluth, MN');
    const option = page.getByRole('option', { name: 'Duluth: 12 ZIP codes' });
    await option.click();
    await page.waitForURL(`${nginx.url}/zips/#city-duluth`);
    await page.close();
  });

  it('home: "St Louis" is the county, told apart from a ZIP', async () => {
    const { page } = await open('/');
    await page.getByRole('combobox').fill('St Louis');
    await expect(page.getByRole('option').first().textContent()).resolves.toMatch(/^St\. Louis County: county page, \d+ ZIP codes$/);
    await page.close();
  });

  it('home: typing a city finds its ZIP, and Enter opens its page', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('combobox', { name: 'Find a ZIP code, city or county' }).fill('Warroad');
    const option = page.getByRole('option', { name: /56763 Warroad, Roseau County/ });
    await option.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${nginx.url}/zip/56763/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('56763 · Warroad');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('home: the map has the 87 county shapes, each a link to its county', async () => {
    const { page } = await open('/');
    const shapes = page.locator('svg.county-map path[data-county]');
    await expect(shapes.count()).resolves.toBe(87);
    await page.locator('svg.county-map path[data-county="cook"]').click();
    await page.waitForURL(`${nginx.url}/county/cook/`);
    await page.close();
  });

  it('zip: two charts with text alternatives and table fallbacks, and the voucher sentence', async () => {
    const { page } = await open('/zip/55104/');
    await expect(page.getByRole('img', { name: /2-bedroom Fair Market Rent by fiscal year, ZIP 55104/ }).count()).resolves.toBe(1);
    await expect(page.getByRole('img', { name: /Market rent index by month, ZIP 55104/ }).count()).resolves.toBe(1);
    await expect(page.locator('section[aria-labelledby="voucher-h"] .answer').first().textContent()).resolves.toContain('is $244 (15.9%) above the 2-bedroom Small Area FMR ($1,530)');
    await expect(page.locator('details table').count()).resolves.toBe(2);
    await page.close();
  });

  it('section-8: a heading sorts the table', async () => {
    const { page } = await open('/section-8/');
    const firstSpread = () => page.locator('#spread-table tbody tr').first().locator('td').nth(5).getAttribute('data-value');
    await page.getByRole('button', { name: /^Spread %/ }).click();
    const ascending = Number(await firstSpread());
    await page.getByRole('button', { name: /^Spread %/ }).click();
    const descending = Number(await firstSpread());
    expect(ascending).toBeLessThan(descending);
    await expect(page.locator('th[aria-sort="descending"]').textContent()).resolves.toContain('Spread %');
    await page.close();
  });

  it('fetches meta.json from another origin in the browser: the CORS contract holds', async () => {
    const other: Server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other origin</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
    try {
      const page = await browser.newPage();
      await page.goto(otherUrl);
      const generatedAt = await page.evaluate(async (url) => {
        const response = await fetch(url, { headers: { 'if-none-match': '"x"' } });
        return { status: response.status, etag: response.headers.get('etag'), body: ((await response.json()) as { meta: { generated_at: string } }).meta.generated_at };
      }, `${nginx.url}/api/v1/meta.json`);
      expect(new URL(otherUrl).origin).not.toBe(new URL(nginx.url).origin);
      expect(generatedAt).toMatchObject({ status: 200, body: '2026-01-01T00:00:00Z' });
      expect(generatedAt.etag).toBeTruthy(); // readable cross-origin only because ETag is exposed
      await page.close();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

describe('without JavaScript', () => {
  it('the search form goes to the place: a city of one ZIP code to its page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${nginx.url}/`);
    await page.getByRole('combobox', { name: 'Find a ZIP code, city or county' }).fill('Warroad');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(`${nginx.url}/zip/56763/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('56763 · Warroad');
    await context.close();
  });

  it('"St Paul", on a phone in every language, lands on the Saint Paul section of the list of every ZIP, on the screen', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    for (const language of ['', '/es', '/so', '/hmn']) {
      await page.goto(`${nginx.url}${language}/`);
      await page.locator('#place-search').fill('St Paul');
      await page.locator('form.search button[type="submit"]').click();
      await page.waitForURL(`${nginx.url}${language}/zips/#city-saint-paul`);
      const item = page.locator('#city-saint-paul');
      await expect(item.textContent()).resolves.toMatch(/^\s*Saint Paul \(St Paul\): 55101,/);
      const box = await item.boundingBox();
      expect(box && box.y >= 0 && box.y < 667, `${language || '/en'}: the section is on the screen`).toBe(true);
    }
    await page.locator('#city-saint-paul a', { hasText: '55104' }).click();
    await page.waitForURL(`${nginx.url}/hmn/zip/55104/`);
    await context.close();
  });

  it('a ZIP page says, where the form would be, that the answer needs JavaScript and where the same answer is', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await context.newPage();
    await page.goto(`${nginx.url}/zip/55104/`);
    const needs = page.locator('#fit-needs-script');
    await expect(needs.textContent()).resolves.toBe(
      "The answer for one household needs this page's JavaScript, which is off in this browser. The same answer, by the same rules, comes from the voucher_fit tool of the MCP server and voucherFit in the typed client: how to use them, in the API documentation.",
    );
    await expect(needs.getByRole('link').getAttribute('href')).resolves.toBe('/docs/#agent');
    // Right under the form's heading, on the first screen; the fields show what is asked, and take nothing.
    expect((await needs.boundingBox())?.y).toBeLessThan(667);
    await expect(page.getByLabel('Household size (persons)').isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it('with JavaScript, the list answers a query that names no place at the top', async () => {
    const { page } = await open('/zips/?q=cloud');
    await page.locator('#matches-list li').first().waitFor();
    await expect(page.locator('#matches-list li').first().textContent()).resolves.toBe('Saint Cloud: 6 ZIP codes');
    await expect(page.locator('#matches-list li a').first().getAttribute('href')).resolves.toBe('#city-saint-cloud');
    await page.close();
  });
});

describe('the first screen of a phone (375 × 667), in every language', () => {
  const LANGUAGES = ['', '/es', '/so', '/hmn'] as const;
  /** Whether an element is whole within the screen. */
  const onScreen = async (page: Page, selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= 667 && box.x >= 0 && box.x + box.width <= 375;
  };

  it.each(LANGUAGES)('ZIP 55104%s: the heading, the 2-bedroom FMR on both bases with the market rent, and the first question', async (language) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto(`${nginx.url}${language}/zip/55104/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('55104 · Saint Paul');
    // Ramsey County's ZIP 55104: Small Area FMR $1,530, area FMR $1,709, Zillow's index $1,774 in October 2023; beside it,
    // more than a year newer, Zillow's series for Ramsey County, $1,492 in January 2026 (1492.31, row 128 of the county file).
    await expect(page.locator('dl.glance dd:not(.verdict)').allTextContents()).resolves.toEqual(['$1,530', '$1,709', '$1,774', '$1,492']);
    await expect(page.locator('dl.glance dt').nth(3).textContent()).resolves.toMatch(/Ramsey/);
    // The form is usable once its words are here.
    await expect.poll(() => page.locator('#fit-form [name="household_size"]').isEnabled(), { timeout: 15_000 }).toBe(true);
    for (const selector of ['h1', 'dl.glance dd:not(.verdict) >> nth=0', 'dl.glance dd:not(.verdict) >> nth=2', 'dl.glance dd:not(.verdict) >> nth=3', '#fit-form [name="household_size"]']) {
      expect(await onScreen(page, selector), `${language || '/en'} ${selector}`).toBe(true);
    }
    // Dependents, rent and utilities are asked in the open; the rarer inputs stay behind "More about the household".
    for (const name of ['dependents', 'rent_to_owner', 'utility_allowance']) await expect(page.locator(`#fit-form [name="${name}"]`).isVisible()).resolves.toBe(true);
    await expect(page.locator('#fit-form [name="medical_expenses"]').isVisible()).resolves.toBe(false);
    if (SCREENSHOTS) await page.screenshot({ path: join(SHOTS, `first-screen-375${language.replace('/', '-') || '-en'}-55104.png`) });
    await page.close();
  });

  it.each(LANGUAGES)('home%s at 320 px: the search box is on the first screen', async (language) => {
    const page = await browser.newPage({ viewport: { width: 320, height: 667 } });
    await page.goto(`${nginx.url}${language}/`);
    expect(await onScreen(page, '#place-search')).toBe(true);
    if (SCREENSHOTS) await page.screenshot({ path: join(SHOTS, `first-screen-320${language.replace('/', '-') || '-en'}-home.png`) });
    await page.close();
  });
});

/** One of each page type, the 404 page included. */
const PAGE_TYPES = [
  ['home', '/'],
  ['zip', '/zip/55104/'],
  ['zip-without-market-rent', '/zip/56763/'],
  ['county-hennepin', '/county/hennepin/'],
  ['county-st-louis', '/county/st-louis/'],
  ['section-8', '/section-8/'],
  ['docs', '/docs/'],
  ['zips', '/zips/'],
  ['changes', '/changes/'],
  ['not-found', '/no-such-page/'],
] as const;


// Each page type loaded once, on a phone's screen: its console errors, then in light and in dark
// (the layout is the same in both color schemes, only colors change) the widths from 320 to 1280 px
// without sideways scrolling, axe at a phone's and a desktop's width in light and at a phone's in
// dark, where its contrast rules meet the other colors. Screenshots of the first screen only when
// asked for (MNRENT_SCREENSHOTS=1), for people to look at.

describe.each(PAGE_TYPES)('%s', (name, path) => {
  let page: Page;
  const errors: string[] = [];
  let status: number | undefined;
  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const url = `${nginx.url}${path}`;
    // The browser reports the not-found page's own 404 as a console error; any other is the page's.
    const expected = (m: ConsoleMessage) => name === 'not-found' && m.location().url === url && /status of 404/.test(m.text());
    page.on('console', (m) => m.type() === 'error' && !expected(m) && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    status = (await page.goto(url, { waitUntil: 'load' }))?.status();
  });
  afterAll(() => page.close());

  it('loads with no console error', () => {
    expect(status, path).toBe(name === 'not-found' ? 404 : 200);
    expect(errors).toEqual([]);
  });

  describe.each(['light', 'dark'] as const)('%s', (colorScheme) => {
    const axeWidths = colorScheme === 'light' ? [375, 1280] : [375];
    it(`fits 320-414 px and 1280 px without sideways scrolling; axe finds nothing at ${axeWidths.join(' and ')} px`, async () => {
      await page.emulateMedia({ colorScheme });
      for (const width of [320, 375, 414, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(innerWidth);
        if (SCREENSHOTS && width === 375) await page.screenshot({ path: join(SHOTS, `${name}-375-${colorScheme}.png`) });
        if (axeWidths.includes(width)) expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  });
});

describe.each(['light', 'dark'] as const)('the search, %s', (colorScheme) => {
  it('axe finds nothing with the search results open, on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 }, colorScheme });
    await page.goto(`${nginx.url}/`);
    await page.getByRole('combobox').fill('St Louis');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await axeViolations(page)).toEqual([]);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await page.close();
  });
});

describe('a crawl of the built site', () => {
  it('finds no broken internal link in any page', async () => {
    // Every path the site serves: each file, and each folder that has an index.html.
    const files = (await readdir(site, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => `/${join(entry.parentPath, entry.name).slice(site.length + 1)}`);
    const served = new Set(files.flatMap((file) => (file.endsWith('/index.html') ? [file, file.slice(0, -'index.html'.length)] : [file])));
    const exists = (path: string) => {
      const clean = decodeURIComponent(path.split(/[?#]/)[0] as string);
      return served.has(clean) || (!clean.endsWith('/') && served.has(`${clean}/`));
    };
    const pages = files.filter((f) => f.endsWith('.html'));
    const broken: string[] = [];
    let links = 0;
    for (const page of pages) {
      const html = await readFile(join(site, page), 'utf8');
      for (const [, target] of html.matchAll(/(?:href|src)="(\/[^"]*)"/g)) {
        if (target === undefined || target.startsWith('//')) continue;
        links += 1;
        if (!exists(target)) broken.push(`${page} -> ${target}`);
      }
    }
    expect(pages.length).toBeGreaterThan(1000);
    // Every ZIP page links its county and six neighbours; the home map links every county.
    expect(links).toBeGreaterThan(15_000);
    expect(broken).toEqual([]);
  });
});
