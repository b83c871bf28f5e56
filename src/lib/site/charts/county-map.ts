// The state's counties as an SVG map, shaded by a value, from the Census TopoJSON that us-atlas ships.
// Shapes and values meet by FIPS code: names repeat within a state (Virginia's Fairfax County and Fairfax city).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { geoPath, geoTransverseMercator } from 'd3-geo';
import { scaleQuantile } from 'd3-scale';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { StateScope } from '../../states.ts';
import { escapeMarkup } from '../../markup.ts';
import { BLUES, NO_DATA } from './svg.ts';

export interface MapCounty {
  fips: string;
  slug: string;
  name: string;
  value: number | null;
}

export interface MapOptions {
  title: string;
  /** One sentence saying what the map shows, for people who cannot see it. */
  description: string;
  /** A county drawn with a heavy outline (the county page's own). */
  highlight?: string;
  width?: number;
}

/** The choropleth's words and links, in the page's language. */
export interface ChoroplethOptions extends MapOptions {
  /** A county's name and value as its link reads it: "Hennepin County: $1,709". */
  label: (name: string, value: number | null) => string;
  /** The county page's path. */
  href: (slug: string) => string;
  money: (v: number) => string;
}

type CountyFeature = Feature<Geometry, { name: string }>;

const shapesByState = new Map<string, CountyFeature[]>();
const outlinesByLayout = new Map<string, { fips: string; name: string; d: string }[]>();

/** The national TopoJSON files of us-atlas, read at run time from the project's node_modules. */
const atlas = (name: string) => createRequire(join(process.cwd(), 'package.json'))(`us-atlas/${name}`) as Topology<{ counties: GeometryCollection<{ name: string }>; states: GeometryCollection<{ name: string }> }>;

/** The state's county shapes (the national TopoJSON is converted once per build, not once per page). */
export function stateCountyShapes(stateFips: string): CountyFeature[] {
  let shapes = shapesByState.get(stateFips);
  if (!shapes) {
    // Read at run time from the project's node_modules: imported, the 840 KB file became a module that
    // Vite and rollup parsed on every build, a second of the build's time.
    const topology = atlas('counties-10m.json');
    const all = feature(topology, topology.objects.counties) as FeatureCollection<Geometry, { name: string }>;
    shapes = all.features.filter((f) => String(f.id).startsWith(stateFips));
    shapesByState.set(stateFips, shapes);
  }
  return shapes;
}


/**
 * Counties the map cannot draw: us-atlas has the Census Bureau's shapes of 2017, so county
 * equivalents made since (Connecticut's planning regions, two Alaska census areas) have none.
 */
export function countiesWithoutShape(fips: readonly string[], state: StateScope): string[] {
  const drawn = new Set(stateCountyShapes(state.fips).map((shape) => String(shape.id)));
  return fips.filter((code) => !drawn.has(code));
}

interface Locator {
  height: number;
  outline: string;
  counties: Map<string, string>;
}
const locators = new Map<string, Locator>();

/** The state's outline and each county's shape, projected once per map width. */
function locatorLayout(state: StateScope, width: number): Locator {
  const key = `${state.fips}:${width}`;
  let layout = locators.get(key);
  if (!layout) {
    const states = atlas('states-10m.json');
    const outline = (feature(states, states.objects.states) as FeatureCollection<Geometry, { name: string }>).features.find((f) => String(f.id) === state.fips);
    if (!outline) throw new Error(`us-atlas has no outline for state ${state.fips}`);
    const projection = geoTransverseMercator().rotate([-state.meridian, 0]).fitWidth(width - 8, outline);
    const path = geoPath(projection).digits(1);
    const [[, top], [, bottom]] = path.bounds(outline);
    projection.translate([projection.translate()[0] + 4, projection.translate()[1] + 4 - top]);
    layout = {
      height: Math.ceil(bottom - top) + 8,
      outline: path(outline) ?? '',
      counties: new Map(stateCountyShapes(state.fips).map((shape) => [String(shape.id), path(shape) ?? ''])),
    };
    locators.set(key, layout);
  }
  return layout;
}

/**
 * Where one county lies: the state's outline with the county filled. A county page's map costs the
 * same in every state (the full choropleth, on the home page, grows with the county count and made
 * each of Texas's 254 county pages carry all 254 shapes).
 */
export function countyLocatorSvg(state: StateScope, fips: string, options: Omit<MapOptions, 'highlight'>): string {
  const width = options.width ?? 300;
  const { height, outline, counties } = locatorLayout(state, width);
  const county = counties.get(fips);
  const id = `locator-${fips}`;
  return (
    `<svg class="county-map" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeMarkup(options.title)}</title><desc id="${id}-d">${escapeMarkup(options.description)}</desc>` +
    `<path d="${outline}" fill="#deebf7" stroke="#555" stroke-width="0.8"/>` +
    (county ? `<path d="${county}" fill="#d4351c" stroke="#d4351c" stroke-width="1"/>` : '') +
    '</svg>'
  );
}

/** Projected outlines for one map size; the home page draws them. */
function countyOutlines(state: StateScope, width: number, height: number): { fips: string; name: string; d: string }[] {
  const key = `${state.fips}:${width}x${height}`;
  let outlines = outlinesByLayout.get(key);
  if (!outlines) {
    const shapes = stateCountyShapes(state.fips);
    // A transverse Mercator centred on the state's own meridian keeps its shape (Minnesota: 94°W).
    const projection = geoTransverseMercator().rotate([-state.meridian, 0]).fitExtent([[4, 4], [width - 4, height - 44]], { type: 'FeatureCollection', features: shapes });
    const path = geoPath(projection).digits(1);
    outlines = shapes.map((shape) => ({ fips: String(shape.id), name: shape.properties.name, d: path(shape) ?? '' }));
    outlinesByLayout.set(key, outlines);
  }
  return outlines;
}

export function countyMapSvg(state: StateScope, counties: readonly MapCounty[], options: ChoroplethOptions): string {
  const width = options.width ?? 420;
  const height = Math.round(width * 1.12);
  const byFips = new Map(counties.map((c) => [c.fips, c]));
  const values = counties.map((c) => c.value).filter((v): v is number => v !== null);
  // Quantiles, not equal steps: the metro counties' high rents would leave every other county one shade.
  const color = scaleQuantile<string>().domain(values).range([...BLUES]);
  const lowest = Math.min(...values);
  const id = `map-${options.highlight ?? 'state'}`;
  const paths = countyOutlines(state, width, height)
    .flatMap((outline) => {
      const county = byFips.get(outline.fips);
      // A shape of a county the data does not list (an older boundary) is left undrawn.
      if (!county) return [];
      const slug = county.slug;
      const value = county.value;
      const label = options.label(county.name, value);
      const current = slug === options.highlight;
      return `<a href="${options.href(slug)}" aria-label="${escapeMarkup(label)}"><path data-county="${slug}" d="${outline.d}" fill="${value === null ? NO_DATA : color(value)}" stroke="${current ? '#d4351c' : '#fff'}" stroke-width="${current ? 3 : 0.6}"><title>${escapeMarkup(label)}</title></path></a>`;
    })
    // The highlighted county last, so its outline is drawn over its neighbours'.
    .sort((a, b) => Number(a.includes('stroke="#d4351c"')) - Number(b.includes('stroke="#d4351c"')))
    .join('');
  const thresholds = [lowest, ...color.quantiles()];
  const legend = BLUES.map((fill, i) => {
    const x = 4 + i * ((width - 8) / BLUES.length);
    const from = options.money(thresholds[i] ?? lowest);
    return `<rect x="${x.toFixed(1)}" y="${height - 34}" width="${((width - 8) / BLUES.length - 2).toFixed(1)}" height="12" fill="${fill}"/><text x="${x.toFixed(1)}" y="${height - 8}" font-size="11">${from}+</text>`;
  }).join('');
  return (
    `<svg class="county-map" viewBox="0 0 ${width} ${height}" width="100%" role="group" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeMarkup(options.title)}</title><desc id="${id}-d">${escapeMarkup(options.description)}</desc>` +
    `<g>${paths}</g><g aria-hidden="true">${legend}</g></svg>`
  );
}
