/**
 * One CSV line (RFC 4180, CRLF). A cell is quoted when it holds a comma, quote or line break; a
 * cell that a spreadsheet would run as a formula (= + - @ or a tab first) gets a leading ' so that
 * an actor's reason or user agent cannot become a formula in the reader's spreadsheet. A plain
 * decimal (`-150.00`) is left as it is: it is no formula, and the reader must be able to sum it.
 */
export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
