import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes commas, quotes and line breaks, and ends with CRLF', () => {
    expect(csvLine([1, 'a,b', 'say "hi"', 'x\ny'])).toBe('1,"a,b","say ""hi""","x\ny"\r\n');
  });

  it('keeps a cell a spreadsheet would run as a formula as text', () => {
    expect(csvLine(['=SUM(A1:A9)', '+1+1', '-1+cmd', '@x', '\tx', '-', '-150.00.5'])).toBe(
      "'=SUM(A1:A9),'+1+1,'-1+cmd,'@x,'\tx,'-,'-150.00.5\r\n",
    );
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe(`"'=HYPERLINK(""http://x"",""y"")"\r\n`);
  });

  it('leaves plain numbers alone, negative amounts too, so a spreadsheet can sum them', () => {
    expect(csvLine(['-150.00', '150.00', '-3', '0', -2, '12345678901234567890'])).toBe(
      '-150.00,150.00,-3,0,-2,12345678901234567890\r\n',
    );
  });
});
