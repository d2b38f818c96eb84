import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, firstScreenShown, holdUntilFirstScreenShown } from './first-screen';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterFirstScreen', () => {
  afterEach(() => firstScreenShown());

  it('starts the load at once when nothing holds the gate (tests, later pages)', async () => {
    const load = vi.fn(async (n: number) => n * 2);
    await expect(afterFirstScreen(load)(21)).resolves.toBe(42);
    expect(load).toHaveBeenCalledWith(21);
  });

  it('starts a held load only once the first screen is shown, with its arguments', async () => {
    holdUntilFirstScreenShown();
    const load = vi.fn(async (n: number) => n + 1);
    const answer = afterFirstScreen(load)(1);
    await settle();
    expect(load).not.toHaveBeenCalled();
    firstScreenShown();
    await expect(answer).resolves.toBe(2);
    expect(load).toHaveBeenCalledWith(1);
  });
});
