/**
 * Runs `run` in a task of its own once the browser has drawn its next frame and begun the one
 * after (two animation frames): by then the first frame is on screen, not only committed. At once
 * (in a task) when the page is hidden, where no frame is drawn.
 */
export function afterNextPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
}
