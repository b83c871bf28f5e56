// Every built page through html-validate (a maintained validator none of us wrote): no errors.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, inject, it } from 'vitest';
import { TRANSLATED } from '../src/lib/languages.ts';

const site = inject('builtSite');

describe('HTML', () => {
  it('every built page passes html-validate (recommended rules)', async () => {
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      // The search box is an editable WAI-ARIA combobox: its popup is a listbox, which a native
      // <select> cannot be (it takes no typed text). Every other role still prefers its element.
      rules: { 'prefer-native-element': ['error', { exclude: ['listbox'] }] },
    });
    // Every English page; of the translations (the same components, other words), every page but a
    // fifteenth of the ZIP and county pages, a sample across the list.
    const translated = new RegExp(`^(${TRANSLATED.map((l) => l.code).join('|')})/`);
    const all = (await readdir(site, { recursive: true })).filter((f) => f.endsWith('.html')).sort();
    const pages = all.filter((f, i) => !translated.test(f) || !/\/(zip|county)\//.test(f) || i % 15 === 0);
    const problems: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(await readFile(join(site, page), 'utf8'), page);
      for (const result of report.results) for (const m of result.messages) problems.push(`${page}:${m.line}:${m.column} ${m.ruleId} ${m.message}`);
    }
    expect(pages.length).toBeGreaterThan(1000);
    expect(problems.slice(0, 20)).toEqual([]);
  }, 300_000);

  it('the 404 page has no canonical link (its address is any missing one) and is not indexed', async () => {
    const html = await readFile(join(site, '404.html'), 'utf8');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('no script after </html>', async () => {
    for (const page of ['index.html', 'section-8/index.html', 'zips/index.html']) {
      const html = await readFile(join(site, page), 'utf8');
      expect(html.trimEnd().endsWith('</html>'), page).toBe(true);
    }
  });
});
