import sanitize from 'sanitize-html';

/**
 * Room introductions (shown as HTML by the web), cleaned by the maintained `sanitize-html` library
 * with an allow-list: a few formatting tags and safe attributes survive; everything else goes,
 * including the content of script, style and similar elements. The parser decodes entities before
 * the URL and colour checks below, so `&#106;avascript:` is seen for what it is.
 */
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#)/i;
const SAFE_COLOR = /^#?[0-9a-zA-Z]{1,20}$/;
const DIGITS = /^\d{1,4}$/;
const MAX_INPUT = 50_000;

/** Control characters and spaces inside a URL hide its scheme from naive checks: drop them. */
const bareUrl = (value: string) =>
  [...value]
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join('')
    .trim();

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li'].concat([
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'img',
    'font',
  ]),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color'],
  },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea'].concat([
    'title',
    'svg',
    'math',
    'option',
  ]),
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const url = href === undefined ? '' : bareUrl(href);
      const kept: Record<string, string> = {};
      if (url && SAFE_URL.test(url))
        Object.assign(kept, { href: url, rel: 'noopener noreferrer', target: '_blank' });
      if (title !== undefined) kept.title = title;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      const src = attribs.src === undefined ? '' : bareUrl(attribs.src);
      if (src && SAFE_URL.test(src)) kept.src = src;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      for (const k of ['width', 'height'] as const) if (DIGITS.test(attribs[k] ?? '')) kept[k] = attribs[k]!;
      return { tagName, attribs: kept };
    },
    font: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (SAFE_COLOR.test(attribs.color ?? '')) kept.color = attribs.color!;
      return { tagName, attribs: kept };
    },
  },
};

export function sanitizeHtml(input: string): string {
  return sanitize(input.slice(0, MAX_INPUT), OPTIONS);
}
