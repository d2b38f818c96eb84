import sanitize from 'sanitize-html';

/**
 * Operator HTML for notices, messages and help/about articles, cleaned by the maintained
 * `sanitize-html` library with an allow-list. Run when content is stored and again when it is
 * served (rows written before a rule tightened are cleaned on the way out too).
 *
 * - scripts, styles, frames, forms, SVG: removed with their content;
 * - every attribute not listed (onerror, onclick, style, ...): removed;
 * - links: http(s), mailto or a path of ours; anything else (javascript:, data:) loses its href;
 * - images: only from our own origin (a path such as /static/...), so no tracking pixels or
 *   foreign content; an image from anywhere else is removed.
 */
const OUR_PATH = /^\/(?!\/)/;
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const MAX_INPUT = 100_000;

const bare = (value: string | undefined) =>
  [...(value ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x20)
    .join('')
    .trim();

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'b', 'strong', 'i', 'em', 'u', 's', 'span', 'div', 'ul', 'ol', 'li']
    .concat(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'a', 'img', 'font'])
    .concat(['table', 'thead', 'tbody', 'tr', 'th', 'td']),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea'].concat([
    'title',
    'svg',
    'math',
    'option',
    'select',
    'form',
    'button',
  ]),
  transformTags: {
    a: (tagName, attribs) => {
      const href = bare(attribs.href);
      const kept: Record<string, string> = {};
      if (href && SAFE_HREF.test(href))
        Object.assign(kept, { href, rel: 'noopener noreferrer', target: '_blank' });
      if (attribs.title !== undefined) kept.title = attribs.title;
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const src = bare(attribs.src);
      const kept: Record<string, string> = {};
      if (OUR_PATH.test(src)) kept.src = src;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      for (const k of ['width', 'height'] as const) {
        if (/^\d{1,4}$/.test(attribs[k] ?? '')) kept[k] = attribs[k]!;
      }
      return { tagName, attribs: kept };
    },
    font: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (/^#?[0-9a-zA-Z]{1,20}$/.test(attribs.color ?? '')) kept.color = attribs.color!;
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was not ours has no src left: drop the element.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeContentHtml(input: string): string {
  return sanitize(input.slice(0, MAX_INPUT), OPTIONS);
}

/**
 * A title is plain text (lists, the marquee, headers render it as text): markup an operator typed
 * into one is dropped rather than shown as `<b>…</b>`.
 */
export function plainTitle(title: string): string {
  return title
    .replace(/<\/?[a-z!][^>]*>?/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}
