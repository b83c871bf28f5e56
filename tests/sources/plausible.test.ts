// decodeUtf8: a source file's text, which must be UTF-8. A BOM is dropped, and a byte that is not
// UTF-8 is an error naming the row and the column, for each way UTF-8 can be broken.
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/lib/sources/plausible.ts';

const fatal = new TextDecoder('utf-8', { fatal: true });

describe('decodeUtf8', () => {
  it('drops a BOM, keeps U+FEFF elsewhere, and decodes a view into a larger buffer by its own bytes', () => {
    const bytes = Buffer.from('\uFEFFzip,rent\n55104,\uFEFF1200\n', 'utf8');
    expect(decodeUtf8(bytes, 'f.csv')).toBe('zip,rent\n55104,\uFEFF1200\n');
    const padded = Buffer.concat([Buffer.from('xx'), Buffer.from('Saint Paul\n'), Buffer.from('\xff', 'latin1')]);
    expect(decodeUtf8(padded.subarray(2, 13), 'f.txt')).toBe('Saint Paul\n');
  });

  it('refuses what the fatal decoder refuses, naming the row and column', () => {
    const invalid = {
      'a lone continuation byte': [0x80],
      'an overlong slash': [0xc0, 0xaf],
      'an encoded surrogate': [0xed, 0xa0, 0x80],
      'a code point above U+10FFFF': [0xf4, 0x90, 0x80, 0x80],
      'a sequence cut short': [0xe2, 0x82],
      'Windows-1252 é': [0xe9],
    };
    for (const [what, sequence] of Object.entries(invalid)) {
      const bytes = Buffer.concat([Buffer.from('zip,name\n55104,Saint Pa'), Buffer.from(sequence), Buffer.from('l\n')]);
      expect(() => fatal.decode(bytes), what).toThrow();
      expect(() => decodeUtf8(bytes, 'f.csv', { delimiter: ',' }), what).toThrow(/^f\.csv, row 2, column name: not UTF-8 text: a byte that is not UTF-8 in ".*Saint Pa\uFFFD/);
    }
  });
});
