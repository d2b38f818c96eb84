/**
 * Toast, alert dialog and action sheet for code that runs on every page (the shell, the API
 * client's response rules, the service button). antd-mobile draws them with react-spring and
 * @use-gesture (about 26 KB gzipped), which the first screen does not need, so they load on first
 * use instead of with the entry chunk. Pages that already load antd-mobile import it directly.
 */
const loadWidgets = () => import('./feedback-widgets');

export type Widgets = Awaited<ReturnType<typeof loadWidgets>>;

/** The widgets themselves, for callers that need more than the helpers below. */
export function feedbackWidgets(): Promise<Widgets> {
  return loadWidgets();
}

export function showToast(content: string, duration?: number): void {
  void loadWidgets().then(
    ({ Toast }) => Toast.show(duration === undefined ? { content } : { content, duration }),
    // Offline before the widgets ever loaded: the page that asked says it in place (RouteErrorPage).
    () => undefined,
  );
}

/** An alert with the spec's single 确定 button; resolves when it is closed. */
export async function showAlert(content: string): Promise<void> {
  const { Dialog } = await loadWidgets();
  await Dialog.alert({ content, confirmText: '确定' });
}
