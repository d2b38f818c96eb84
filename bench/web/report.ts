import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INITIAL_JS_BUDGET_GZIP_BYTES, type RouteJs } from '../../apps/web/build/initial-js';

/** Figures and docs/bench.md writer for bench/web/lighthouse.ts. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the host's CPU speed (higher is faster), taken before each run. */
  benchmarkIndex: number;
  failedA11y: string[];
}

export interface PageRuns {
  label: string;
  runs: RunFigures[];
}

export interface WebBench {
  date: string;
  cpus: string;
  load: string;
  chromium: string;
  pages: PageRuns[];
  budget: RouteJs[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function pageRow({ label, runs }: PageRuns): string {
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const perf = runs.map((run) => run.performance).join(' / ');
  return (
    `| ${label} | **${of((r) => r.performance)}** (${perf}) | ${of((r) => r.accessibility)} | ` +
    `${(of((r) => r.fcpMs) / 1000).toFixed(2)} s | ${(of((r) => r.lcpMs) / 1000).toFixed(2)} s | ` +
    `${Math.round(of((r) => r.tbtMs))} ms | ${of((r) => r.cls).toFixed(3)} |`
  );
}

export function renderWebSection(bench: WebBench): string {
  const budget = bench.budget
    .map((route) => `| ${route.route} | ${kb(route.gzipBytes)} KB | ${route.files.length} |`)
    .join('\n');
  const indexes = bench.pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex));
  return `## web

\`npm run bench:web\` (bench/web/lighthouse.ts) — ${bench.date}, ${bench.cpus}, 1-minute load
average ${bench.load} at the end of the run (other work shares the machine), Chromium
${bench.chromium} headless. The server runs as \`npm start\` runs it (tsx, demo seed, fresh PGlite
in a temp DATA_DIR) on 127.0.0.1; Lighthouse 12 default **mobile** preset (simulated slow 4G,
4x CPU slowdown, 412x823 screen), cold cache each run, ${bench.pages[0]?.runs.length ?? 0} runs per page,
figures are medians (performance also lists each run). /home is opened as a visitor, the play
page signed in as player01 (signed in through the login page before the runs). Each page's runs
start once the machine is quiet (under 25 % CPU over 3 s after the server's start-up work).
Lighthouse's \`benchmarkIndex\` of this host during the runs: ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}
(the 4x slowdown is applied whatever the host's speed; a faster host scores higher).

| page | performance | accessibility | FCP | LCP | TBT | CLS |
|---|---:|---:|---:|---:|---:|---:|
${bench.pages.map(pageRow).join('\n')}

Aims: performance ≥ 95, accessibility ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.05. Before the
issue-10 work (issue 10, same preset, no compression): /home 53–58 (accessibility 88), LCP 7.0 s;
/lottery/K3/1401 43, LCP 8.1 s; 228.5 KB of gzipped JavaScript before /home could paint.

Initial-route JavaScript (entry chunk + the route's page chunk + their static imports, from
dist/.vite/manifest.json, gzip -9; budget ${kb(INITIAL_JS_BUDGET_GZIP_BYTES)} KB, enforced by
apps/web/build/initial-js.test.ts):

| route | JS gzipped | files |
|---|---:|---:|
${budget}
`;
}

/** Replaces (or appends) the `## web` section of docs/bench.md, leaving other sections alone. */
export function writeWebSection(markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  // up to the next heading: the section's `###` blocks written by hand stay
  const sectionPattern = /## web\n[\s\S]*?(?=\n##+ |$)/;
  const next = sectionPattern.test(text)
    ? text.replace(sectionPattern, `${markdown.trim()}\n`)
    : `${text.trimEnd()}\n\n${markdown.trim()}\n`;
  writeFileSync(file, next);
}
