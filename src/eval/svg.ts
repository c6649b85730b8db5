/** A self-contained SVG line chart of a sweep: KBI, FAR₁ and CPI₁ after top-k, against k. */
import type { SweepResult } from './sweep.js';

const WIDTH = 640;
const HEIGHT = 380;
const PLOT = { left: 64, right: 600, top: 56, bottom: 316 };
const SERIES = [
  { key: 'kbi', label: 'KBI', color: '#1f77b4' },
  { key: 'far1', label: 'FAR₁', color: '#d62728' },
  { key: 'cpi1', label: 'CPI₁', color: '#2ca02c' },
] as const;

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The coarse-filter threshold the chart is drawn at: the best setting's, else the first. */
export function chartThreshold(sweep: SweepResult): number | null {
  const best = sweep.best === null ? undefined : sweep.rows[sweep.best];
  return best?.threshold ?? sweep.grid.thresholds[0] ?? null;
}

export function renderSweepSvg(sweep: SweepResult): string {
  const threshold = chartThreshold(sweep);
  const rows = sweep.rows.filter((r) => r.threshold === threshold).sort((a, b) => a.topK - b.topK);
  const x = (i: number): number =>
    rows.length <= 1 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + 20 + (i * (PLOT.right - PLOT.left - 40)) / (rows.length - 1);
  const y = (value: number): number => PLOT.bottom - (value / 100) * (PLOT.bottom - PLOT.top);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${WIDTH / 2}" y="24" text-anchor="middle" font-size="15">${escape(`KBI, FAR₁ and CPI₁ after top-k (coarse filter ≤ ${threshold ?? '—'})`)}</text>`,
    `<text x="${WIDTH / 2}" y="42" text-anchor="middle" fill="#555555">${escape('reviewer answers fixed; meta-reviewer and validator not re-run')}</text>`,
  ];
  for (let v = 0; v <= 100; v += 20) {
    parts.push(`<line x1="${PLOT.left}" y1="${y(v)}" x2="${PLOT.right}" y2="${y(v)}" stroke="#e0e0e0"/>`);
    parts.push(`<text x="${PLOT.left - 8}" y="${y(v) + 4}" text-anchor="end">${v}</text>`);
  }
  parts.push(`<line x1="${PLOT.left}" y1="${PLOT.bottom}" x2="${PLOT.right}" y2="${PLOT.bottom}" stroke="#333333"/>`);
  parts.push(`<line x1="${PLOT.left}" y1="${PLOT.top}" x2="${PLOT.left}" y2="${PLOT.bottom}" stroke="#333333"/>`);
  rows.forEach((r, i) => parts.push(`<text x="${x(i)}" y="${PLOT.bottom + 18}" text-anchor="middle">${r.topK}</text>`));
  parts.push(
    `<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 40}" text-anchor="middle">${escape('top-k (findings each reviewer keeps per slice)')}</text>`,
  );
  parts.push(
    `<text x="18" y="${(PLOT.top + PLOT.bottom) / 2}" text-anchor="middle" transform="rotate(-90 18 ${(PLOT.top + PLOT.bottom) / 2})">%</text>`,
  );
  for (const series of SERIES) {
    // A value that is undefined (no comment at all) breaks the line.
    let run: string[] = [];
    const flush = (): void => {
      if (run.length > 1) parts.push(`<polyline fill="none" stroke="${series.color}" stroke-width="2" points="${run.join(' ')}"/>`);
      run = [];
    };
    rows.forEach((r, i) => {
      const value = r.topk[series.key];
      if (value === null) return flush();
      run.push(`${x(i).toFixed(1)},${y(value).toFixed(1)}`);
      parts.push(
        `<circle cx="${x(i).toFixed(1)}" cy="${y(value).toFixed(1)}" r="3.5" fill="${series.color}"><title>${escape(`${series.label} at k=${r.topK}: ${value.toFixed(2)}`)}</title></circle>`,
      );
    });
    flush();
  }
  SERIES.forEach((series, i) => {
    const ly = PLOT.top + 8 + i * 18;
    parts.push(`<line x1="${PLOT.right - 70}" y1="${ly}" x2="${PLOT.right - 50}" y2="${ly}" stroke="${series.color}" stroke-width="2"/>`);
    parts.push(`<text x="${PLOT.right - 44}" y="${ly + 4}">${escape(series.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
