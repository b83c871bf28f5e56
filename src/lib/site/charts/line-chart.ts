// A line chart as SVG text: the 2-bedroom FMR by fiscal year, the monthly market rent.
import { extent } from 'd3-array';
import { scaleLinear, scalePoint } from 'd3-scale';
import { line } from 'd3-shape';
import { escapeMarkup } from '../../markup.ts';
import { BLUES } from './svg.ts';

export interface Point {
  /** The point in the page's language: its dot's tooltip. */
  label: string;
  value: number;
  /** The x axis's text under this point, when it has one (every fiscal year; January of each year). */
  tick?: string;
}

export interface LineChartOptions {
  id: string;
  title: string;
  /** What the chart shows, in words, for people who cannot see it. */
  description: string;
  width?: number;
  height?: number;
  /** A dot on every point (a short series). */
  dots?: boolean;
  /** A second series drawn dashed, e.g. the FMR against the market rent. */
  reference?: { label: string; value: number };
  /** Dollars as the page's language writes them. */
  money: (v: number) => string;
}

export function lineChartSvg(points: readonly Point[], options: LineChartOptions): string {
  const width = options.width ?? 560;
  const height = options.height ?? 220;
  const margin = { top: 16, right: 16, bottom: 28, left: 56 };
  const values = points.map((p) => p.value).concat(options.reference ? [options.reference.value] : []);
  const [lo = 0, hi = 1] = extent(values);
  const pad = Math.max((hi - lo) * 0.1, 20);
  const y = scaleLinear().domain([lo - pad, hi + pad]).nice(4).range([height - margin.bottom, margin.top]);
  // One place per point, in the series' order.
  const x = scalePoint().domain(points.map((_, i) => String(i))).range([margin.left, width - margin.right]).padding(options.dots ? 0.5 : 0);
  const xs = points.map((_, i) => x(String(i)) ?? 0);
  // Each point's place, once: the line and the dots both use it.
  const places = points.map((p, i): [number, number] => [xs[i] ?? 0, y(p.value)]);
  const d = line().digits(1)(places) ?? '';
  const yTicks = y.ticks(4).map((t) => `<g transform="translate(0,${y(t).toFixed(1)})"><line x1="${margin.left}" x2="${width - margin.right}" stroke="#e5e5e5"/><text x="${margin.left - 6}" dy="0.32em" text-anchor="end">${options.money(t)}</text></g>`).join('');
  const xLabels = points
    .flatMap((p, i) => (p.tick === undefined ? [] : [`<text x="${(xs[i] ?? 0).toFixed(1)}" y="${height - 8}" text-anchor="middle">${escapeMarkup(p.tick)}</text>`]))
    .join('');
  const dots = options.dots
    ? points.map((p, i) => `<circle cx="${places[i]?.[0].toFixed(1)}" cy="${places[i]?.[1].toFixed(1)}" r="3.5" fill="${BLUES[4]}"><title>${escapeMarkup(`${p.label}: ${options.money(p.value)}`)}</title></circle>`).join('')
    : '';
  const reference = options.reference
    ? `<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(options.reference.value).toFixed(1)}" y2="${y(options.reference.value).toFixed(1)}" stroke="#d4351c" stroke-dasharray="5 4"/><text x="${width - margin.right}" y="${(y(options.reference.value) - 5).toFixed(1)}" text-anchor="end" fill="#d4351c">${escapeMarkup(options.reference.label)}</text>`
    : '';
  return (
    `<svg class="chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="${options.id}-t ${options.id}-d" xmlns="http://www.w3.org/2000/svg" font-size="11" font-family="system-ui, sans-serif">` +
    `<title id="${options.id}-t">${escapeMarkup(options.title)}</title><desc id="${options.id}-d">${escapeMarkup(options.description)}</desc>` +
    `<g aria-hidden="true">${yTicks}${xLabels}${reference}<path d="${d}" fill="none" stroke="${BLUES[4]}" stroke-width="2"/>${dots}</g></svg>`
  );
}
