/**
 * What the manual-entry box (单式) tells the player about separators, as packages/rules parses it:
 * - one-digit plays (时时彩, 3D, 排列): a ticket is its digits written together (`123`); a comma, a
 *   semicolon or a space ends a ticket;
 * - two-digit plays (11选5, 赛车): a ticket's numbers are joined by commas or written together
 *   (`01,02,03` or `010203`); only a semicolon or a space ends a ticket.
 * The cleaning line is spec/betting.md §5's rule in its words.
 */
export function manualEntryHint(ticketLength: number, numbers: readonly string[]) {
  const twoDigit = numbers.some((n) => n.length === 2);
  const example = twoDigit
    ? numbers.slice(0, ticketLength).join(',')
    : numbers.slice(1, ticketLength + 1).join('');
  const placeholder = twoDigit
    ? `每注${ticketLength}个号码，号码之间用逗号隔开（或连写），如${example}；注与注之间用分号或空格隔开`
    : `每注${ticketLength}个数字连写，如${example}；注与注之间用逗号、分号或空格隔开`;
  return { placeholder, cleaning: '只保留数字、逗号、分号和空格；全角逗号、分号自动转换' };
}
