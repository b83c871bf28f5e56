import { ENGLISH } from '../../src/lib/contract/english.ts';
import { pagePath } from '../../src/lib/contract/routes.ts';
import { describe, expect, it } from 'vitest';
import { countiesWithoutShape, countyLocatorSvg, countyMapSvg, stateCountyShapes } from '../../src/lib/site/charts/county-map.ts';
import { lineChartSvg } from '../../src/lib/site/charts/line-chart.ts';
import { countySlug } from '../../src/lib/derive/places.ts';
import { MINNESOTA, stateByCode, type StateScope } from '../../src/lib/states.ts';

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
      MINNESOTA,
      [
        { fips: '27031', slug: 'cook', name: 'Cook', value: 1100 },
        { fips: '27053', slug: 'hennepin', name: 'Hennepin', value: 1775 },
        { fips: '27137', slug: 'st-louis', name: 'St. Louis', value: 1120 },
        { fips: '27001', slug: 'aitkin', name: 'Aitkin', value: null },
      ],
      {
        title: 'T',
        description: 'D',
        highlight: 'cook',
        label: (name, value) => ENGLISH.say('map.county', { county: `${name} County`, value: value === null ? ENGLISH.say('map.noData') : ENGLISH.money(value) }),
        href: pagePath.county,
        money: ENGLISH.money,
      },
    );
    // Shapes meet counties by FIPS; a shape no county of the data has is not drawn.
    expect(svg.match(/<path data-county=/g)).toHaveLength(4);
    expect(svg).toContain('<a href="/county/hennepin/"');
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
    const svg = countyLocatorSvg(MINNESOTA, '27031', { title: 'Cook County on the map of Minnesota', description: 'D' });
    expect(svg).toMatch(/^<svg class="county-map" viewBox="0 0 300 \d+" width="100%" role="img" aria-labelledby="locator-27031-t locator-27031-d"/);
    expect(svg).toContain('<title id="locator-27031-t">Cook County on the map of Minnesota</title><desc id="locator-27031-d">D</desc>');
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('fill="#d4351c"');
    // A county with no shape (a code the atlas lacks) leaves the outline alone.
    expect(countyLocatorSvg(MINNESOTA, '27999', { title: 'T', description: 'D' }).match(/<path /g)).toHaveLength(1);
  });
});

describe('the line chart', () => {
  it('draws a labelled, described series with its reference line', () => {
    const svg = lineChartSvg(
      [
        { label: 'January 2023', value: 1500, tick: '2023' },
        { label: 'February 2023', value: 1510 },
        { label: 'January 2024', value: 1600, tick: '2024' },
      ],
      { id: 'c', title: 'Rent', description: 'Up', reference: { label: 'FMR $1,530', value: 1530 }, money: ENGLISH.money },
    );
    expect(svg).toMatch(/^<svg class="chart"[^>]*role="img" aria-labelledby="c-t c-d"/);
    expect(svg).toContain('<title id="c-t">Rent</title><desc id="c-d">Up</desc>');
    expect(svg.match(/<text[^>]*text-anchor="middle">(\d{4})<\/text>/g)).toHaveLength(2); // the points given a tick only
    expect(svg).toContain('>FMR $1,530</text>');
    expect(svg).toMatch(/<path d="M[\d.,L]+" fill="none"/);
  });
});
