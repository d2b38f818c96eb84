import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Family } from '@lottery/rules/family';
import type { DrawNumbers, PlayDef } from '@lottery/rules/play';
import { playsOf } from '@lottery/rules/plays';
import { seededRandom } from '@lottery/rules/rtp';

/** Shared by bench/rules/count.ts and settle.ts: line pools, draws and the docs/bench.md writer. */

export const FAMILIES_BENCHED: Family[] = [
  'K3',
  'SSC',
  'FC3D',
  'PL35',
  'PK10',
  'BJ28',
  'STOCK',
  'SYX5',
  'KL8',
  'LHC',
];
export const LINES_PER_FAMILY = 1_000_000;
const POOL = 20_000;

export interface PooledLine {
  play: PlayDef;
  bettingNumber: string;
}

/** 20,000 quick-picked lines spread over every play of the family (cycled to reach 1,000,000). */
export function linePool(family: Family, seed = 1): PooledLine[] {
  const random = seededRandom(seed);
  const plays = playsOf(family);
  const out: PooledLine[] = [];
  for (let i = 0; i < POOL; i++) {
    const play = plays[i % plays.length]!;
    out.push({ play, bettingNumber: play.quickPick(random) });
  }
  return out;
}

/** A fixed, valid draw per family. */
export function sampleDraw(family: Family, play: PlayDef): DrawNumbers {
  switch (family) {
    case 'K3':
      return ['2', '2', '5'];
    case 'SSC':
    case 'STOCK':
      return ['3', '8', '1', '1', '6'];
    case 'PL35':
      return play.resultLength === 5 ? ['3', '8', '1', '1', '6'] : ['3', '8', '1'];
    case 'FC3D':
    case 'BJ28':
      return ['3', '8', '1'];
    case 'PK10':
      return ['03', '07', '01', '10', '05', '02', '04', '06', '08', '09'];
    case 'SYX5':
      return ['03', '07', '01', '10', '05'];
    case 'KL8':
      return Array.from({ length: 20 }, (_, i) => String(i * 4 + 1).padStart(2, '0'));
    case 'LHC':
      return ['01', '12', '23', '34', '45', '49', '07', '2026'];
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const BENCH_MD = resolve(here, '../../docs/bench.md');

/**
 * Replaces (or appends) the `### {key}` block inside the `## rules` section of docs/bench.md,
 * leaving every other section as it is.
 */
export function writeRulesReport(key: string, body: string): void {
  let text = existsSync(BENCH_MD) ? readFileSync(BENCH_MD, 'utf8') : '# Benchmarks\n';
  if (!/^## rules$/m.test(text)) text = `${text.trimEnd()}\n\n## rules\n`;
  const start = text.search(/^## rules$/m);
  const afterHeader = text.indexOf('\n', start) + 1;
  const nextSection = text.slice(afterHeader).search(/^## /m);
  const end = nextSection < 0 ? text.length : afterHeader + nextSection;
  let section = text.slice(afterHeader, end);
  const block = `### ${key}\n\n${body.trim()}\n\n`;
  const escaped = key.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`^### ${escaped}\\n[\\s\\S]*?(?=^### |(?![\\s\\S]))`, 'm');
  section = re.test(section) ? section.replace(re, block) : `${section.trimEnd()}\n\n${block}`;
  text = `${text.slice(0, afterHeader)}${section.replace(/^\n+/, '\n')}${text.slice(end)}`;
  writeFileSync(BENCH_MD, `${text.trimEnd()}\n`);
}

export function machineNote(): string {
  const load = loadavg()[0]!.toFixed(1);
  return `Node ${process.version}, one core (single-threaded loop), ${new Date().toISOString().slice(0, 10)}, ${cpus().length} CPUs shared with other work (1-minute load average ${load} when run); ${LINES_PER_FAMILY.toLocaleString('en')} lines per family cycled from ${POOL.toLocaleString('en')} quick-picked lines over every play. SYX5, KL8 and LHC are rules-C's plays, measured with the same loop (the parse cache applies to plays built with definePlay only).`;
}
