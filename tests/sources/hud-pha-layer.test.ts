// HUD's agency layer: the export in the snapshot and the feature service's answer, read for one
// state. Values checked by hand against data/snapshot/hud_pha_layer/; fault cases on its lines.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseLayerFile } from '../../src/lib/sources/choose-files.ts';
import { parseLayerCsv, parseLayerJson } from '../../src/lib/sources/hud-pha-layer.ts';
import { MINNESOTA, stateByCode } from '../../src/lib/states.ts';
import { asFeatureService } from '../helpers/feature-service.ts';
import { SNAPSHOT_SOURCES } from '../helpers/paths.ts';

const FILE = 'hud_pha_layer/Detailed_Public_Housing_Authority_Dataset_2025-07-06_via_assistancehub.csv';
const csv = readFileSync(join(SNAPSHOT_SOURCES, FILE), 'utf8');
const lines = csv.split('\n');
/** The file with line `n` (1-based, as the messages count rows) changed. */
const withLine = (n: number, edit: (line: string) => string) => lines.map((line, i) => (i === n - 1 ? edit(line) : line)).join('\n');
// MN001's row, found by hand: line 1273.
const MN001 = 1273;

describe("HUD's agency layer, the export", () => {
  const { agencies, rowsElsewhere } = parseLayerCsv(csv, FILE, MINNESOTA);

  it("reads Minnesota's 135 agencies and counts every other state's", () => {
    expect(agencies).toHaveLength(135);
    expect(rowsElsewhere).toBe(3808 - 135);
    expect(agencies.map((a) => a.code)).toEqual([...agencies.map((a) => a.code)].sort());
  });

  it('reads FULL_ADDRESS from the right: ZIP, state, city, then the street (MN001 by hand, line 1273)', () => {
    expect(agencies.find((a) => a.code === 'MN001')).toEqual({
      code: 'MN001',
      name: 'Public Housing Agency of the City of St Paul',
      street: '555 Wabasha St N Ste 400',
      city: 'Saint Paul',
      officeState: 'MN',
      zip: '55102',
      phone: { digits: '6512985664', extension: null },
      email: null,
      program: 'Combined',
      vouchers: 5086,
      at: `row ${MN001}`,
    });
    // "nan, Mound, MN, 55364": no street.
    expect(agencies.find((a) => a.code === 'MN074')).toMatchObject({ street: null, city: 'Mound', zip: '55364', program: 'Low-Rent', vouchers: 0 });
    expect(agencies.find((a) => a.code === 'MN163')).toMatchObject({ name: 'METROPOLITAN COUNCIL', vouchers: 7104, program: 'Section 8' });
  });

  it("Puerto Rico's agencies are the RQ codes", () => {
    const pr = stateByCode('PR');
    if (!pr) throw new Error('no PR');
    const { agencies: rq, warnings } = parseLayerCsv(csv, FILE, pr);
    expect(rq.length).toBeGreaterThan(0);
    expect(rq.every((a) => a.code.startsWith('RQ'))).toBe(true);
    // By hand: line 52, "nan, Dorado, PR, ", HUD's one Puerto Rico agency without a ZIP.
    expect(warnings).toEqual([`${FILE}: row 52 (RQ015): the office's address has no ZIP code: the contact reports' is used where they have one`]);
  });

  it('a malformed phone, a duplicate code, an address with no ZIP, a program HUD does not name, a voucher count that is not one: one line naming the row and the column', () => {
    expect(() => parseLayerCsv(withLine(MN001, (l) => l.replace('(651) 298-5664', '(651) 298-566')), FILE, MINNESOTA)).toThrow(
      `${FILE}, row ${MN001}, column HA_PHN_NUM: agency MN001: phone "(651) 298-566" is not a ten-digit phone number as HUD writes one, (612) 342-1400`,
    );
    expect(() => parseLayerCsv(`${csv}${lines[MN001 - 1] ?? ''}\n`, FILE, MINNESOTA)).toThrow(`${FILE}, row 3810, column PARTICIPANT_CODE: agency MN001 is listed twice (also at row ${MN001})`);
    // The ZIP left out of the address: its state stands where the ZIP belongs.
    expect(() => parseLayerCsv(withLine(MN001, (l) => l.replace('Saint Paul, MN, 55102', 'Saint Paul, MN')), FILE, MINNESOTA)).toThrow(
      `${FILE}, row ${MN001}, column FULL_ADDRESS: agency MN001: the office's address "555 Wabasha St N Ste 400, Saint Paul, MN" has no five-digit ZIP code where its ZIP belongs`,
    );
    // An empty ZIP is one HUD's record does not give: a warning (the contact reports may give it).
    const noZip = parseLayerCsv(withLine(MN001, (l) => l.replace('Saint Paul, MN, 55102', 'Saint Paul, MN, ')), FILE, MINNESOTA);
    expect(noZip.agencies.find((a) => a.code === 'MN001')?.zip).toBeNull();
    expect(noZip.warnings).toEqual([`${FILE}: row ${MN001} (MN001): the office's address has no ZIP code: the contact reports' is used where they have one`]);
    expect(() => parseLayerCsv(withLine(MN001, (l) => l.replace(',Combined,', ',Vouchers,')), FILE, MINNESOTA)).toThrow(
      `${FILE}, row ${MN001}, column HA_PROGRAM_TYPE: agency MN001: program type "Vouchers" is not one of HUD's (Low-Rent, Section 8, Combined)`,
    );
    expect(() => parseLayerCsv(withLine(MN001, (l) => l.replace(',5086,', ',5086.5,')), FILE, MINNESOTA)).toThrow(`${FILE}, row ${MN001}, column SECTION8_UNITS_CNT: agency MN001: 5086.5 vouchers is not a count from 0 to 250000`);
    // Another state's bad phone is not this state's to refuse.
    expect(parseLayerCsv(withLine(2, (l) => l.replace('(787) 653-8833', '(787) 653-883')), FILE, MINNESOTA).agencies).toHaveLength(135);
  });

  it('an empty file, a truncated one, one without the state: one line each', () => {
    expect(() => parseLayerCsv('', FILE, MINNESOTA)).toThrow(`${FILE}: file is empty`);
    // Cut in the middle of MN001's row: fewer columns than the header.
    expect(() => parseLayerCsv(csv.slice(0, csv.indexOf('Saint Paul, MN, 55102')), FILE, MINNESOTA)).toThrow(`${FILE}, row ${MN001}: Quoted field unterminated (truncated or malformed file)`);
    expect(() => parseLayerCsv(lines.slice(0, MN001 - 1).join('\n').replace(/\n[^\n]*$/, '\nMN001,x'), FILE, MINNESOTA)).toThrow(/row \d+: row has 2 columns, the header has 30 \(truncated or malformed file\)$/);
    expect(() => parseLayerCsv(lines.filter((l) => !l.startsWith('MN')).join('\n'), FILE, MINNESOTA)).toThrow(`${FILE}: no housing agency of Minnesota (codes MNnnn) in the file`);
  });
});

describe("HUD's agency layer, the feature service's answer", () => {
  const JSON_FILE = 'hud_pha_layer/Public_Housing_Authorities_MN.json';
  const answer = asFeatureService(csv, (code) => code.startsWith('MN'));

  it('gives the same agencies as the export, each at its feature', () => {
    const fromJson = parseLayerJson(answer, JSON_FILE, MINNESOTA).agencies.map(({ at: _at, ...a }) => a);
    const fromCsv = parseLayerCsv(csv, FILE, MINNESOTA).agencies.map(({ at: _at, ...a }) => a);
    expect(fromJson).toEqual(fromCsv);
  });

  it("an answer cut at the service's page size, an error answer, a download cut short, a malformed phone: one line each", () => {
    expect(() => parseLayerJson(answer.replace('"exceededTransferLimit":false', '"exceededTransferLimit":true'), JSON_FILE, MINNESOTA)).toThrow(
      `${JSON_FILE}: the feature service cut its answer at 135 agencies (exceededTransferLimit): ask for the state's agencies in pages (resultOffset)`,
    );
    expect(() => parseLayerJson('{"error":{"code":400,"message":"Invalid query parameters"}}', JSON_FILE, MINNESOTA)).toThrow(`${JSON_FILE}: the feature service answered with an error: Invalid query parameters`);
    expect(() => parseLayerJson(answer.slice(0, 5000), JSON_FILE, MINNESOTA)).toThrow(`${JSON_FILE}: not JSON`);
    expect(() => parseLayerJson(answer.replace('"(651) 298-5664"', '"651-298-5664"'), JSON_FILE, MINNESOTA)).toThrow(/Public_Housing_Authorities_MN\.json, row \d+, column attributes\.HA_PHN_NUM: agency MN001: phone "651-298-5664" is not a ten-digit phone number/);
    expect(() => parseLayerJson('{"features": []}', JSON_FILE, MINNESOTA)).toThrow(`${JSON_FILE}: no housing agency of Minnesota (codes MNnnn) in the file`);
  });

  it("which file is read: the state's own answer, else the one export; two exports, or only other states' answers, are refused", () => {
    expect(chooseLayerFile(['Public_Housing_Authorities_MN.json', 'Public_Housing_Authorities_WI.json'], 'hud_pha_layer', { stateCode: 'WI' })).toEqual({
      read: ['Public_Housing_Authorities_WI.json'],
      leftOut: [{ name: 'Public_Housing_Authorities_MN.json', why: "it is the feature service's answer for MN" }],
    });
    expect(chooseLayerFile(['Detailed_Public_Housing_Authority_Dataset.csv'], 'hud_pha_layer', { stateCode: 'MN' })).toEqual({ read: ['Detailed_Public_Housing_Authority_Dataset.csv'], leftOut: [] });
    expect(() => chooseLayerFile(['Public_Housing_Authorities.csv', 'Detailed_Public_Housing_Authority_Dataset.csv'], 'hud_pha_layer', { stateCode: 'MN' })).toThrow('several exports');
    expect(() => chooseLayerFile(['Public_Housing_Authorities_WI.json'], 'data/sources/hud_pha_layer', { stateCode: 'MN' })).toThrow(
      "data/sources/hud_pha_layer: holds the feature service's answers for WI only, none for MN (npm run data:fetch -- --state MN --only hud_pha_layer fetches it)",
    );
  });
});
