/**
 * `code` with `files` left out of its preload lists: the list of files Vite writes once per chunk
 * (`m.f=[...]`) and the indexes into it each import() passes (`__vite__mapDeps([...])`).
 */
export function withoutPreloads(code: string, files: ReadonlySet<string>): string {
  const list = /m\.f\s*=\s*(\[[^\]]*\])/.exec(code);
  if (!list?.[1]) return code;
  const listed: string[] = JSON.parse(list[1]);
  const renumbered: (number | undefined)[] = [];
  const kept: string[] = [];
  for (const [index, file] of listed.entries()) {
    if (files.has(file)) continue;
    renumbered[index] = kept.length;
    kept.push(file);
  }
  if (kept.length === listed.length) return code;
  return code
    .replace(list[0], list[0].replace(list[1], JSON.stringify(kept)))
    .replace(/__vite__mapDeps\(\[([\d,\s]*)\]\)/g, (_call, indexes: string) => {
      const mapped = indexes
        .split(',')
        .filter((index) => index.trim() !== '')
        .map((index) => renumbered[Number(index)])
        .filter((index) => index !== undefined);
      return `__vite__mapDeps([${mapped.join(',')}])`;
    });
}
