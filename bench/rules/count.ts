import { setParseCache } from '@lottery/rules/plays/common';
import { FAMILIES_BENCHED, LINES_PER_FAMILY, linePool, machineNote, writeRulesReport } from './lines';

/** Lines validated and counted per second per family, every line parsed: `npx tsx bench/rules/count.ts`. */

setParseCache(false);

const rows: string[] = [];
for (const family of FAMILIES_BENCHED) {
  const pool = linePool(family);
  for (const l of pool) l.play.count(l.bettingNumber);
  let notes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < LINES_PER_FAMILY; i++) {
    const l = pool[i % pool.length]!;
    notes += l.play.count(l.bettingNumber);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  const cpu = process.cpuUsage(cpu0);
  const cpuUs = cpu.user + cpu.system;
  const linesPerSec = Math.round((LINES_PER_FAMILY / cpuUs) * 1e6);
  const notesPerSec = Math.round((notes / cpuUs) * 1e6);
  const wallPerSec = Math.round((LINES_PER_FAMILY / ns) * 1e9);
  const f = (n: number) => n.toLocaleString('en');
  console.log(
    `${family.padEnd(6)} ${f(linesPerSec).padStart(12)} lines/cpu-s ${f(notesPerSec).padStart(14)} notes/cpu-s ${f(wallPerSec).padStart(12)} lines/s wall`,
  );
  rows.push(`| ${family} | ${f(linesPerSec)} | ${f(notesPerSec)} | ${f(wallPerSec)} |`);
}
writeRulesReport(
  'count (bench/rules/count.ts)',
  `${machineNote()}\n\n| family | lines counted / CPU-s | notes counted / CPU-s | lines counted / s wall |\n|---|---:|---:|---:|\n${rows.join('\n')}`,
);
