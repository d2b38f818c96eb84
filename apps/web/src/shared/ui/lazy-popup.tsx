import type { PopupProps } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';

const Popup = lazy(async () => ({ default: (await import('./popup-widget')).Popup }));

/**
 * antd-mobile's Popup, loaded the first time it opens: its animation stack (react-spring and
 * @use-gesture, about 26 KB gzipped) is not needed to paint a page whose popups start closed
 * (issue 10). Once opened it stays mounted, so it closes with its animation like a plain Popup.
 */
export function LazyPopup(props: PopupProps) {
  const [opened, setOpened] = useState(false);
  if (props.visible && !opened) setOpened(true);
  if (!opened && !props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Popup {...props} />
    </Suspense>
  );
}
