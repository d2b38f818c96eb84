import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Replaces (or appends) `### {key}` inside the `## {section}` section of docs/bench.md; a missing
 * section is appended at the END of the file. The same writer as bench/betting/report.ts's
 * writeBettingBlock, for any section; only that section of the file changes.
 */
export function writeBenchBlock(section: string, key: string, markdown: string): void {
  const file = fileURLToPath(new URL('../../docs/bench.md', import.meta.url));
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sectionPattern = new RegExp(`## ${literal(section)}\\n[\\s\\S]*?(?=\\n## |$)`);
  if (!sectionPattern.test(text)) text = `${text.trimEnd()}\n\n## ${section}\n`;
  const current = sectionPattern.exec(text)![0];
  const block = `### ${key}\n\n${markdown.trim()}\n`;
  const blockPattern = new RegExp(`### ${literal(key)}\\n[\\s\\S]*?(?=\\n### |$)`);
  const next = blockPattern.test(current)
    ? current.replace(blockPattern, block)
    : `${current.trimEnd()}\n\n${block}`;
  const out = text.replace(sectionPattern, () => `${next.trimEnd()}\n`);
  writeFileSync(file, out.endsWith('\n') ? out : `${out}\n`);
}
