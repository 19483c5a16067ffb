// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { frameDocument, sanitizeMail, textAsHtml } from '../../../src/elements/mail/sanitize';

describe('mail HTML sanitising', () => {
  const hostile = [
    '<p id="a" onclick="steal()">Hi</p>',
    '<script>steal()</script>',
    '<img id="remote" src="https://tracker.example/p.png" onerror="steal()">',
    '<img id="local" src="data:image/png;base64,AAAA">',
    '<div id="bg" style="color:red;background:url(https://tracker.example/bg.png)">x</div>',
    '<a id="js" href="javascript:steal()">link</a>',
    '<a id="web" href="https://example.com/">web</a>',
    '<iframe src="https://evil.example/"></iframe><form action="https://evil.example/"></form>',
    '<style>body{background:url(https://tracker.example/s.png)}</style>',
  ].join('');

  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  it('removes scripts, handlers, frames, forms and javascript links; blocks remote pictures', () => {
    const { html, blocked } = sanitizeMail(hostile, false);
    const doc = parse(html);
    expect(doc.querySelectorAll('script, iframe, form, style').length).toBe(0);
    expect(doc.querySelector('#a')?.getAttribute('onclick')).toBeNull();
    expect(doc.querySelector('#remote')?.getAttribute('src')).toBeNull();
    expect(doc.querySelector('#remote')?.getAttribute('onerror')).toBeNull();
    expect(doc.querySelector('#local')?.getAttribute('src')).toMatch(/^data:/);
    expect(doc.querySelector('#bg')?.getAttribute('style')).not.toContain('tracker');
    expect(doc.querySelector('#js')?.getAttribute('href')).toBeNull();
    expect(doc.querySelector('#web')?.getAttribute('target')).toBe('_blank');
    expect(html).not.toContain('steal');
    expect(blocked).toBe(2);
  });

  it('keeps remote pictures once allowed, and the frame policy follows', () => {
    const { html, blocked } = sanitizeMail(hostile, true);
    expect(blocked).toBe(0);
    expect(parse(html).querySelector('#remote')?.getAttribute('src')).toBe(
      'https://tracker.example/p.png',
    );
    expect(frameDocument('', false)).toContain('img-src data:;');
    expect(frameDocument('', true)).toContain('img-src data: https: http:');
  });

  it('shows text mail as escaped text', () => {
    expect(textAsHtml('<b>a</b> & b')).toContain('&#60;b&#62;a&#60;/b&#62; &#38; b');
  });
});
