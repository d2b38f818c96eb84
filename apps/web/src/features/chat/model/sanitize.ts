/**
 * The room introduction arrives sanitised by the server (docs/chat.md). The browser applies the same
 * allow-list again before it goes into the page, so a bug on either side alone cannot run script.
 */
const ALLOWED = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'SPAN',
  'DIV',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'A',
  'IMG',
  'FONT',
]);
const ATTRS: Record<string, string[]> = { A: ['href'], IMG: ['src'], FONT: ['color'] };

function safeUrl(value: string): boolean {
  return /^(https?:|\/(?!\/))/i.test(value.trim());
}

export function sanitizeIntro(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const walk = (node: Element) => {
    for (const child of [...node.children]) {
      if (!ALLOWED.has(child.tagName)) {
        child.remove();
        continue;
      }
      for (const attr of [...child.attributes]) {
        const ok =
          ATTRS[child.tagName]?.includes(attr.name) && (attr.name === 'color' || safeUrl(attr.value));
        if (!ok) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') child.setAttribute('rel', 'noopener noreferrer');
      walk(child);
    }
  };
  walk(root);
  return root.innerHTML;
}
