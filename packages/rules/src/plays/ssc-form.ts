/**
 * 三个数字的形态: 豹子 (xxx) > 顺子 (three consecutive, 0 and 9 adjacent: 890, 901) > 对子 (two
 * equal) > 半顺 (two adjacent digits) > 杂六 (anything else). Each draw has exactly one form.
 */
export function formOf(a: number, b: number, c: number): Form {
  return FORM_TABLE[a * 100 + b * 10 + c]!;
}

export type Form = 'leopard' | 'straight' | 'pair' | 'halfStraight' | 'mixed';

function classify(a: number, b: number, c: number): Form {
  if (a === b && b === c) return 'leopard';
  if (a === b || b === c || a === c) return 'pair';
  const s = [a, b, c].sort((x, y) => x - y);
  const adj = (x: number, y: number) => (y - x + 10) % 10 === 1 || (x - y + 10) % 10 === 1;
  const pairs = [adj(s[0]!, s[1]!), adj(s[1]!, s[2]!), adj(s[0]!, s[2]!)].filter(Boolean).length;
  if (pairs >= 2) return 'straight';
  if (pairs === 1) return 'halfStraight';
  return 'mixed';
}

const FORM_TABLE: readonly Form[] = Array.from({ length: 1000 }, (_, n) =>
  classify(Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10),
);
