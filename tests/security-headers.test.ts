// The site's security headers, built once and given to every host, and the browser keeping them:
// the build's hashes are those of an HTML parser's reading of the pages; the three forms it writes
// (the edge's JSON, nginx's include, _headers) say the same; and in Chromium, behind nginx with the
// policy on, every page type in every language loads with no violation, the household form
// answers, and a fetch to another origin from the page is blocked before it leaves.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'parse5';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cspHash, inlineCodeOf } from '../src/lib/build/inline-code.ts';
import type { HostHeaders } from '../src/lib/build/host-headers.ts';
import { HOST_HEADERS_JSON, HOST_HEADERS_NGINX, securityHeaders, STRICT_TRANSPORT_SECURITY } from '../src/lib/serve/headers.ts';
import { LANGUAGES } from '../src/lib/languages.ts';
import { launchChromium } from './helpers/chromium.ts';

const site = inject('builtSite');
const written = JSON.parse(readFileSync(join(site, HOST_HEADERS_JSON), 'utf8')) as HostHeaders;
/** One page of each type, as a path under a language's prefix. */
const PAGE_TYPES = ['', 'zip/55104/', 'county/hennepin/', 'section-8/', 'zips/', 'errors/405/'] as const;
const ENGLISH_ONLY = ['docs/', 'changes/'] as const;
const pagePaths = [...LANGUAGES.flatMap((language) => PAGE_TYPES.map((type) => `${language.code === 'en' ? '' : `${language.code}/`}${type}`)), ...ENGLISH_ONLY];

interface TreeNode {
  nodeName: string;
  tagName?: string;
  attrs?: { name: string; value: string }[];
  value?: string;
  childNodes?: TreeNode[];
  content?: TreeNode;
}

/** The same hashes read by parse5's tree builder: what a browser's parser sees. */
function hashesByParse5(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const walk = (node: TreeNode) => {
    if (node.tagName === 'script' || node.tagName === 'style') {
      const attrs = Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value]));
      const text = (node.childNodes ?? []).map((c) => c.value ?? '').join('');
      if (node.tagName === 'style') styles.push(cspHash(text));
      else if (!('src' in attrs) && ['', 'module', 'text/javascript'].includes((attrs.type ?? '').toLowerCase())) scripts.push(cspHash(text));
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parse(html));
  return { scripts, styles };
}

describe('the hashes and the three forms of the headers', () => {
  it('finds, on every page type in every language, the inline code parse5 finds', () => {
    for (const path of [...pagePaths, '404.html']) {
      const html = readFileSync(join(site, path.endsWith('.html') ? path : `${path}index.html`), 'utf8');
      const mine = inlineCodeOf(html);
      expect({ scripts: mine.scripts, styles: mine.styles }, path).toEqual(hashesByParse5(html));
      expect(mine.refused, path).toBeUndefined();
      for (const hash of [...mine.scripts]) expect(written.hashes.scripts, path).toContain(hash);
      for (const hash of [...mine.styles]) expect(written.hashes.styles, path).toContain(hash);
    }
  });

  it('writes the same headers for the edge, nginx and _headers, from the one policy', () => {
    expect(written.headers).toEqual(securityHeaders(written.hashes));
    const nginx = readFileSync(join(site, HOST_HEADERS_NGINX), 'utf8');
    const fromNginx = Object.fromEntries([...nginx.matchAll(/^add_header ([\w-]+) "((?:[^"\\]|\\.)*)" always;$/gm)].map((m) => [m[1], m[2]?.replace(/\\(.)/g, '$1')]));
    expect(fromNginx).toEqual(written.headers);
    const rules = readFileSync(join(site, '_headers'), 'utf8');
    const every = rules.slice(rules.indexOf('/*\n'), rules.indexOf('\n\n', rules.indexOf('/*\n')));
    for (const [name, value] of Object.entries({ ...written.headers, ...STRICT_TRANSPORT_SECURITY })) expect(every).toContain(`\n  ${name}: ${value}`);
  });
});

describe('the browser keeps the policy', () => {
  const nginx = inject('servers').nginx;
  let browser: Browser;
  let elsewhere: Server;
  let elsewhereHits = 0;
  let elsewhereUrl: string;
  beforeAll(async () => {
    browser = await launchChromium();
    // Another origin that would answer any page (CORS *): only the policy can stop a fetch to it.
    elsewhere = createServer((_req, res) => {
      elsewhereHits++;
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
  }, 120_000);
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  it('loads every page type in every language with no violation and no console error', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
    for (const path of pagePaths) {
      const answer = await page.goto(`${nginx.url}/${path}`);
      expect(answer?.headers()['content-security-policy'], path).toBe(written.headers['Content-Security-Policy']);
      await page.waitForLoadState('load');
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets the household form answer, and blocks a fetch to another origin before it leaves the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${nginx.url}/zip/55104/`);
    await page.locator('#fit-form [name="household_size"]').fill('3');
    await page.locator('#fit-form [name="annual_income"]').fill('30000');
    await page.locator('#fit-form button[type="submit"]').click();
    await expect(page.locator('#fit-answer').textContent()).resolves.toMatch(/\$/);
    const outcome = await page.evaluate(async (url) => {
      // The browser reports what it blocked as an event; it comes after the refusal, so it is awaited.
      const reported = new Promise<string>((resolve) => document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }));
      let fetched: string;
      try {
        await fetch(url);
        fetched = 'fetched';
      } catch (error) {
        fetched = `refused: ${(error as Error).name}`;
      }
      return { fetched, directive: await Promise.race([reported, new Promise<string>((resolve) => setTimeout(() => resolve('no report'), 5_000))]) };
    }, elsewhereUrl);
    expect(outcome).toEqual({ fetched: 'refused: TypeError', directive: 'connect-src' });
    expect(elsewhereHits).toBe(0);
    await context.close();
  }, 60_000);
});
