import { setParseCache } from '@lottery/rules/plays/common';
import {
  FAMILIES_BENCHED,
  LINES_PER_FAMILY,
  linePool,
  machineNote,
  sampleDraw,
  writeRulesReport,
} from './lines';

/**
 * Lines settled per second per family: `npx tsx bench/rules/settle.ts`. Two runs per family:
 * every line parsed from its text (parse cache off), and with the per-play parse cache on (what a
 * real issue sees when many players bet the same lines). Families of rules-C (SYX5, KL8, LHC) are
 * measured the same way where their plays use the shared definePlay.
 */

function run(family: (typeof FAMILIES_BENCHED)[number]): { perSec: number; perCpuSec: number; wins: number } {
  const pool = linePool(family);
  const draws = pool.map((l) => sampleDraw(family, l.play));
  for (let i = 0; i < pool.length; i++) pool[i]!.play.settle(pool[i]!.bettingNumber, draws[i]!);
  let wins = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < LINES_PER_FAMILY; i++) {
    const j = i % pool.length;
    const l = pool[j]!;
    if (l.play.settle(l.bettingNumber, draws[j]!).hits.length) wins++;
  }
  const ns = Number(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuUs = cpu.user + cpu.system;
  return {
    perSec: Math.round((LINES_PER_FAMILY / ns) * 1e9),
    perCpuSec: Math.round((LINES_PER_FAMILY / cpuUs) * 1e6),
    wins,
  };
}

const rows: string[] = [];
for (const family of FAMILIES_BENCHED) {
  setParseCache(false);
  const cold = run(family);
  setParseCache(true);
  const warm = run(family);
  const f = (n: number) => n.toLocaleString('en');
  console.log(
    `${family.padEnd(6)} parsed ${f(cold.perCpuSec).padStart(11)}/cpu-s ${f(cold.perSec).padStart(11)}/s   cached ${f(warm.perCpuSec).padStart(11)}/cpu-s ${f(warm.perSec).padStart(11)}/s  (${cold.wins} winning)`,
  );
  rows.push(
    `| ${family} | ${f(cold.perCpuSec)} | ${f(cold.perSec)} | ${f(warm.perCpuSec)} | ${f(warm.perSec)} | ${f(cold.wins)} |`,
  );
}
writeRulesReport(
  'settle (bench/rules/settle.ts)',
  `${machineNote()}\n\nPer CPU-second = lines / (user + system CPU time of the loop): the per-core rate, less\ndistorted by other work on the machine than the wall-clock rate.\n\n| family | settled / CPU-s, every line parsed | settled / s wall | settled / CPU-s, parse cache on | settled / s wall, cache on | winning lines of 1M |\n|---|---:|---:|---:|---:|---:|\n${rows.join('\n')}`,
);
