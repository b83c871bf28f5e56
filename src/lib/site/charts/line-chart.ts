// A line chart as SVG text: the 2-bedroom FMR by fiscal year, the monthly market rent.
import { extent, tickIncrement, ticks } from 'd3-array';
import { money as dollars } from '../../contract/present.ts';
import { escapeMarkup } from '../../markup.ts';
import { BLUES } from './svg.ts';

export interface Point {
  label: string;
  value: number;
}

export interface LineChartOptions {
  id: string;
  title: string;
  /** What the chart shows, in words, for people who cannot see it. */
  description: string;
  width?: number;
  height?: number;
  /** Label every point (a short series) or only some x labels (a long one). */
  dots?: boolean;
  /** A second series drawn dashed, e.g. the FMR against the market rent. */
  reference?: { label: string; value: number };
}

// The scales and the line are d3-scale's and d3-shape's arithmetic, written out: their objects cost
// more than the chart they drew (0.1 ms a chart, one on each of Texas's 2,382 ZIP pages, on the
// thread that renders). tests/charts/charts.test.ts holds these to d3-scale and d3-shape over many inputs.

/** d3-scale's linear `nice(count)` of the domain [lo, hi] (`lo < hi`): ten rounds at most, and the domain as it was if they do not settle. */
function niceDomain(lo: number, hi: number, count: number): [number, number] {
  let [start, stop] = [lo, hi];
  let prestep: number | undefined;
  for (let round = 0; round < 10; round++) {
    const step = tickIncrement(start, stop, count);
    if (step === prestep) return [start, stop];
    if (step > 0) [start, stop] = [Math.floor(start / step) * step, Math.ceil(stop / step) * step];
    else if (step < 0) [start, stop] = [Math.ceil(start * step) / step, Math.floor(stop * step) / step];
    else break;
    prestep = step;
  }
  return [lo, hi];
}

/** d3-scale's `scaleLinear().domain([lo, hi]).nice(count).range(range)`, with its ticks: `lo < hi`. */
export function niceLinearScale(lo: number, hi: number, count: number, [r0, r1]: readonly [number, number]): { at: (value: number) => number; ticks: number[] } {
  const [d0, d1] = niceDomain(lo, hi, count);
  const span = d1 - d0;
  return {
    // d3-interpolate's interpolateNumber of d3-scale's normalized value, in its order of operations.
    at: (value) => {
      const t = span ? (value - d0) / span : 0.5;
      return r0 * (1 - t) + r1 * t;
    },
    ticks: ticks(d0, d1, count),
  };
}

/** d3-scale's `scalePoint().domain(labels).range([r0, r1]).padding(padding)` at each of `count` distinct labels, in order: `r0 <= r1`. */
export function pointPlaces(count: number, [r0, r1]: readonly [number, number], padding: number): number[] {
  const step = (r1 - r0) / Math.max(1, count - 1 + padding * 2);
  const start = r0 + (r1 - r0 - step * (count - 1)) * 0.5;
  return Array.from({ length: count }, (_, i) => start + step * i);
}

/** d3-shape's `line().digits(1)` through `places`: a path of straight lines, numbers to one decimal. */
export function linePath(places: readonly (readonly [number, number])[]): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  const path = places.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r(x)},${r(y)}`).join('');
  // A single point is a closed path, as d3-shape draws it.
  return places.length === 1 ? `${path}Z` : path;
}

export function lineChartSvg(points: readonly Point[], options: LineChartOptions): string {
  const width = options.width ?? 560;
  const height = options.height ?? 220;
  const margin = { top: 16, right: 16, bottom: 28, left: 56 };
  const values = points.map((p) => p.value).concat(options.reference ? [options.reference.value] : []);
  const [lo = 0, hi = 1] = extent(values);
  const pad = Math.max((hi - lo) * 0.1, 20);
  const y = niceLinearScale(lo - pad, hi + pad, 4, [height - margin.bottom, margin.top]);
  // One place per point: the labels (fiscal years, months) are distinct.
  const xs = pointPlaces(points.length, [margin.left, width - margin.right], options.dots ? 0.5 : 0);
  // Each point's place, once: the line and the dots both use it.
  const places = points.map((p, i): [number, number] => [xs[i] ?? 0, y.at(p.value)]);
  const d = linePath(places);
  const yTicks = y.ticks.map((t) => `<g transform="translate(0,${y.at(t).toFixed(1)})"><line x1="${margin.left}" x2="${width - margin.right}" stroke="#e5e5e5"/><text x="${margin.left - 6}" dy="0.32em" text-anchor="end">${dollars(t)}</text></g>`).join('');
  // Every label for a short series; for a monthly one, January of each year.
  const xLabels = points
    .flatMap((p, i) => (options.dots || p.label.endsWith('-01') ? [`<text x="${(xs[i] ?? 0).toFixed(1)}" y="${height - 8}" text-anchor="middle">${escapeMarkup(options.dots ? p.label : p.label.slice(0, 4))}</text>`] : []))
    .join('');
  const dots = options.dots
    ? points.map((p, i) => `<circle cx="${places[i]?.[0].toFixed(1)}" cy="${places[i]?.[1].toFixed(1)}" r="3.5" fill="${BLUES[4]}"><title>${escapeMarkup(`${p.label}: ${dollars(p.value)}`)}</title></circle>`).join('')
    : '';
  const reference = options.reference
    ? `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y.at(options.reference.value).toFixed(1)}" y2="${y.at(options.reference.value).toFixed(1)}" stroke="#d4351c" stroke-dasharray="5 4"/><text x="${width - margin.right}" y="${(y.at(options.reference.value) - 5).toFixed(1)}" text-anchor="end" fill="#d4351c">${escapeMarkup(options.reference.label)}</text>`
    : '';
  return (
    `<svg class="chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="${options.id}-t ${options.id}-d" xmlns="http://www.w3.org/2000/svg" font-size="11" font-family="system-ui, sans-serif">` +
    `<title id="${options.id}-t">${escapeMarkup(options.title)}</title><desc id="${options.id}-d">${escapeMarkup(options.description)}</desc>` +
    `<g aria-hidden="true">${yTicks}${xLabels}${reference}<path d="${d}" fill="none" stroke="${BLUES[4]}" stroke-width="2"/>${dots}</g></svg>`
  );
}
