import type { Distribution } from './results.js';

/**
 * A latency distribution chart as SVG, in the HdrHistogram style: the percentile on the x axis spread
 * as 1 / (1 − p) (so 90, 99, 99.9 and 99.99 sit at equal steps), latency on the y axis, one line per
 * distribution. Hand-written because it is ~100 lines and a plotting library would pull a DOM or a canvas in.
 */
const WIDTH = 760;
const PLOT = { left: 70, right: 20, top: 40, bottom: 60 };
const LINE_HEIGHT = 18;
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];
/** The rightmost tick: 100 itself is at infinity on this axis, so the maximum is drawn at 99.999. */
const X_TICKS = [0, 90, 99, 99.9, 99.99, 99.999];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const spread = (percentile: number) => Math.log10(1 / (1 - Math.min(percentile, 99.999) / 100));
const round = (n: number) => Math.round(n * 10) / 10;

function yScale(values: number[]) {
  const max = Math.max(...values, 0.001);
  const min = Math.max(Math.min(...values.filter((v) => v > 0)), 0.001);
  // Several decades apart (a tail a hundred times the median): a log axis keeps both readable.
  if (max / min > 100) {
    const low = Math.floor(Math.log10(min));
    const high = Math.ceil(Math.log10(max));
    const ticks = Array.from({ length: high - low + 1 }, (_, i) => 10 ** (low + i));
    return { ticks, at: (v: number) => (Math.log10(Math.max(v, 10 ** low)) - low) / (high - low || 1), log: true };
  }
  const step = niceStep(max / 5);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  return { ticks, at: (v: number) => v / top, log: false };
}

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10;
  return step * magnitude;
}

const label = (ms: number) => (ms >= 1000 ? `${ms / 1000} s` : ms >= 1 ? `${ms} ms` : `${Math.round(ms * 1000)} µs`);

export function latencyChart(title: string, series: Record<string, Distribution>): string {
  const entries = Object.entries(series);
  const legendHeight = entries.length * LINE_HEIGHT + 10;
  const height = 360 + legendHeight;
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = height - PLOT.top - PLOT.bottom - legendHeight;
  const y = yScale(entries.flatMap(([, d]) => d.points.map((p) => p.ms)));
  const xMax = spread(99.999);
  const px = (percentile: number) => round(PLOT.left + (spread(percentile) / xMax) * plotWidth);
  const py = (ms: number) => round(PLOT.top + plotHeight - y.at(ms) * plotHeight);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>`,
  ];
  for (const tick of y.ticks) {
    parts.push(`<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${py(tick)}" y2="${py(tick)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${PLOT.left - 6}" y="${py(tick) + 4}" text-anchor="end">${escape(label(Number(tick.toPrecision(3))))}</text>`);
  }
  for (const tick of X_TICKS) {
    parts.push(`<line x1="${px(tick)}" x2="${px(tick)}" y1="${PLOT.top}" y2="${PLOT.top + plotHeight}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${px(tick)}" y="${PLOT.top + plotHeight + 16}" text-anchor="middle">${tick === 99.999 ? 'max' : `${tick}%`}</text>`);
  }
  parts.push(`<text x="${PLOT.left + plotWidth / 2}" y="${PLOT.top + plotHeight + 36}" text-anchor="middle">percentile</text>`);
  parts.push(`<text transform="translate(16 ${PLOT.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">latency${y.log ? ' (log scale)' : ''}</text>`);
  parts.push(`<rect x="${PLOT.left}" y="${PLOT.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`);
  entries.forEach(([name, distribution], i) => {
    const color = COLORS[i % COLORS.length]!; // an index modulo the length
    const points = distribution.points.map((p) => `${px(p.percentile)},${py(p.ms)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    const legendY = PLOT.top + plotHeight + 52 + i * LINE_HEIGHT;
    parts.push(`<line x1="${PLOT.left}" x2="${PLOT.left + 24}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${color}" stroke-width="3"/>`);
    const p50 = distribution.points.find((p) => p.percentile === 50)?.ms;
    const p99 = distribution.points.find((p) => p.percentile === 99)?.ms;
    parts.push(`<text x="${PLOT.left + 32}" y="${legendY}">${escape(`${name} (n = ${distribution.count}, p50 ${p50} ms, p99 ${p99} ms)`)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
