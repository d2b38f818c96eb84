import { describe, expect, it } from 'vitest';
import { sanitizeIntro } from './sanitize';

describe('room introduction sanitising (again, in the browser)', () => {
  it('keeps the allowed formatting', () => {
    expect(sanitizeIntro('<p>欢迎<b>彩友</b><font color="red">！</font></p>')).toBe(
      '<p>欢迎<b>彩友</b><font color="red">！</font></p>',
    );
  });
  it('drops scripts, handlers and javascript: links', () => {
    const out = sanitizeIntro(
      '<p onclick="x()">hi</p><script>alert(1)</script><a href="javascript:alert(1)">a</a><img src="/static/a.png" onerror="x()">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript/);
    expect(out).toContain('<p>hi</p>');
    expect(out).toContain('<img src="/static/a.png">');
  });
  it('keeps safe links and marks them noopener', () => {
    expect(sanitizeIntro('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer">x</a>',
    );
  });
});
