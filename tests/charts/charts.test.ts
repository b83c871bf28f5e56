import { scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countiesWithoutShape, countyLocatorSvg, countyMapSvg, stateCountyShapes } from '../../src/lib/site/charts/county-map.ts';
import { lineChartSvg, linePath, niceLinearScale, pointPlaces } from '../../src/lib/site/charts/line-chart.ts';
import { countySlug } from '../../src/lib/derive/places.ts';
import { MINNESOTA, stateByCode, type StateScope } from '../../src/lib/state.ts';

describe('the county map', () => {
  it('draws any state\'s county equivalents by FIPS: Wisconsin\'s 72, Virginia\'s counties and independent cities', () => {
    expect(stateCountyShapes('55')).toHaveLength(72);
    const virginia = stateCountyShapes('51').map((f) => `${String(f.id)} ${f.properties.name}`);
    // Fairfax County (51059) and Fairfax city (51600) share a name in the atlas: only FIPS tells them apart.
    expect(virginia).toEqual(expect.arrayContaining(['51059 Fairfax', '51600 Fairfax']));
  });

  it('has Minnesota\'s 87 counties, named as HUD names them', () => {
    const slugs = stateCountyShapes(MINNESOTA.fips).map((f) => countySlug(f.properties.name));
    expect(slugs).toHaveLength(87);
    expect(slugs).toEqual(expect.arrayContaining(['st-louis', 'lac-qui-parle', 'lake-of-the-woods', 'hennepin']));
  });

  it('shades by quantile, links each county, titles it, and outlines the highlighted one last', () => {
    const svg = countyMapSvg(
      [
        { fips: '27031', slug: 'cook', name: 'Cook', value: 1100 },
        { fips: '27053', slug: 'hennepin', name: 'Hennepin', value: 1775 },
        { fips: '27137', slug: 'st-louis', name: 'St. Louis', value: 1120 },
        { fips: '27001', slug: 'aitkin', name: 'Aitkin', value: null },
      ],
      { title: 'T', description: 'D', highlight: 'cook' },
    );
    // Shapes meet counties by FIPS; a shape no county of the data has is not drawn.
    expect(svg.match(/<path data-county=/g)).toHaveLength(4);
    expect(svg).toContain('<title id="map-cook-t">T</title><desc id="map-cook-d">D</desc>');
    expect(svg).toContain('aria-label="Hennepin County: $1,775"');
    expect(svg).toContain('aria-label="Aitkin County: no data"');
    expect(svg.lastIndexOf('data-county="cook"')).toBeGreaterThan(svg.lastIndexOf('data-county="hennepin"'));
    expect(svg).toMatch(/data-county="cook"[^>]*stroke="#d4351c"/);
    expect(svg).toMatch(/data-county="hennepin" d="[^"]+" fill="#08519c"/);
  });
});

describe('counties the map has no shape for', () => {
  it("names the county equivalents newer than the 2017 shapes: Connecticut's planning regions, Alaska's two census areas of 2019, none of Minnesota's", () => {
    const state = (code: string) => stateByCode(code) as StateScope;
    expect(countiesWithoutShape(['09110', '09190', '09001'], state('CT'))).toEqual(['09110', '09190']);
    expect(countiesWithoutShape(['02063', '02066', '02020'], state('AK'))).toEqual(['02063', '02066']);
    expect(countiesWithoutShape(stateCountyShapes(MINNESOTA.fips).map((s) => String(s.id)), MINNESOTA)).toEqual([]);
  });
});

describe('the locator map of a county page', () => {
  it('draws the state\'s outline and the one county, titled and described, whatever the county count', () => {
    const svg = countyLocatorSvg('27031', { title: 'Cook County on the map of Minnesota', description: 'D' });
    expect(svg).toMatch(/^<svg class="county-map" viewBox="0 0 300 \d+" width="100%" role="img" aria-labelledby="locator-27031-t locator-27031-d"/);
    expect(svg).toContain('<title id="locator-27031-t">Cook County on the map of Minnesota</title><desc id="locator-27031-d">D</desc>');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('fill="#d4351c"');
    // A county with no shape (a code the atlas lacks) leaves the outline alone.
    expect(countyLocatorSvg('27999', { title: 'T', description: 'D' }).match(/<path /g)).toHaveLength(1);
  });
});

describe('the line chart', () => {
  it('draws a labelled, described series with its reference line', () => {
    const svg = lineChartSvg(
      [
        { label: '2023-01', value: 1500 },
        { label: '2023-02', value: 1510 },
        { label: '2024-01', value: 1600 },
      ],
      { id: 'c', title: 'Rent', description: 'Up', reference: { label: 'FMR $1,530', value: 1530 } },
    );
    expect(svg).toMatch(/^<svg class="chart"[^>]*role="img" aria-labelledby="c-t c-d"/);
    expect(svg).toContain('<title id="c-t">Rent</title><desc id="c-d">Up</desc>');
    expect(svg.match(/<text[^>]*text-anchor="middle">(\d{4})<\/text>/g)).toHaveLength(2); // January of each year
    expect(svg).toContain('>FMR $1,530</text>');
    expect(svg).toMatch(/<path d="M[\d.,L]+" fill="none"/);
  });
});

describe("the line chart's arithmetic", () => {
  // Rents from a few dollars to tens of thousands, the chart's padding of at least 20 each side.
  const rent = fc.double({ min: 1, max: 50_000, noNaN: true });
  it("places values where d3-scale's nice linear scale does, with its ticks, to the last bit", () => {
    fc.assert(
      fc.property(rent, rent, fc.double({ min: 20, max: 5000, noNaN: true }), fc.array(rent, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 12 }), (a, b, pad, values, count) => {
        const [lo, hi] = [Math.min(a, b) - pad, Math.max(a, b) + pad];
        const range: [number, number] = [192, 16];
        const ours = niceLinearScale(lo, hi, count, range);
        const d3 = scaleLinear().domain([lo, hi]).nice(count).range(range);
        expect(ours.ticks).toEqual(d3.ticks(count));
        for (const v of [...values, ...ours.ticks]) expect(Object.is(ours.at(v), d3(v))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("places distinct labels where d3-scale's point scale does, with or without padding", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom(0, 0.5), (count, r0, width, padding) => {
        const labels = Array.from({ length: count }, (_, i) => `FY${2000 + i}`);
        const d3 = scalePoint().domain(labels).range([r0, r0 + width]).padding(padding);
        expect(pointPlaces(count, [r0, r0 + width], padding)).toEqual(labels.map((l) => d3(l)));
      }),
      { numRuns: 2000 },
    );
  });

  it("draws the path d3-shape's line draws to one decimal: straight lines, a single point closed, none empty", () => {
    const place = fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: -1000, max: 1000, noNaN: true }));
    fc.assert(
      fc.property(fc.array(place, { minLength: 0, maxLength: 40 }), (places) => {
        expect(linePath(places)).toBe(line().digits(1)(places) ?? '');
      }),
      { numRuns: 3000 },
    );
    expect(linePath([[178, 139.24]])).toBe('M178,139.2Z');
    expect(linePath([[178, 139.25], [422.04, 51.2]])).toBe('M178,139.3L422,51.2');
  });
});
