/**
 * Operator HTML (notices, messages, articles, activities) that the server sanitised when it was
 * stored and again when it was served (apps/server/src/modules/content/sanitize.ts: no scripts, no
 * event handlers, no javascript: URLs, images only from us), so it is rendered as HTML here. The
 * one place the web sets inner HTML.
 */
export function HtmlBody({ html, className = 'content-html' }: { html: string; className?: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above)
    <div className={className} data-testid="content-html" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
