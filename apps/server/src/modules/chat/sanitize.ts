/**
 * Allow-list HTML sanitiser for room introductions (shown as HTML by the web). Keeps a few
 * formatting tags and safe attributes; drops everything else, including the content of script,
 * style and similar elements. Output is rebuilt from parsed tokens, never copied through.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
  'img',
  'font',
]);
const VOID_TAGS = new Set(['br', 'img']);
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
]);
const ALLOWED_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title']),
  img: new Set(['src', 'alt', 'width', 'height']),
  font: new Set(['color']),
};
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#)/i;
const SAFE_COLOR = /^#?[0-9a-zA-Z]{1,20}$/;
const MAX_INPUT = 50_000;

const escapeText = (s: string) =>
  s
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d) % 0x110000))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function cleanAttrs(tag: string, raw: string): string {
  const allowed = ALLOWED_ATTRS[tag];
  if (!allowed) return '';
  const out: string[] = [];
  const re = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of raw.matchAll(re)) {
    const name = m[1]!.toLowerCase();
    if (!allowed.has(name)) continue;
    // Decode first so entity-encoded schemes (&#106;avascript:) are seen for what they are.
    // Control characters and spaces inside a URL hide its scheme from naive checks: drop them.
    const value = [...decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')]
      .filter((c) => c === ' ' || c.charCodeAt(0) > 0x20)
      .join('');
    if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) continue;
    if (name === 'color' && !SAFE_COLOR.test(value)) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value)) continue;
    out.push(` ${name}="${escapeAttr(value)}"`);
    if (name === 'href') out.push(' rel="noopener noreferrer" target="_blank"');
  }
  return out.join('');
}

export function sanitizeHtml(input: string): string {
  const html = input.slice(0, MAX_INPUT);
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  const re = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<|[^<]+/g;
  for (const m of html.matchAll(re)) {
    const token = m[0];
    if (token.startsWith('<!--')) continue;
    const tagName = m[2]?.toLowerCase();
    if (!tagName) {
      if (!dropping) out.push(token === '<' ? '&lt;' : escapeText(token));
      continue;
    }
    const closing = m[1] === '/';
    if (dropping) {
      if (closing && tagName === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tagName)) {
      if (!closing && !/\/\s*$/.test(m[3] ?? '')) dropping = tagName;
      continue;
    }
    if (!ALLOWED_TAGS.has(tagName)) continue;
    if (closing) {
      const at = open.lastIndexOf(tagName);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    out.push(`<${tagName}${cleanAttrs(tagName, m[3] ?? '')}>`);
    if (!VOID_TAGS.has(tagName)) open.push(tagName);
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
