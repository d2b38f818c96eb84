import { useState } from 'react';

/**
 * True from the first time `visible` is true: a lazily loaded sheet is mounted when first opened
 * (not on the first paint, so the server's markup and the first browser render hold no trace of
 * it) and stays mounted, so it closes with its animation.
 */
export function useOpenedOnce(visible: boolean): boolean {
  const [opened, setOpened] = useState(visible);
  if (visible && !opened) setOpened(true);
  return opened || visible;
}
