/**
 * Reads, imports and pictures that the app's first screen does not draw (the play page's rebate and
 * balance, the site config, the 最高可中 rules, the hall's later banners) start once that screen is
 * shown (issue 10). Asked for as the first render's effects ran, they were answered in the frames
 * before the page's largest text or picture reached the screen, on the phone's connections, and
 * Lighthouse's simulation put each one's round trip (or bytes) on the way to LCP.
 *
 * The gate is open unless main.tsx holds it while the app starts: in tests, and on every page
 * after the first, they start at once.
 */
let shown: Promise<void> = Promise.resolve();
let show: () => void = () => {};
let open = true;

/** Closes the gate until `firstScreenShown` (main.tsx, before its first render). */
export function holdUntilFirstScreenShown(): void {
  open = false;
  shown = new Promise<void>((resolve) => {
    show = resolve;
  });
}

/** Opens the gate: the first screen is on show (main.tsx, after the frame that drew it). */
export function firstScreenShown(): void {
  open = true;
  show();
}

/** Whether the gate is open: what a component's first render can draw at once. */
export function isFirstScreenShown(): boolean {
  return open;
}

/** Resolves once the first screen is shown (at once when the gate is open). */
export function whenFirstScreenShown(): Promise<void> {
  return shown;
}

/** `load`, started once the first screen is shown. */
export function afterFirstScreen<A extends unknown[], T>(
  load: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  return async (...args) => {
    await whenFirstScreenShown();
    return load(...args);
  };
}
