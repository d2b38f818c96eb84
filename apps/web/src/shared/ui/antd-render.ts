import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast/Dialog/ActionSheet with the legacy ReactDOM.render unless told
 * otherwise; React 19 removed it, so hand it createRoot. main.tsx imports this module first, so
 * it runs once, before anything can show a toast (the legacy renderer itself is stubbed out of the
 * build: build/antd-legacy-render.ts).
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
