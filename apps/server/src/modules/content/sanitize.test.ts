import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml as clean, plainTitle } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('keeps formatting, tables, our images and safe links', () => {
    expect(clean('<h3>充值</h3><p>请<b>先</b>绑定银行卡<br>再充值</p>')).toBe(
      '<h3>充值</h3><p>请<b>先</b>绑定银行卡<br />再充值</p>',
    );
    expect(clean('<table><tr><td colspan="2">1</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">1</td></tr></table>',
    );
    expect(clean('<img src="/static/banners/welcome.svg" alt="w">')).toBe(
      '<img src="/static/banners/welcome.svg" alt="w" />',
    );
    expect(clean('<a href="/help">帮助</a>')).toBe(
      '<a href="/help" rel="noopener noreferrer" target="_blank">帮助</a>',
    );
  });

  it('removes scripts with their content and every event handler', () => {
    expect(clean('<p onclick="steal()">a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(clean('<img src="/static/x.png" onerror="alert(1)" onload="x()">')).toBe(
      '<img src="/static/x.png" />',
    );
    expect(clean('<svg onload="alert(1)"><script>alert(1)</script></svg><style>*{}</style>ok')).toBe('ok');
    expect(
      clean('<iframe src="https://evil.example"></iframe><form action="/x"><button>b</button></form>t'),
    ).toBe('t');
    expect(clean('<div style="background:url(javascript:alert(1))">d</div>')).toBe('<div>d</div>');
  });

  it('neutralises javascript: URLs however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:x',
      'data:text/html,<script>x</script>',
      'vbscript:x',
    ]) {
      expect(clean(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('removes images that are not ours', () => {
    expect(clean('a<img src="https://tracker.example/p.gif">b')).toBe('ab');
    expect(clean('a<img src="//tracker.example/p.gif">b')).toBe('ab');
    expect(clean('a<img src="data:image/png;base64,AAAA">b')).toBe('ab');
    expect(clean('a<img src="javascript:alert(1)">b')).toBe('ab');
  });

  it('escapes stray brackets and keeps text as text', () => {
    expect(clean('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(clean('<p><b>open')).toBe('<p><b>open</b></p>');
  });

  it('keeps titles plain text: markup typed into one is dropped', () => {
    expect(plainTitle('测试消息<b>一</b>')).toBe('测试消息一');
    expect(plainTitle('XSS<img src=x onerror=alert(1)>公告')).toBe('XSS公告');
    expect(plainTitle('  两个   空格 ')).toBe('两个 空格');
    expect(plainTitle('1 < 2，a<b')).toBe('1 < 2，a');
  });
});
