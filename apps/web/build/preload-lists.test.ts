import { describe, expect, it } from 'vitest';
import { withoutPreloads } from './preload-lists';

// What Vite writes at the top of a chunk that loads others with import(), and one such call.
const CHUNK = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/page-A.js","assets/c1.js","assets/libs-X.css","assets/page-B.js","assets/page-B.css"])))=>i.map(i=>d[i]);',
  'const a=()=>import(`./page-A.js`),__vite__mapDeps([0,1,2]);',
  'const b=()=>import(`./page-B.js`),__vite__mapDeps([3,2,4,1]);',
].join('\n');

const listed = (code: string) => JSON.parse(/m\.f=(\[[^\]]*\])/.exec(code)![1]!) as string[];
const calls = (code: string) => [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].map((m) => m[1]);

describe('withoutPreloads', () => {
  it('leaves the files out of the list and renumbers each call to the same files', () => {
    const code = withoutPreloads(CHUNK, new Set(['assets/libs-X.css']));
    const files = listed(code);
    expect(files).toEqual(['assets/page-A.js', 'assets/c1.js', 'assets/page-B.js', 'assets/page-B.css']);
    const [a, b] = calls(code).map((ids) => ids!.split(',').map((id) => files[Number(id)]));
    expect(a).toEqual(['assets/page-A.js', 'assets/c1.js']);
    expect(b).toEqual(['assets/page-B.js', 'assets/page-B.css', 'assets/c1.js']);
  });

  it('keeps a chunk as it is when none of the files is listed, or it has no list', () => {
    expect(withoutPreloads(CHUNK, new Set(['assets/other.css']))).toBe(CHUNK);
    expect(withoutPreloads('export const x = 1;', new Set(['assets/libs-X.css']))).toBe(
      'export const x = 1;',
    );
  });
});
