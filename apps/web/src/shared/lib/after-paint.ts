/**
 * Runs `run` in a task of its own once the browser has drawn its next frame; at once (in a task)
 * when the page is hidden, where no frame is drawn.
 */
export function afterNextPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') {
    setTimeout(run, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(run, 0));
}
