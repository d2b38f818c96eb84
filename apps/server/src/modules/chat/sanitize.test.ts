import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps allowed formatting', () => {
    expect(sanitizeHtml('<p>欢迎<b>光临</b><br>请<i>文明</i>发言</p>')).toBe(
      '<p>欢迎<b>光临</b><br />请<i>文明</i>发言</p>',
    );
  });

  it('drops scripts, styles and event handlers with their content', () => {
    expect(sanitizeHtml('<p onclick="x()">a<script>alert(1)</script>b</p><style>p{}</style>')).toBe(
      '<p>ab</p>',
    );
    expect(sanitizeHtml('<img src="/a.png" onerror="alert(1)">')).toBe('<img src="/a.png" />');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
  });

  it('refuses script URLs, also when entity-encoded or split by control characters', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://example.com/?a=1&b=2">x</a>')).toBe(
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('escapes stray brackets, unknown tags and comments, and closes what it opened', () => {
    expect(sanitizeHtml('1 < 2 <iframe src="x"></iframe><!-- c --><marquee>m</marquee>')).toBe('1 &lt; 2 m');
    expect(sanitizeHtml('<p><b>open')).toBe('<p><b>open</b></p>');
    expect(sanitizeHtml('<font color="red" size="9">r</font><font color="expression(x)">s</font>')).toBe(
      '<font color="red">r</font><font>s</font>',
    );
  });
});
