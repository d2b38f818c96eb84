// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { cleanDigits, DigitInput } from './digit-input';

describe('cleanDigits', () => {
  it.each([
    ['12', '', '12'],
    ['abc', '', ''],
    ['12a', '12', '12'],
    ['a12', '5', '5'],
    ['1.5', '1', ''],
    ['2.', '2', ''],
    ['.5', '', ''],
    ['-1', '', ''],
    ['-', '', ''],
    [' 1 2 ', '', '12'],
    ['\u3000３', '', '3'],
    ['１２３', '', '123'],
    ['金额100元', '7', '7'],
    ['', '9', ''],
    ['0', '', ''],
    ['000', '', ''],
    ['007', '', '7'],
    ['1000000', '', '1000000'],
    ['1000001', '', '1000000'],
    ['99999999999999999999', '', '1000000'],
    ['1e5', '3', '3'],
    ['0x10', '3', '3'],
  ])('%j over %j is %j', (raw, previous, expected) => {
    expect(cleanDigits(raw, previous)).toBe(expected);
  });

  it('caps at a smaller max', () => {
    expect(cleanDigits('120', '', 99)).toBe('99');
  });
});

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <DigitInput aria-label="单注金额" value={value} onChange={setValue} />
      <output data-testid="used">{value}</output>
    </>
  );
}

describe('DigitInput', () => {
  it('shows exactly the value the page uses, whatever is typed or pasted', () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    act(() => root.render(<Harness />));
    const box = host.querySelector('input[aria-label="单注金额"]') as HTMLInputElement;
    const used = host.querySelector('output') as HTMLOutputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    // As a keystroke or a paste does: the browser writes the text, then React hears an input event.
    const type = (text: string) =>
      act(() => {
        setter?.call(box, text);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
    expect(box.inputMode).toBe('numeric');
    for (const [text, shown] of [
      ['1', '1'],
      ['1a', '1'],
      ['1.5', ''],
      ['2', '2'],
      ['2.', ''],
      ['abc', ''],
      ['０５', '5'],
      ['  8 ', '8'],
      ['-1', ''],
      ['0012', '12'],
      ['12345678', '1000000'],
      ['', ''],
    ] as const) {
      type(text);
      expect(box.value).toBe(shown);
      expect(used.textContent).toBe(shown);
    }
    act(() => root.unmount());
  });
});
