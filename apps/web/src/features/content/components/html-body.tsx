/**
 * An article body: operator HTML that the server sanitised when it was stored and again when it
 * was served (apps/server/src/modules/content/sanitize.ts: no scripts, no event handlers, no
 * javascript: URLs, images only from us), so it is rendered as HTML here.
 */
export function HtmlBody({ html }: { html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above)
    <div className="content-html" data-testid="content-html" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
