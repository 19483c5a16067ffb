// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../../src/core/api/mail';
import { t } from '../../../src/core/i18n';
import '../../../src/core/i18n/mail';
import { forwardQuote, replyQuote } from '../../../src/elements/mail/quote';
import {
  frameDocument,
  quotableHtml,
  sanitizeMail,
  textAsHtml,
} from '../../../src/elements/mail/sanitize';

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
    expect(textAsHtml('<b>a</b> & b')).toContain('&lt;b&gt;a&lt;/b&gt; &amp; b');
  });
});

/** An outsider's mail as the reader gets it. */
function mailFrom(senderName: string, html: string): MailMessage {
  return {
    id: 'm1',
    setId: 's1',
    types: 1,
    subject: 'Quote',
    senderAddress: 'mallory@example.test',
    senderName,
    receiverAddresses: 'me@example.test',
    receiverNames: '',
    copyToAddresses: '',
    copyToNames: '',
    bcCAddresses: '',
    bcCNames: '',
    mailDate: '2026-11-28 09:00:00',
    isRead: 1,
    isReply: 0,
    hasAttachment: 0,
    size: 1,
    content: Buffer.from(html, 'utf8').toString('base64'),
    contentType: 'html',
    messageId: '<m1@example.test>',
    fileIds: '',
    attachments: [],
    undelivered: [],
  };
}

describe('mail quoted into the composer', () => {
  const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
  const hostileName = '<img src=x onerror="steal()">Mallory';
  const cover =
    '<div id="cover" class="suggest" style="position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh;background:#fff;color:#c00;transform:scale(9)">Sign in again</div>';

  it("puts the sender's name in as text, however it is written", () => {
    const doc = parse(quotableHtml(replyQuote(mailFrom(hostileName, '<p>hi</p>'), t)));
    expect(doc.querySelectorAll('img').length).toBe(0);
    expect(doc.body.textContent).toContain(`2026-11-28 09:00:00，${hostileName} 写道：`);
    // Escaped before it is HTML: the sanitiser never even sees a tag in the name.
    expect(replyQuote(mailFrom(hostileName, ''), t)).toContain('&lt;img src=x onerror=');
    expect(forwardQuote(mailFrom(hostileName, '<p>hi</p>'), t)).not.toContain('<img');
  });

  it('keeps text styles and drops what would reach beyond the quote', () => {
    const doc = parse(
      quotableHtml(
        `${cover}<input type="password" name="pass"><p id="kept" style="color:#336;font-weight:bold;margin:-400px 0 0;width:99999px;text-align:center">Hello</p><svg><rect width="10" height="10"/></svg>`,
      ),
    );
    const block = doc.querySelector('div')!;
    expect(block.textContent).toBe('Sign in again');
    expect(block.getAttribute('id')).toBeNull();
    expect(block.getAttribute('class')).toBeNull();
    const kept = block.getAttribute('style') ?? '';
    for (const gone of ['position', 'inset', 'z-index', 'vw', 'vh', 'transform']) {
      expect(kept).not.toContain(gone);
    }
    expect(kept).toContain('background-color');
    const paragraph = doc.querySelector('p')! as HTMLElement;
    expect(paragraph.style.color).toBe('rgb(51, 51, 102)');
    expect(paragraph.style.fontWeight).toBe('bold');
    expect(paragraph.style.textAlign).toBe('center');
    expect(paragraph.style.marginTop).toBe('');
    expect(paragraph.style.width).toBe('');
    expect(doc.querySelectorAll('svg, input').length).toBe(0);
  });
});
