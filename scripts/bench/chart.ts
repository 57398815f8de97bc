import type { Browser } from 'playwright-core';
import { GOALS, VERSUS, sizeLabel, type Report } from './report.js';

interface Bar {
  value: number;
  color: string;
  text: string;
}

interface Row {
  label: string;
  bars: Bar[];
  /** The row's own limit (a budget), drawn as a tick. */
  limit?: number;
}

const WIDTH = 940;
const LABEL = 300;
const BAR = 14;
const COLORS = ['#90caf9', '#1e88e5', '#0d47a1'];
const MISSED = '#e53935';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A horizontal bar chart; `limit` draws a dashed line across every row. */
function barChart(
  title: string,
  rows: Row[],
  options: { limit?: number; limitText?: string; legend?: string[] },
) {
  const values = rows.flatMap((row) => [...row.bars.map((bar) => bar.value), row.limit ?? 0]);
  const max = Math.max(options.limit ?? 0, ...values.filter(Number.isFinite)) * 1.35 || 1;
  const plot = WIDTH - LABEL - 20;
  const x = (value: number) => LABEL + (Math.min(value, max) / max) * plot;
  const rowHeight = (row: Row) => row.bars.length * (BAR + 2) + 8;
  const height = 50 + rows.reduce((sum, row) => sum + rowHeight(row), 0) + 24;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<text x="0" y="18" font-size="15" font-weight="600">${escape(title)}</text>`,
  ];
  if (options.legend) {
    options.legend.forEach((name, i) => {
      parts.push(
        `<rect x="${LABEL + i * 110}" y="28" width="12" height="12" fill="${COLORS[i % COLORS.length]}"/>`,
        `<text x="${LABEL + i * 110 + 16}" y="38">${escape(name)}</text>`,
      );
    });
  }
  let y = 50;
  for (const row of rows) {
    const h = rowHeight(row);
    parts.push(
      `<text x="${LABEL - 8}" y="${y + h / 2}" text-anchor="end" dominant-baseline="middle">${escape(row.label)}</text>`,
    );
    row.bars.forEach((bar, i) => {
      const top = y + 4 + i * (BAR + 2);
      const w = Number.isFinite(bar.value) ? Math.max(1, x(bar.value) - LABEL) : 0;
      parts.push(
        `<rect x="${LABEL}" y="${top}" width="${w}" height="${BAR}" fill="${bar.color}"/>`,
        `<text x="${LABEL + w + 4}" y="${top + BAR - 3}" font-size="11">${escape(bar.text)}</text>`,
      );
    });
    if (row.limit !== undefined) {
      parts.push(
        `<line x1="${x(row.limit)}" x2="${x(row.limit)}" y1="${y + 1}" y2="${y + h - 1}" stroke="#000" stroke-width="2"/>`,
      );
    }
    y += h;
  }
  if (options.limit !== undefined) {
    parts.push(
      `<line x1="${x(options.limit)}" x2="${x(options.limit)}" y1="46" y2="${y}" stroke="${MISSED}" stroke-dasharray="4 3"/>`,
      `<text x="${x(options.limit) + 4}" y="${y + 16}" fill="${MISSED}">${escape(options.limitText ?? '')}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/** The charts of a report as one HTML page. */
export function chartHtml(report: Report): string {
  const sizes = report.options.sizes;
  const largest = Math.max(...sizes);
  // The minimal-server comparison (bench `versus`) is a ratio to another server, not a share of the bare route: its
  // own table in the report shows it.
  const postgres = report.api.filter((row) => row.database === 'postgres' && row.bench !== VERSUS);
  const scenarios = [...new Set(postgres.map((row) => `${row.bench}: ${row.scenario}`))];
  const charts: string[] = [];
  const atLargest = [
    ...postgres.filter((row) => row.serialNumbers === largest && row.kind !== 'baseline'),
    // Benchmarks without a data set (upload streaming), against their own ceiling.
    ...report.api.filter((row) => row.serialNumbers === 0 && row.kind !== 'baseline'),
  ];
  if (atLargest.length > 0) {
    charts.push(
      barChart(
        `Throughput as a share of the bare Fastify route — PostgreSQL, ${sizeLabel(largest)}, ${report.options.clients} clients (uploads: of their own ceiling)`,
        atLargest.map((row) => ({
          label: `${row.bench}: ${row.scenario}`,
          bars: [
            {
              value: row.shareOfBare * 100,
              color: row.shareOfBare >= GOALS.throughputShareOfBare ? COLORS[1]! : MISSED,
              text: `${(row.shareOfBare * 100).toFixed(0)} % (${row.rps.toFixed(0)} req/s)`,
            },
          ],
        })),
        {
          limit: GOALS.throughputShareOfBare * 100,
          limitText: `goal ≥ ${GOALS.throughputShareOfBare * 100} %`,
        },
      ),
    );
  }
  if (postgres.length > 0) {
    charts.push(
      barChart(
        'p99 latency (ms) by data set — PostgreSQL',
        scenarios.map((name) => ({
          label: name,
          bars: sizes.map((size, i) => {
            const row = postgres.find(
              (r) => `${r.bench}: ${r.scenario}` === name && r.serialNumbers === size,
            );
            return {
              value: row?.p99 ?? NaN,
              color: COLORS[i % COLORS.length]!,
              text: row ? row.p99.toFixed(1) : 'not run',
            };
          }),
        })),
        {
          limit: GOALS.listP99Ms,
          limitText: `list goal < ${GOALS.listP99Ms} ms`,
          legend: sizes.map(sizeLabel),
        },
      ),
    );
  }
  if (report.front.length > 0) {
    charts.push(
      barChart(
        'Front end: gzip JavaScript (KB) of a cold first load; black tick: budget',
        report.front.map((row) => ({
          label: row.route,
          limit: row.maxScriptGzip / 1024,
          bars: [
            {
              value: row.scriptGzip / 1024,
              color: row.scriptGzip <= row.maxScriptGzip ? COLORS[1]! : MISSED,
              text: `${(row.scriptGzip / 1024).toFixed(1)} KB`,
            },
          ],
        })),
        {},
      ),
      barChart(
        `Front end: largest contentful paint and total blocking time (ms), CPU ${report.options.cpuSlowdown}× slower`,
        report.front
          .filter((row) => !row.timingsWithheld && !row.timingsOnBusyMachine)
          .map((row) => ({
            label: row.route,
            ...(row.maxLcpMs ? { limit: row.maxLcpMs } : {}),
            bars: [
              {
                value: row.lcpMs,
                color: row.maxLcpMs && row.lcpMs >= row.maxLcpMs ? MISSED : COLORS[1]!,
                text: `LCP ${row.lcpMs.toFixed(0)}`,
              },
              { value: row.tbtMs, color: COLORS[0]!, text: `TBT ${row.tbtMs.toFixed(0)}` },
            ],
          })),
        {},
      ),
    );
  }
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 16px; background: #fff; color: #222; font-family: system-ui, sans-serif; }
    h1 { font-size: 18px; margin: 0 0 4px; } p { margin: 0 0 16px; font-size: 12px; color: #555; }
    svg { display: block; margin-bottom: 18px; }
  </style></head><body>
    <h1>Developer portal benchmark, ${escape(report.startedAt.slice(0, 10))}</h1>
    <p>${escape(`${report.machine.cpu}, ${report.machine.cores} cores; ${report.machine.postgres ?? ''}; commit ${report.commit}`)}</p>
    ${charts.join('\n')}
  </body></html>`;
}

/** Renders the charts in Chromium and saves them as a PNG. */
export async function writeChartPng(browser: Browser, report: Report, file: string) {
  const page = await browser.newPage({ viewport: { width: WIDTH + 40, height: 600 } });
  try {
    await page.setContent(chartHtml(report));
    await page.screenshot({ path: file, fullPage: true });
  } finally {
    await page.close();
  }
}
