import { css } from '@emotion/react';
import { useEffect, useMemo, useState } from 'react';
import { mailGet, markRead, type MailMessage } from '../../core/api/mail';
import { fromBase64 } from '../../core/base64';
import { downloadFile } from '../../core/api/portal';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { frameDocument, sanitizeMail, textAsHtml } from './sanitize';

const style = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  min-height: 0;
  h3 {
    margin: 0;
    font-size: 18px;
    word-break: break-word;
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 2px 10px;
    margin: 0;
    color: ${vars.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 0;
    word-break: break-all;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
  }
  .blocked {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 6px 10px;
    background: ${vars.surfaceMuted};
    border-radius: ${vars.radius};
    font-size: 13px;
  }
  iframe {
    width: 100%;
    min-height: 360px;
    height: 55vh;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: #fff;
  }
  .files button {
    margin: 0 6px 6px 0;
  }
`;

export type ReaderAction = 'reply' | 'replyAll' | 'forward' | 'delete' | 'back';

export function Reader({
  id,
  onAction,
  onRead,
}: {
  id: string;
  onAction: (action: ReaderAction, mail: MailMessage) => void;
  onRead: () => void;
}) {
  const t = useT();
  const mail = useAsync(() => mailGet(id), [id]);
  const [allowRemote, setAllowRemote] = useState(false);
  useEffect(() => setAllowRemote(false), [id]);
  useEffect(() => {
    if (mail.data && !mail.data.isRead) void markRead(mail.data.id).then(onRead, () => undefined);
  }, [mail.data, onRead]);
  const shown = useMemo(() => {
    if (!mail.data) return null;
    const body = fromBase64(mail.data.content);
    const html = mail.data.contentType === 'html' ? body : textAsHtml(body);
    return sanitizeMail(html, allowRemote);
  }, [mail.data, allowRemote]);
  if (mail.error) return <Alert>{mail.error.message}</Alert>;
  if (!mail.data || !shown) return <p aria-busy="true">…</p>;
  const data = mail.data;
  const deleted = data.types === 4;
  return (
    <article css={style} part="reader" data-mail={data.id}>
      <div className="actions">
        <Button onClick={() => onAction('back', data)} data-action="back">
          {t('mail:back')}
        </Button>
        <Button onClick={() => onAction('reply', data)} data-action="reply">
          {t('mail:reply')}
        </Button>
        <Button onClick={() => onAction('replyAll', data)} data-action="reply-all">
          {t('mail:replyAll')}
        </Button>
        <Button onClick={() => onAction('forward', data)} data-action="forward">
          {t('mail:forward')}
        </Button>
        <Button onClick={() => onAction('delete', data)} data-action="delete">
          {t(deleted ? 'mail:deleteForever' : 'mail:delete')}
        </Button>
      </div>
      <h3 data-field="subject">{data.subject || '—'}</h3>
      <dl>
        <dt>{t('mail:from')}</dt>
        <dd data-field="from">
          {data.senderName ? `${data.senderName} <${data.senderAddress}>` : data.senderAddress}
        </dd>
        <dt>{t('mail:to')}</dt>
        <dd data-field="to">{data.receiverAddresses}</dd>
        {data.copyToAddresses && (
          <>
            <dt>{t('mail:cc')}</dt>
            <dd data-field="cc">{data.copyToAddresses}</dd>
          </>
        )}
        {data.bcCAddresses && (
          <>
            <dt>{t('mail:bcc')}</dt>
            <dd data-field="bcc">{data.bcCAddresses}</dd>
          </>
        )}
        <dt>{t('mail:date')}</dt>
        <dd>{data.mailDate}</dd>
      </dl>
      {(data.undelivered ?? []).length > 0 && (
        <div data-field="undelivered">
          <Alert>
            {t('mail:undeliveredTitle')}
            <ul css={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {data.undelivered!.map((item) => (
                <li key={item.address}>
                  {item.address}
                  {t('common:colon')}
                  {item.reason}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
      {data.attachments.length > 0 && (
        <div className="files" data-field="attachments">
          <span className="label">{t('mail:attachments')}:</span>
          {data.attachments.map((file) => (
            <Button
              key={file.id}
              variant="text"
              onClick={() => void downloadFile({ id: file.id, name: file.name })}
            >
              {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
            </Button>
          ))}
        </div>
      )}
      {shown.blocked > 0 && !allowRemote && (
        <div className="blocked" role="status" data-remote-blocked={shown.blocked}>
          {t('mail:remoteBlocked')}
          <Button onClick={() => setAllowRemote(true)} data-action="show-images">
            {t('mail:showImages')}
          </Button>
        </div>
      )}
      <iframe
        title={data.subject || t('mail:body')}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={frameDocument(shown.html, allowRemote)}
        data-field="body"
      />
    </article>
  );
}
