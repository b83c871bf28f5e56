// The whole model from the real shared sources: counts, hand-checked values, invariants on every row.
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { CountyRecord, SectionEightRecord, ZipRecord, MetaRecord, Meta, type IndexZip } from '../src/lib/contract/schemas.ts';
import { toIndexRow } from '../src/lib/contract/rows.ts';
import { loadDataset } from '../src/lib/dataset/load.ts';
import { greatCircleKm } from '../src/lib/derive/nearby.ts';
import { NO_DATE_LIMITS } from '../src/lib/sources/plausible.ts';
import { readSources } from '../src/lib/sources/read-sources.ts';
import { MINNESOTA } from '../src/lib/states.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, SNAPSHOT_SOURCES, TEST_SITE } from './helpers/paths.ts';
import { sourcesCopy } from './helpers/sources-copy.ts';

const AGENCY_AREAS = join(PROJECT_ROOT, 'data', 'agency-areas');
const dataset = await loadDataset({ sourcesDir: SNAPSHOT_SOURCES, agencyAreasDir: AGENCY_AREAS, site: TEST_SITE, generatedAt: '2026-01-01T00:00:00Z', state: MINNESOTA });
const zip = (z: string) => {
  const found = dataset.zips.find((r) => r.zip === z);
  if (!found) throw new Error(`ZIP ${z} is not published`);
  return found;
};
const county = (slug: string) => dataset.counties.find((c) => c.county_slug === slug);

describe('counts, as the data gives them', () => {
  it('publishes 911 FY2026 ZIPs, 87 counties, 108 ZIPs with both an FMR and a market rent', () => {
    // 756: the ACS rows with a rent whose ZCTA is a published ZIP (every ACS rent in the snapshot's copy is one).
    expect(dataset.metaRecord.counts).toEqual({ zips: 911, counties: 87, zips_with_market_rent: 108, zips_with_census_rent: 756, counties_with_market_rent: 32, section_8_rows: 108, counties_with_income_limits: 87, housing_agencies: 135, counties_with_housing_agencies: 78, housing_agencies_with_area: 19, counties_with_agency_area: 22 });
    expect(dataset.zips).toHaveLength(911);
    expect(dataset.counties).toHaveLength(87);
  });

  it('records the vintages read: FY2021-FY2026, ZORI 2015-01 to 2023-10 (counties to 2026-01), ACS 2019-2023, crosswalk 2025-Q4', () => {
    const v = dataset.metaRecord.vintages;
    expect(v.hud_safmr.fiscal_years).toEqual([2021, 2022, 2023, 2024, 2025, 2026]);
    expect(v.hud_safmr.files.map((f) => f.name)).toContain('hud_safmr/fy2024_safmrs_revised.xlsx');
    expect(v.hud_fmr.fiscal_year).toBe(2026);
    expect(v.zillow_zori).toMatchObject({ first_month: '2015-01', latest_month: '2023-10' });
    expect(v.census_acs).toMatchObject({ vintage: '2019-2023', table: 'B25064' });
    // The tests' build date is in January 2026, the county file's last month.
    expect(v.zillow_zori_county).toMatchObject({ first_month: '2015-01', latest_month: '2026-01', months_behind: 0 });
    expect(v.hud_usps_crosswalk.quarter).toBe('2025-Q4');
    expect(dataset.metaRecord.counts.counties_with_market_rent).toBe(32);
    // data/snapshot/provenance.json gives the sha256 of each file of the snapshot.
    expect(v.geonames.files[0]).toEqual({ name: 'geonames/US.txt', bytes: 2668861, sha256: 'c3044b608d6d43030d717887a25c11c27e728d8d95505aedc7b45e21831a8623' });
    expect(dataset.meta.sources).toEqual({ hud_safmr: 'FY2026', zori: '2023-10' });
  });

  it('warns about the five FY2026 ZIPs the 2025-Q4 crosswalk does not know (data/snapshot/provenance.json: 55814, 56030, 56140, and 56075 and 56398, which USPS dropped after 2024-Q3)', () => {
    // Then the 8 addresses the two parses of the contact reports disagree on (tests/national/housing-agencies.test.ts); every agency is placed.
    const [others, agencies] = [dataset.warnings.filter((w) => !w.startsWith('hud_pha_contacts: ')), dataset.warnings.filter((w) => w.startsWith('hud_pha_contacts: '))];
    expect(agencies).toHaveLength(8);
    expect(others).toEqual([
      'hud_il/Section8-FY26.xlsx was not read: FY2026 takes effect on 2026-05-01, after 2026-01-01',
      'ZIP 55814 is not in the crosswalk: county from GeoNames',
      'ZIP 56030 is not in the crosswalk: county from GeoNames',
      'ZIP 56075 is not in the crosswalk: county from GeoNames',
      'ZIP 56140 is not in the crosswalk: county from GeoNames',
      'ZIP 56398 is not in the crosswalk: county from GeoNames',
    ]);
  });
});

describe('ZIPs worked out by hand from the source rows', () => {
  it('55104 Saint Paul: every field from its SAFMR, ZORI, ACS, crosswalk and GeoNames rows', () => {
    const r = zip('55104');
    expect(r).toMatchObject({
      city: 'Saint Paul', // GeoNames
      county: 'Ramsey', // crosswalk row 31028: county 27123, RES_RATIO 1
      county_slug: 'ramsey',
      metro: 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area',
      url: `${TEST_SITE}/zip/55104/`,
      fmr_latest_fy: 2026,
      fmr: { br0: 1110, br1: 1260, br2: 1530, br3: 2020, br4: 2270 },
      fmr2_yoy_pct: 4.1, // (1530 - 1470) / 1470 = 4.08%
      zori_latest: { month: '2023-10', rent: 1774 }, // 1773.711566
      acs: { median_gross_rent: 1159, margin_of_error: null, vintage: '2019-2023', table: 'B25064' },
      spread: 244, // 1774 - 1530
      spread_pct: 15.9, // 244 / 1530 = 15.947%
      voucher_competitive: false,
    });
    // FY2024 comes from HUD's workbook, sheet row 15008.
    expect(r.fmr_by_fy['2024']).toEqual({ br0: 1060, br1: 1200, br2: 1470, br3: 1980, br4: 2250 });
    expect(Object.keys(r.fmr_by_fy)).toEqual(['2021', '2022', '2023', '2024', '2025', '2026']);
    expect(r.zori_monthly).toHaveLength(83);
    expect(r.zori_monthly[0]).toEqual({ month: '2016-12', rent: 1301.12 }); // 1301.116798
    expect(r.zori_monthly.at(-1)).toEqual({ month: '2023-10', rent: 1773.71 });
    expect(r.nearby.map((n) => n.zip)).toEqual(['55105', '55114', '55108', '55103', '55102', '55406']);
  });

  it('55602 Brimson: split between St. Louis (RES_RATIO 0.89) and Lake (0.11), and between two HUD areas', () => {
    expect(zip('55602')).toMatchObject({ county: 'St. Louis', county_slug: 'st-louis', metro: 'Duluth, MN-WI MSA' });
    // Its county's housing agencies, as St. Louis County's record lists them (the two that run vouchers first).
    expect(zip('55602').housing_agencies.map((a) => a.code)).toEqual(['MN003', 'MN007', 'MN005', 'MN096', 'MN053', 'MN011', 'MN117', 'MN004']);
    expect(zip('55602').housing_agencies).toEqual(county('st-louis')?.housing_agencies);
  });

  it('56763 Warroad: non-metro Roseau County, no market rent', () => {
    expect(zip('56763')).toMatchObject({
      city: 'Warroad', county: 'Roseau', metro: null, fmr2_yoy_pct: 4.3, // (970 - 930) / 930
      zori_monthly: [], zori_latest: null, spread: null, spread_pct: null, voucher_competitive: null,
      acs: { median_gross_rent: 830 },
    });
    // Nearest centroids, checked with an independent haversine: 14.5, 19.1, 28.5, 30.5, 31.6, 34.2 km.
    expect(zip('56763').nearby.map((n) => n.zip)).toEqual(['56673', '56756', '56711', '56751', '56686', '56761']);
  });

  it('55814 Duluth: not in the 2025-Q4 crosswalk, placed by GeoNames county 137', () => {
    expect(zip('55814')).toMatchObject({ city: 'Duluth', county: 'St. Louis', fmr2_yoy_pct: 9.0 }); // (1570 - 1440) / 1440 = 9.03%
  });

  it('56075 Northrop and 56398 Saint Cloud, dropped from the crosswalk after 2024-Q3, are placed by GeoNames: Martin 091 and Stearns 145, the counties 2024-Q3 gave them', () => {
    expect([zip('56075').county, zip('56398').county]).toEqual(['Martin', 'Stearns']);
  });

  it("55075 South Saint Paul, split in 2025-Q4 with 0.07% of its homes in Ramsey, stays in Dakota: the county of the largest residential share", () => {
    expect(zip('55075')).toMatchObject({ county: 'Dakota', county_slug: 'dakota' });
  });

  it("Hennepin County carries Zillow's county series: January 2015 1155.2007… to January 2026 1709.90 (row 34 of the county file); Aitkin, which Zillow leaves out, none", () => {
    const county = (slug: string) => dataset.counties.find((c) => c.county_slug === slug);
    const hennepin = county('hennepin')?.zori_county;
    expect(hennepin?.latest).toEqual({ month: '2026-01', rent: 1710 });
    expect(hennepin?.monthly).toHaveLength(133);
    expect(hennepin?.monthly[0]).toEqual({ month: '2015-01', rent: 1155.2 });
    expect(county('aitkin')?.zori_county).toBeNull();
    expect(dataset.counties.filter((c) => c.zori_county !== null)).toHaveLength(32);
  });

  it("55104 Saint Paul: the ZIP's own market rent ends in October 2023 ($1,774); Ramsey County's series in January 2026 ($1,492, Zillow's 1492.xx rounded)", () => {
    expect(zip('55104')).toMatchObject({ zori_latest: { month: '2023-10', rent: 1774 }, zori_county_latest: { month: '2026-01', rent: 1492 } });
  });

  it('55001 Afton: ACS rent suppressed, FMR unchanged', () => {
    expect(zip('55001')).toMatchObject({ county: 'Washington', acs: null, fmr2_yoy_pct: 0 });
  });

  it('55406 Minneapolis: market rent below the FMR, so a voucher is competitive', () => {
    expect(toIndexRow(zip('55406'))).toMatchObject({ fmr: { br2: 1640 }, zori_latest: { rent: 1545 }, spread: -95, spread_pct: -5.8, voucher_competitive: true });
  });
});

describe('counties worked out by hand', () => {
  it('Cook: six ZIPs, median of 1020 and 1180, of 2.6% and 4.3%; no market rent', () => {
    expect(county('cook')).toMatchObject({ zip_count: 6, zori_zip_count: 0, medians: { fmr2: 1100, market_rent: null, fmr2_yoy_pct: 3.5 } });
  });

  it('Lake of the Woods: median 2.85% rounds half away from zero to 2.9', () => {
    expect(county('lake-of-the-woods')).toMatchObject({ zip_count: 4, medians: { fmr2: 1065, market_rent: null, fmr2_yoy_pct: 2.9 } });
  });

  it('St. Louis and Hennepin', () => {
    expect(county('st-louis')).toMatchObject({ county: 'St. Louis', zip_count: 47, zori_zip_count: 3, medians: { fmr2: 1120, market_rent: 1690, fmr2_yoy_pct: 8.2 } });
    expect(county('hennepin')).toMatchObject({ zip_count: 72, zori_zip_count: 48, medians: { fmr2: 1775, market_rent: 1684, fmr2_yoy_pct: 1.7 } });
  });

  it('the voucher spread: 108 rows, 79 competitive, median -6.55% rounds half away from zero to -6.6', () => {
    expect(dataset.sectionEight).toMatchObject({ fiscal_year: 2026, url: `${TEST_SITE}/section-8/`, summary: { n: 108, voucher_competitive_count: 79, median_spread_pct: -6.6 } });
  });
});

const MSP = 'Minneapolis-St. Paul-Bloomington, MN-WI HUD Metro FMR Area';
// FY26_FMRs_revised.xlsx sheet rows 2354 (Hennepin), 2375 (Mille Lacs), 2332 (Benton): the area-wide FMRs.
const MSP_FMR = { br0: 1242, br1: 1405, br2: 1709, br3: 2262, br4: 2531 };
const MILLE_LACS_FMR = { br0: 850, br1: 856, br2: 1123, br3: 1346, br4: 1884 };
const ST_CLOUD_FMR = { br0: 874, br1: 919, br2: 1206, br3: 1604, br4: 1873 };

describe('both FMR bases, worked out by hand', () => {
  it('55401 downtown Minneapolis: competitive on the Small Area FMR, not on the area FMR', () => {
    // SAFMR FY2026 line 15243: 2BR 2560; ZORI line 6038: 2023-10 1850.19032 -> 1850; area FMR 1709.
    expect(zip('55401')).toMatchObject({
      metro: MSP,
      hud_areas: [{ code: 'METRO33460M33460', name: MSP, metro: true, fmr: MSP_FMR }],
      fmr: { br2: 2560 },
      zori_latest: { month: '2023-10', rent: 1850 },
      spread: -710, // 1850 - 2560
      spread_pct: -27.7, // -710 / 2560 = -27.73%
      voucher_competitive: true,
      area_fmr: MSP_FMR,
      area_spread: 141, // 1850 - 1709
      area_spread_pct: 8.3, // 141 / 1709 = 8.2504%
      area_voucher_competitive: false,
      zori_lag_months: 24, // 2023-10 to 2025-10, when FY2026 began
    });
  });

  it('55104 Saint Paul: short of the market on both bases', () => {
    // SAFMR line 15147: 2BR 1530; ZORI line 1249: 1773.711566 -> 1774.
    expect(toIndexRow(zip('55104'))).toMatchObject({
      spread: 244,
      spread_pct: 15.9, // 244 / 1530 = 15.95% -> 15.9 (15.947...)
      voucher_competitive: false,
      area_fmr: MSP_FMR,
      area_spread: 65, // 1774 - 1709
      area_spread_pct: 3.8, // 65 / 1709 = 3.80%
      area_voucher_competitive: false,
      zori_lag_months: 24,
    });
  });

  it("55371 Princeton, split between three HUD areas: its county's area first, then by name; no market rent", () => {
    // SAFMR lines 15224 (Minneapolis), 15320 (Mille Lacs County), 21402 (St. Cloud); crosswalk: Mille Lacs County (27095).
    const record = zip('55371');
    expect(record.county).toBe('Mille Lacs');
    expect(record.hud_areas).toEqual([
      { code: 'METRO33460N27095', name: 'Mille Lacs County, MN HUD Metro FMR Area', metro: true, fmr: MILLE_LACS_FMR },
      { code: 'METRO33460M33460', name: MSP, metro: true, fmr: MSP_FMR },
      { code: 'METRO41060M41060', name: 'St. Cloud, MN MSA', metro: true, fmr: ST_CLOUD_FMR },
    ]);
    expect(record).toMatchObject({ metro: 'Mille Lacs County, MN HUD Metro FMR Area', area_fmr: MILLE_LACS_FMR, area_spread: null, area_spread_pct: null, area_voucher_competitive: null, zori_lag_months: null });
  });

  it("55382 South Haven: a split ZIP's metro is the area of its county (CONTRACT-NOTES), not the first by name", () => {
    // Crosswalk: Stearns County, in the St. Cloud MSA; its SAFMR rows also list Meeker County and Minneapolis.
    expect(zip('55382')).toMatchObject({ county: 'Stearns', metro: 'St. Cloud, MN MSA' });
    expect(zip('55382').hud_areas.map((a) => a.name)).toEqual(['St. Cloud, MN MSA', 'Meeker County, MN', MSP]);
  });

  it('55364 Mound: -6.25% rounds half away from zero to -6.3', () => {
    // SAFMR line 15220: 2BR 1600; ZORI line 5827: 1500.
    expect(zip('55364')).toMatchObject({ spread: -100, spread_pct: -6.3 });
  });

  it('the section-8 table and Hennepin carry both bases: 79 and 56 of 108 competitive', () => {
    expect(dataset.sectionEight.summary).toEqual({ n: 108, voucher_competitive_count: 79, median_spread_pct: -6.6, area_voucher_competitive_count: 56 });
    expect(dataset.sectionEight.rows.find((r) => r.zip === '55401')).toMatchObject({ fmr2: 2560, market_rent: 1850, area_fmr2: 1709, area_spread: 141, area_spread_pct: 8.3, area_voucher_competitive: false });
    expect(county('hennepin')?.medians.area_fmr2).toBe(1709);
    expect(county('mille-lacs')?.medians.area_fmr2).toBe(1123);
  });
});

describe('both bases: invariants over every row', () => {
  it("orders hud_areas (county's area first, then by name), takes area_fmr from the first, and metro from the first metropolitan one", async () => {
    const sources = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, { state: MINNESOTA, limits: NO_DATE_LIMITS });
    const fipsByName = new Map(sources.fmr.counties.map((c) => [c.name, c.fips]));
    let split = 0;
    for (const r of dataset.zips) {
      if (r.hud_areas.length > 1) split++;
      const countyArea = sources.fmr.areaOfCounty.get(fipsByName.get(r.county) as string);
      const rest = r.hud_areas.filter((a) => a.name !== countyArea).map((a) => a.name);
      expect(rest).toEqual([...rest].sort());
      if (r.hud_areas.some((a) => a.name === countyArea)) expect(r.hud_areas[0]?.name).toBe(countyArea);
      expect(r.area_fmr).toEqual(r.hud_areas[0]?.fmr ?? null);
      expect(r.metro).toBe(r.hud_areas.find((a) => a.metro)?.name ?? null);
      const row = toIndexRow(r);
      const market = r.zori_latest?.rent ?? null;
      const areaFmr2 = r.area_fmr?.br2 ?? null;
      if (market !== null && areaFmr2 !== null) {
        expect(row.area_spread).toBe(market - areaFmr2);
        expect(Math.abs((row.area_spread_pct as number) - (100 * (market - areaFmr2)) / areaFmr2)).toBeLessThanOrEqual(0.05);
        expect(row.area_voucher_competitive).toBe(areaFmr2 >= market);
      } else {
        expect([row.area_spread, row.area_spread_pct, row.area_voucher_competitive]).toEqual([null, null, null]);
      }
      if (r.zori_latest) {
        const [y, m] = r.zori_latest.month.split('-').map(Number) as [number, number];
        expect(r.zori_lag_months).toBe((r.fmr_latest_fy - 1 - y) * 12 + (10 - m));
      } else {
        expect(r.zori_lag_months).toBeNull();
      }
    }
    // The issue counts 361 ZIPs in two or more HUD areas.
    expect(split).toBe(361);
  });
});

describe('invariants over every row', () => {
  const sorted = (values: string[]) => [...values].sort();

  it('validates every record against the contract schemas', () => {
    for (const r of dataset.zips) ZipRecord.parse(r);
    for (const c of dataset.counties) CountyRecord.parse(c);
    SectionEightRecord.parse(dataset.sectionEight);
    MetaRecord.parse(dataset.metaRecord);
    Meta.parse(dataset.meta);
  });

  it('sorts every list by ZIP or slug', () => {
    expect(dataset.zips.map((z) => z.zip)).toEqual(sorted(dataset.zips.map((z) => z.zip)));
    expect(dataset.counties.map((c) => c.county_slug)).toEqual(sorted(dataset.counties.map((c) => c.county_slug)));
    expect(dataset.sectionEight.rows.map((r) => r.zip)).toEqual(sorted(dataset.sectionEight.rows.map((r) => r.zip)));
    for (const c of dataset.counties) expect(c.zips.map((z) => z.zip)).toEqual(sorted(c.zips.map((z) => z.zip)));
  });

  it('keeps fmr, yoy, market rent and spread consistent in every ZIP', () => {
    for (const r of dataset.zips) {
      expect(r.fmr).toEqual(r.fmr_by_fy[String(r.fmr_latest_fy)]);
      expect(/^5[56]\d{3}$/.test(r.zip) && Number(r.zip.slice(0, 3)) >= 550 && Number(r.zip.slice(0, 3)) <= 567).toBe(true);
      const prior = r.fmr_by_fy[String(r.fmr_latest_fy - 1)]?.br2 ?? null;
      const expectedYoy = prior === null || r.fmr.br2 === null ? null : Math.round((1000 * (r.fmr.br2 - prior)) / prior) / 10;
      expect(r.fmr2_yoy_pct === null ? null : Math.abs(r.fmr2_yoy_pct - (expectedYoy as number)) <= 0.1).toBe(expectedYoy === null ? null : true);
      const months = r.zori_monthly.map((m) => m.month);
      expect(months).toEqual([...new Set(months)].sort());
      if (r.zori_latest) {
        const last = r.zori_monthly.at(-1) as { month: string; rent: number };
        expect(r.zori_latest.month).toBe(last.month);
        expect(Math.abs(r.zori_latest.rent - last.rent)).toBeLessThanOrEqual(0.51);
      } else {
        expect(r.zori_monthly).toEqual([]);
      }
      if (r.zori_latest && r.fmr.br2 !== null) {
        expect(r.spread).toBe(r.zori_latest.rent - r.fmr.br2);
        expect(Math.abs((r.spread_pct as number) - (100 * (r.spread as number)) / r.fmr.br2)).toBeLessThanOrEqual(0.05);
        expect(r.voucher_competitive).toBe(r.fmr.br2 >= r.zori_latest.rent);
      } else {
        expect([r.spread, r.spread_pct, r.voucher_competitive]).toEqual([null, null, null]);
      }
    }
  });

  it('gives downtown Minneapolis (55401) neighbours people live in, not the PO-box ZIPs on one point', () => {
    const downtown = dataset.zips.find((z) => z.zip === '55401');
    expect(downtown?.nearby.map((n) => n.zip)).toEqual(['55402', '55415', '55403', '55454', '55413', '55404']);
    for (const poBox of ['55440', '55458', '55479', '55480']) {
      expect(dataset.zips.find((z) => z.zip === poBox)?.coordinates?.source).toBe('geonames');
      expect(dataset.zips.some((z) => z.nearby.some((n) => n.zip === poBox))).toBe(false);
    }
    // A PO-box ZIP keeps a nearby list of its own.
    expect(dataset.zips.find((z) => z.zip === '55440')?.nearby).toHaveLength(6);
  });

  it('lists six nearby ZIPs for every ZIP, never itself, nearest first, all published, none without a Census ZCTA', async () => {
    const sources = await readSources({ sourcesDir: SNAPSHOT_SOURCES }, { state: MINNESOTA, limits: NO_DATE_LIMITS });
    const centroid = new Map(sources.gazetteer.centroids.map((c) => [c.zcta, c]));
    const geonames = new Map(sources.geonames.places.map((p) => [p.zip, p]));
    const at = (z: string) => {
      const c = centroid.get(z) ?? geonames.get(z);
      return { zip: z, latitude: c?.latitude as number, longitude: c?.longitude as number };
    };
    const published = new Set(dataset.zips.map((z) => z.zip));
    for (const r of dataset.zips) {
      expect(r.nearby).toHaveLength(6);
      const distances = r.nearby.map((n) => greatCircleKm(at(r.zip), at(n.zip)));
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      for (const n of r.nearby) {
        expect(n.zip).not.toBe(r.zip);
        expect(published.has(n.zip)).toBe(true);
        // CONTRACT-NOTES: a ZIP without a ZCTA in the gazetteer (a PO box, one building) is nobody's neighbour.
        expect(centroid.has(n.zip), `${n.zip} in the nearby list of ${r.zip}`).toBe(true);
        expect(n.url).toBe(`${TEST_SITE}/zip/${n.zip}/`);
      }
      // Nothing left out is nearer than the sixth.
      const sixth = distances.at(-1) as number;
      const nearer = dataset.zips.filter((o) => o.zip !== r.zip && centroid.has(o.zip) && greatCircleKm(at(r.zip), at(o.zip)) < sixth);
      expect(nearer.length).toBeLessThanOrEqual(5);
    }
  });

  it('gives every county its ZIP rows, the same rows as the index, and medians recomputed plainly', () => {
    const median = (values: number[]) => {
      const s = [...values].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      return s.length === 0 ? null : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
    };
    let total = 0;
    for (const c of dataset.counties) {
      const rows: IndexZip[] = dataset.zips.filter((z) => z.county_slug === c.county_slug).map(toIndexRow);
      expect(c.zips).toEqual(rows);
      expect(c.zip_count).toBe(rows.length);
      expect(c.zori_zip_count).toBe(rows.filter((r) => r.zori_latest).length);
      const fmr2 = median(rows.map((r) => r.fmr.br2).filter((v): v is number => v !== null));
      expect(c.medians.fmr2 === null ? null : Math.abs(c.medians.fmr2 - (fmr2 as number)) <= 0.5).toBe(fmr2 === null ? null : true);
      total += c.zip_count;
    }
    expect(total).toBe(911);
  });

  it('places 881 ZIPs at their Census ZCTA point and the 30 PO-box ZIPs at GeoNames\' (data/snapshot/provenance.json, the gazetteer)', () => {
    const sources = dataset.zips.map((z) => z.coordinates?.source);
    expect(sources.filter((s) => s === 'census_zcta')).toHaveLength(881);
    expect(sources.filter((s) => s === 'geonames')).toHaveLength(30);
    expect(zip('55104').coordinates).toEqual({ latitude: 44.953894, longitude: -93.164446, source: 'census_zcta' });
  });

  it('puts exactly the ZIPs with both an FMR and a market rent in the spread table', () => {
    const expected = dataset.zips.filter((z) => z.fmr.br2 !== null && z.zori_latest !== null).map((z) => z.zip);
    expect(dataset.sectionEight.rows.map((r) => r.zip)).toEqual(expected);
    expect(dataset.sectionEight.summary.voucher_competitive_count).toBe(dataset.sectionEight.rows.filter((r) => r.voucher_competitive).length);
  });
});

describe('without the HUD-USPS crosswalk (no HUD_API_TOKEN and no workbook yet)', () => {
  it('places every ZIP by GeoNames, says so once, and leaves the crosswalk out of the attribution', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mnrent-no-crosswalk-'));
    try {
      const sources = await sourcesCopy(dir, {}, 'hud_usps_crosswalk');
      const without = await loadDataset({ sourcesDir: sources, agencyAreasDir: AGENCY_AREAS, site: TEST_SITE, generatedAt: '2026-01-01T00:00:00Z', state: MINNESOTA });
      expect(without.warnings.filter((w) => !w.startsWith('hud_pha_contacts: '))).toEqual(['hud_il/Section8-FY26.xlsx was not read: FY2026 takes effect on 2026-05-01, after 2026-01-01', 'no HUD-USPS crosswalk in hud_usps_crosswalk/: every ZIP is placed in a county by GeoNames (README, "Sources", says how to get it)']);
      expect(without.metaRecord.counts.zips).toBe(911);
      // Every agency's office placed by GeoNames' county of its ZIP, as the ZIPs are.
      expect(without.metaRecord.counts.housing_agencies).toBe(135);
      expect(without.agencyReport.placed).toMatchObject({ crosswalk: 0, geonames: 135, unplaced: 0 });
      expect(without.metaRecord.vintages.hud_usps_crosswalk).toEqual({ quarter: null, files: [] });
      expect(without.meta.attribution).not.toContain('Crosswalk');
      // GeoNames puts Brimson (55602) in St. Louis County too, and Saint Paul in Ramsey.
      expect(without.zips.find((z) => z.zip === '55602')?.county).toBe('St. Louis');
      expect(without.zips.find((z) => z.zip === '55104')).toMatchObject({ county: 'Ramsey', city: 'Saint Paul' });
      const moved = without.zips.filter((z) => z.county !== dataset.zips.find((d) => d.zip === z.zip)?.county);
      // 13 ZIPs land elsewhere, e.g. 55007 Kanabec -> Pine, 55382 Stearns -> Wright: why the crosswalk matters.
      expect(moved.length).toBe(13);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an independent re-computation', () => {
  it('a Python reader of the raw files (standard library only) agrees with every voucher value of the built site', () => {
    const script = join(PROJECT_ROOT, 'tests', 'independent', 'recompute_voucher.py');
    const out = execFileSync('/usr/bin/python3', [script, SNAPSHOT_SOURCES, inject('builtSite')], { encoding: 'utf8' });
    expect(out.trim().split('\n').at(-1)).toBe('911 ZIPs, 108 with a market rent, 79 competitive on the Small Area FMR, 56 on the area FMR; 0 disagreements');
  });
});
