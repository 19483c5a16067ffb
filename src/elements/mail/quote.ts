import type { MailMessage } from '../../core/api/mail';
import { fromBase64 } from '../../core/base64';
import { htmlMessage } from '../../core/html';
import type { Translate } from '../../ui/i18n';
import { textAsHtml } from './sanitize';

/**
 * What reply, forward and a reopened draft put in the composer. Outside text in our own
 * lines (the sender's name, the date) goes in escaped, as text; the mail itself goes in as
 * HTML, which the composer sanitises before it shows anything (quotableHtml, sanitize.ts).
 */
export function mailBody(mail: MailMessage): string {
  const body = fromBase64(mail.content);
  return mail.contentType === 'html' ? body : textAsHtml(body);
}

/** "On {date}, {name} wrote:" and the mail, quoted. */
export function replyQuote(mail: MailMessage, t: Translate): string {
  const wrote = htmlMessage(t, 'mail:wrote', {
    date: mail.mailDate,
    name: mail.senderName || mail.senderAddress,
  });
  return `<p><br></p><p>${wrote}</p><blockquote style="margin:0 0 0 8px;padding-left:8px;border-left:2px solid #ccc">${mailBody(mail)}</blockquote>`;
}

/** The forwarded-message line and the mail. */
export function forwardQuote(mail: MailMessage, t: Translate): string {
  return `<p><br></p><p>${htmlMessage(t, 'mail:forwarded', {})}</p>${mailBody(mail)}`;
}
