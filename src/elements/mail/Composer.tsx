import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import {
  sendMail,
  suggestAddresses,
  type Mailbox,
  type Suggestion,
  type Undelivered,
} from '../../core/api/mail';
import { uploadFile } from '../../core/api/files';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { quotableHtml } from './sanitize';

const style = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  label {
    display: grid;
    grid-template-columns: 72px 1fr;
    align-items: center;
    gap: 8px;
    position: relative;
  }
  input,
  select {
    height: 32px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    padding: 0 8px;
    font: inherit;
    min-width: 0;
  }
  .suggest {
    position: absolute;
    left: 80px;
    right: 0;
    top: 34px;
    z-index: 5;
    margin: 0;
    padding: 4px 0;
    list-style: none;
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    box-shadow: 0 4px 12px rgb(0 0 0 / 12%);
  }
  .suggest button {
    display: block;
    width: 100%;
    text-align: left;
    border: 0;
    background: none;
    padding: 4px 10px;
    font: inherit;
    cursor: pointer;
  }
  .suggest button:hover {
    background: ${vars.surfaceMuted};
  }
  .tools {
    display: flex;
    gap: 4px;
    flex-wrap: wrap;
  }
  .editor {
    /* A containing block that clips: nothing inside is drawn outside the editor. */
    position: relative;
    contain: paint;
    min-height: 220px;
    max-height: 50vh;
    overflow: auto;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    padding: 8px 10px;
    background: #fff;
  }
  .editor:focus {
    outline: 2px solid ${vars.focus};
  }
  .files {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    font-size: 13px;
  }
  .file {
    padding: 2px 8px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .more-fields {
    padding-left: 80px;
    margin-top: -6px;
  }
  @media (max-width: 480px) {
    label {
      grid-template-columns: 56px 1fr;
    }
    .suggest {
      left: 0;
    }
    .more-fields {
      padding-left: 64px;
    }
  }
`;

export interface Draft {
  id?: string;
  setId: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  html: string;
  replyId?: string;
  files: { id: string; name: string }[];
}

interface Upload {
  key: string;
  name: string;
  progress: number;
  id?: string;
  error?: string;
}

type Field = 'to' | 'cc' | 'bcc';

/** What a send did: sent or saved, and who the server refused (the others got it). */
export interface Sent {
  sent: boolean;
  message?: string;
  undelivered?: Undelivered[];
}

/** The last address being typed in a comma-separated field. */
const lastToken = (text: string) => text.split(/[,;]/).pop()?.trim() ?? '';

export function Composer({
  draft,
  mailboxes,
  onDone,
}: {
  draft: Draft;
  mailboxes: Mailbox[];
  onDone: (result: Sent) => void;
}) {
  const t = useT();
  const [setId, setSetId] = useState(draft.setId);
  const [to, setTo] = useState(draft.to);
  const [cc, setCc] = useState(draft.cc);
  const [bcc, setBcc] = useState(draft.bcc);
  // Bcc is there when the mail has some, else one click away (as in Gmail and Outlook).
  const [showBcc, setShowBcc] = useState(Boolean(draft.bcc.trim()));
  const [subject, setSubject] = useState(draft.subject);
  const [uploads, setUploads] = useState<Upload[]>(
    draft.files.map((file) => ({ key: file.id, name: file.name, progress: 1, id: file.id })),
  );
  const [suggestions, setSuggestions] = useState<{ field: Field; items: Suggestion[] } | null>(
    null,
  );
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const editor = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The one way HTML enters the editor: a quoted, forwarded or reopened mail shares the
    // page, so it is sanitised and loses every page-level style first.
    if (editor.current) editor.current.innerHTML = quotableHtml(draft.html);
  }, [draft.html]);

  const setters = { to: setTo, cc: setCc, bcc: setBcc };
  const values = { to, cc, bcc };
  const typed = (field: Field, value: string) => {
    setters[field](value);
    const token = lastToken(value);
    if (token.length < 1) return setSuggestions(null);
    void suggestAddresses(token).then(
      (items) => setSuggestions(items.length ? { field, items } : null),
      () => setSuggestions(null),
    );
  };
  const choose = (field: Field, item: Suggestion) => {
    const parts = values[field]
      .split(/[,;]/)
      .slice(0, -1)
      .map((part) => part.trim())
      .filter(Boolean);
    parts.push(`${item.name} <${item.address}>`);
    setters[field](`${parts.join(', ')}, `);
    setSuggestions(null);
  };

  const attach = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      const update = (change: Partial<Upload>) =>
        setUploads((list) =>
          list.map((item) => (item.key === key ? { ...item, ...change } : item)),
        );
      uploadFile(file, { onProgress: (progress) => update({ progress }) }).then(
        (result) => update({ id: result.fileId, progress: 1 }),
        (caught: Error) => update({ error: caught.message || t('common:errors.failed') }),
      );
    }
  };

  const command = (name: string, value?: string) => {
    editor.current?.focus();
    document.execCommand(name, false, value);
  };

  const submit = async (isDraft: boolean) => {
    setError('');
    if (!isDraft && !to.trim() && !cc.trim() && !bcc.trim()) {
      return setError(t('mail:needRecipient'));
    }
    if (uploads.some((item) => !item.id && !item.error)) return;
    setBusy(true);
    try {
      const answer = await sendMail({
        ...(draft.id ? { id: draft.id } : {}),
        setId,
        subject: subject.trim(),
        html: editor.current?.innerHTML ?? '',
        receiverAddresses: to.replace(/[,;\s]+$/, ''),
        copyToAddresses: cc.replace(/[,;\s]+$/, ''),
        bcCAddresses: bcc.replace(/[,;\s]+$/, ''),
        fileIds: uploads.flatMap((item) => (item.id ? [item.id] : [])),
        ...(draft.replyId ? { replyId: draft.replyId } : {}),
        isDraft,
      });
      // A partial send is not a success: the page says who did not get it (onDone).
      if (answer.undelivered.length === 0) notify('success', answer.message);
      onDone({ sent: !isDraft, message: answer.message, undelivered: answer.undelivered });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  const addressField = (field: Field, label: string, value: string) => (
    <label>
      {label}
      <input
        name={field}
        value={value}
        autoComplete="off"
        onChange={(event) => typed(field, event.target.value)}
        onBlur={() => setTimeout(() => setSuggestions(null), 200)}
      />
      {suggestions?.field === field && (
        <ul className="suggest" role="listbox" data-list="suggestions">
          {suggestions.items.map((item) => (
            <li key={`${item.type}-${item.address}`}>
              <button type="button" onMouseDown={() => choose(field, item)}>
                {item.name} &lt;{item.address}&gt;
              </button>
            </li>
          ))}
        </ul>
      )}
    </label>
  );

  return (
    <form css={style} part="composer" onSubmit={(event) => event.preventDefault()}>
      {error && <Alert>{error}</Alert>}
      <label>
        {t('mail:from_account')}
        <select name="setId" value={setId} onChange={(event) => setSetId(event.target.value)}>
          {mailboxes.map((box) => (
            <option key={box.id} value={box.id}>
              {box.name}
            </option>
          ))}
        </select>
      </label>
      {addressField('to', t('mail:to'), to)}
      {addressField('cc', t('mail:cc'), cc)}
      {showBcc ? (
        addressField('bcc', t('mail:bcc'), bcc)
      ) : (
        <div className="more-fields">
          <Button variant="text" onClick={() => setShowBcc(true)} data-action="add-bcc">
            + {t('mail:bcc')}
          </Button>
        </div>
      )}
      <label>
        {t('mail:subject')}
        <input
          name="subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </label>
      <div className="tools" role="toolbar" aria-label={t('mail:body')}>
        <Button variant="text" onClick={() => command('bold')} aria-label={t('mail:bold')}>
          <b>B</b>
        </Button>
        <Button variant="text" onClick={() => command('italic')} aria-label={t('mail:italic')}>
          <i>I</i>
        </Button>
        <Button
          variant="text"
          onClick={() => command('underline')}
          aria-label={t('mail:underline')}
        >
          <u>U</u>
        </Button>
        <Button
          variant="text"
          onClick={() => command('insertUnorderedList')}
          aria-label={t('mail:list')}
        >
          •
        </Button>
        <label css={{ display: 'inline-flex !important', cursor: 'pointer' }}>
          <span>+ {t('mail:addAttachment')}</span>
          <input
            type="file"
            multiple
            hidden
            name="files"
            onChange={(event) => {
              attach(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {uploads.length > 0 && (
        <div className="files" data-field="uploads">
          {uploads.map((item) => (
            <span className="file" key={item.key} data-upload={item.id ? 'done' : 'busy'}>
              {item.name}{' '}
              {item.error ??
                (item.id ? '' : t('mail:uploading', { percent: Math.round(item.progress * 100) }))}
              <Button
                variant="text"
                onClick={() => setUploads((list) => list.filter((other) => other.key !== item.key))}
              >
                {t('mail:removeAttachment')}
              </Button>
            </span>
          ))}
        </div>
      )}
      <div
        ref={editor}
        className="editor"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={t('mail:body')}
        data-field="editor"
        suppressContentEditableWarning
      />
      <div className="actions">
        <Button variant="primary" busy={busy} onClick={() => void submit(false)} data-action="send">
          {t('mail:send')}
        </Button>
        <Button busy={busy} onClick={() => void submit(true)} data-action="save-draft">
          {t('mail:saveDraft')}
        </Button>
        <Button onClick={() => onDone({ sent: false })} data-action="cancel">
          {t('mail:cancel')}
        </Button>
      </div>
    </form>
  );
}
