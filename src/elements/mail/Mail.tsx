import { css } from '@emotion/react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  folderCodes,
  mailGet,
  mailList,
  mailTree,
  removeMail,
  syncMail,
  type FolderType,
  type Mailbox,
  type MailMessage,
  type Undelivered,
} from '../../core/api/mail';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Pager } from '../../ui/Pager';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { Composer, type Draft, type Sent } from './Composer';
import { Reader, type ReaderAction } from './Reader';
import { forwardQuote, mailBody, replyQuote } from './quote';
import { useLive } from '../../ui/useLive';

const mailEvents = ['mail'] as const;

const pageSize = 20;
/** Automatic sync of the open mailbox while the page is open. */
const autoSyncMs = 5 * 60_000;

const layout = css`
  display: grid;
  grid-template-columns: 200px minmax(260px, 360px) 1fr;
  gap: 12px;
  padding: 12px;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
    padding: 8px;
    /* A phone shows one screen at a time: the list, or the mail being read or written. */
    &[data-pane='open'] > .tree,
    &[data-pane='open'] > [part='list'],
    &[data-pane='none'] > .pane {
      display: none;
    }
    .tree {
      padding: 6px;
    }
    .tree ul {
      display: flex;
      gap: 4px;
      overflow-x: auto;
      margin: 0;
    }
    .tree button {
      white-space: nowrap;
    }
    .tree .box {
      margin: 0 0 4px;
    }
    [part='reader'] [data-action='back'] {
      display: none;
    }
  }
  .pane-bar {
    display: none;
    margin-bottom: 8px;
  }
  @media (max-width: 900px) {
    .pane-bar {
      display: block;
    }
  }
  section {
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: 10px;
    padding: 12px;
    min-width: 0;
  }
  .tree ul {
    list-style: none;
    margin: 0 0 10px;
    padding: 0;
  }
  .tree .box {
    font-weight: 600;
    word-break: break-all;
    margin: 6px 0;
  }
  .tree button,
  .rows button.row {
    display: flex;
    width: 100%;
    justify-content: space-between;
    gap: 6px;
    border: 0;
    background: none;
    padding: 6px 8px;
    border-radius: ${vars.radius};
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: ${vars.text};
  }
  .tree button[aria-current='true'],
  .rows button.row[aria-current='true'] {
    background: ${vars.surfaceMuted};
    color: ${vars.primary};
  }
  .count {
    color: ${vars.primary};
    font-size: 12px;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-bottom: 8px;
  }
  .toolbar input {
    flex: 1;
    min-width: 120px;
    height: 32px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    padding: 0 8px;
    font: inherit;
  }
  .rows {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .rows li {
    display: flex;
    align-items: start;
    gap: 4px;
    border-bottom: 1px solid ${vars.border};
  }
  .rows input {
    margin-top: 10px;
  }
  .rows button.row {
    flex-direction: column;
    gap: 2px;
  }
  .rows .who {
    display: flex;
    justify-content: space-between;
    gap: 6px;
    font-size: 13px;
    color: ${vars.textMuted};
  }
  .rows .subject {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .rows [data-unread] .subject {
    font-weight: 700;
  }
  .dot {
    display: inline-block;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${vars.primary};
    margin-right: 4px;
  }
  .muted {
    color: ${vars.textMuted};
  }
  .clip {
    font-size: 12px;
    color: ${vars.textMuted};
    border: 1px solid ${vars.border};
    border-radius: 4px;
    padding: 0 4px;
    margin-right: 4px;
    font-weight: 400;
  }
`;

type Pane = { kind: 'none' } | { kind: 'read'; id: string } | { kind: 'compose'; draft: Draft };

/** Below this width the list and the mail are two screens (the layout's one column). */
const phoneQuery = '(max-width: 900px)';

/**
 * On a phone, reading or writing a mail is a screen of its own: opening one starts at the
 * top of the page and adds a step to the browser's history, so the phone's back gesture
 * returns to the list as the page's own back button does.
 */
function usePhoneScreen(open: boolean, close: () => void, root: RefObject<HTMLElement | null>) {
  const pushed = useRef(false);
  useEffect(() => {
    if (open && !pushed.current && matchMedia(phoneQuery).matches) {
      history.pushState({ atriumMailScreen: true }, '', location.href);
      pushed.current = true;
    }
    if (open) root.current?.scrollIntoView({ block: 'start' });
    if (!open && pushed.current) {
      pushed.current = false;
      if ((history.state as { atriumMailScreen?: boolean } | null)?.atriumMailScreen) {
        history.back();
      }
    }
  }, [open, root]);
  useEffect(() => {
    const back = () => {
      if (!pushed.current) return;
      pushed.current = false;
      close();
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [close]);
}

/** Addresses of a comma-separated list, trimmed, without empty ones. */
const addressList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Reply all keeps the mail's own To and Cc (the sender joins To), leaving out the replier's
 * own address and anyone already named: as Gmail and Outlook do.
 */
export function replyAllRecipients(mail: MailMessage, own: string) {
  const seen = new Set([own.toLowerCase()]);
  const keep = (list: string[]) =>
    list.filter((address) => {
      const key = address.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const to = keep([mail.senderAddress, ...addressList(mail.receiverAddresses)]);
  const cc = keep(addressList(mail.copyToAddresses));
  return { to: to.join(', '), cc: cc.join(', ') };
}

const prefixed = (prefix: string, subject: string) =>
  subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`;

export function Mail({
  mailId,
  action,
  folder = 'inbox',
}: {
  mailId?: string;
  action?: string;
  folder?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const tree = useAsync(mailTree, [language]);
  const boxes = useMemo(() => tree.data ?? [], [tree.data]);
  const [setId, setSetId] = useState('');
  const [shown, setShown] = useState<FolderType>(
    folder in folderCodes ? (folder as FolderType) : 'inbox',
  );
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [pane, setPane] = useState<Pane>({ kind: 'none' });
  const [checked, setChecked] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [syncing, setSyncing] = useState(false);
  /** The last send that did not reach everyone: who did not get it, and why. */
  const [undelivered, setUndelivered] = useState<{
    message: string;
    list: Undelivered[];
  } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const closePane = useCallback(() => setPane({ kind: 'none' }), []);
  usePhoneScreen(pane.kind !== 'none', closePane, root);
  const current = boxes.find((box) => box.id === setId) ?? boxes[0];

  useEffect(() => {
    if (!setId && boxes[0]) setSetId(boxes[0].id);
  }, [boxes, setId]);

  const list = useAsync(
    () =>
      current
        ? mailList({ setId: current.id, types: folderCodes[shown], page, pageSize, keyword })
        : Promise.resolve({ rows: [], total: 0, page: 1, pageSize }),
    [current?.id, shown, page, keyword, language],
  );

  const refresh = useCallback(() => {
    tree.reload();
    list.reload();
  }, [tree, list]);
  // A sync found new mail (or lost some): the folders' counts and the list follow.
  useLive(mailEvents, refresh);

  const newDraft = (change: Partial<Draft> = {}): Draft => ({
    setId: current?.id ?? '',
    to: '',
    cc: '',
    bcc: '',
    subject: '',
    html: '',
    files: [],
    ...change,
  });

  /** A draft opens in the composer, its attachments kept. */
  const openDraft = (id: string) => {
    void mailGet(id)
      .then((mail) =>
        setPane({
          kind: 'compose',
          draft: newDraft({
            id: mail.id,
            setId: mail.setId,
            to: mail.receiverAddresses,
            cc: mail.copyToAddresses,
            bcc: mail.bcCAddresses,
            subject: mail.subject,
            html: mailBody(mail),
            files: mail.attachments,
          }),
        }),
      )
      .catch(() => undefined); // the request layer showed why
  };

  // Arrival: a mail to read, the composer, or a draft to edit.
  useEffect(() => {
    if (!current) return;
    if (action === 'add') setPane({ kind: 'compose', draft: newDraft() });
    else if (action === 'edit' && mailId) {
      openDraft(mailId);
    } else if (mailId) setPane({ kind: 'read', id: mailId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [action, mailId, current?.id]);

  const sync = useCallback(
    async (quiet: boolean) => {
      if (!current) return;
      setSyncing(true);
      try {
        const result = await syncMail(current.id, quiet);
        if (!quiet) notify('success', result.message);
        refresh();
      } catch {
        // The request layer showed the message (or stayed quiet for the automatic sync).
      } finally {
        setSyncing(false);
      }
    },
    [current, refresh],
  );

  useEffect(() => {
    if (!current) return;
    void sync(true);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void sync(true);
    }, autoSyncMs);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);

  const onReader = (what: ReaderAction, mail: MailMessage) => {
    if (what === 'back') return setPane({ kind: 'none' });
    if (what === 'delete') return setRemoving([mail.id]);
    if (what === 'forward') {
      return setPane({
        kind: 'compose',
        draft: newDraft({
          setId: mail.setId,
          subject: prefixed('Fwd:', mail.subject),
          html: forwardQuote(mail, t),
          files: mail.attachments,
        }),
      });
    }
    const all = replyAllRecipients(mail, boxes.find((box) => box.id === mail.setId)?.name ?? '');
    setPane({
      kind: 'compose',
      draft: newDraft({
        setId: mail.setId,
        ...(what === 'replyAll' ? all : { to: mail.senderAddress }),
        subject: prefixed('Re:', mail.subject),
        html: replyQuote(mail, t),
        replyId: mail.id,
      }),
    });
  };

  if (tree.error) return <Alert>{tree.error.message}</Alert>;
  if (tree.loading && !tree.data) return <p aria-busy="true">…</p>;
  if (boxes.length === 0) {
    return (
      <section css={layout} data-state="no-account">
        <div css={{ gridColumn: '1 / -1' }}>
          {/* The page's own heading is its h1: this one comes next, at its size as it was. */}
          <h2 css={{ fontSize: '1.17em' }}>{t('mail:noAccount')}</h2>
          <p>{t('mail:noAccountHow')}</p>
          <Button
            variant="primary"
            onClick={() => navigate('/v-mail/settingList')}
            data-action="settings"
          >
            {t('mail:goSettings')}
          </Button>
        </div>
      </section>
    );
  }

  const inBin = shown === 'deleted';
  const rows = list.data?.rows ?? [];
  const composing = pane.kind === 'compose';
  return (
    <div css={layout} ref={root} data-pane={pane.kind === 'none' ? 'none' : 'open'}>
      {undelivered && (
        <div css={{ gridColumn: '1 / -1' }} data-notice="undelivered">
          <Alert>
            <strong>{undelivered.message}</strong>
            <ul css={{ margin: '4px 0', paddingLeft: 20 }}>
              {undelivered.list.map((item) => (
                <li key={item.address} data-undelivered={item.address}>
                  {item.address}
                  {t('common:colon')}
                  {item.reason}
                </li>
              ))}
            </ul>
            <Button variant="text" onClick={() => setUndelivered(null)} data-action="dismiss">
              {t('mail:actions.close')}
            </Button>
          </Alert>
        </div>
      )}
      <section className="tree" part="tree" aria-label={t('mail:title')}>
        {boxes.map((box: Mailbox) => (
          <div key={box.id} data-mailbox={box.name}>
            <div className="box">{box.nickName || box.name}</div>
            <ul>
              {box.children.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    data-folder={item.folder}
                    aria-current={box.id === current?.id && item.folder === shown}
                    onClick={() => {
                      setSetId(box.id);
                      setShown(item.folder);
                      setPage(1);
                      setChecked([]);
                      setPane({ kind: 'none' });
                    }}
                  >
                    <span>{t(`mail:folders.${item.folder}`)}</span>
                    {item.unread > 0 && <span className="count">{item.unread}</span>}
                  </button>
                </li>
              ))}
            </ul>
            {box.lastError && (
              <p className="muted" data-field="last-error">
                {box.lastError}
              </p>
            )}
          </div>
        ))}
      </section>
      <section part="list">
        <div className="toolbar">
          <Button
            variant="primary"
            onClick={() => setPane({ kind: 'compose', draft: newDraft() })}
            data-action="write"
          >
            {t('mail:write')}
          </Button>
          <Button busy={syncing} onClick={() => void sync(false)} data-action="sync">
            {t(syncing ? 'mail:syncing' : 'mail:sync')}
          </Button>
          {checked.length > 0 && (
            <Button onClick={() => setRemoving(checked)} data-action="delete-checked">
              {t(inBin ? 'mail:deleteForever' : 'mail:delete')}
            </Button>
          )}
          <input
            type="search"
            placeholder={t('mail:search')}
            aria-label={t('mail:search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                setKeyword(search.trim());
                setPage(1);
              }
            }}
          />
        </div>
        {list.error && <Alert>{list.error.message}</Alert>}
        {rows.length === 0 && !list.loading && <p className="muted">{t('mail:empty')}</p>}
        <ul className="rows" data-list="mail">
          {rows.map((row) => (
            <li key={row.id} data-row={row.id} {...(row.isRead ? {} : { 'data-unread': '' })}>
              <input
                type="checkbox"
                aria-label={row.subject}
                checked={checked.includes(row.id)}
                onChange={(event) =>
                  setChecked((list) =>
                    event.target.checked ? [...list, row.id] : list.filter((id) => id !== row.id),
                  )
                }
              />
              <button
                type="button"
                className="row"
                aria-current={pane.kind === 'read' && pane.id === row.id}
                onClick={() =>
                  shown === 'drafts' ? openDraft(row.id) : setPane({ kind: 'read', id: row.id })
                }
              >
                <span className="who">
                  <span>
                    {!row.isRead && (
                      <span className="dot" role="img" aria-label={t('mail:unread')} />
                    )}
                    {shown === 'sent' || shown === 'drafts'
                      ? row.receiverAddresses
                      : row.senderName || row.senderAddress}
                  </span>
                  <span>{row.mailDate.slice(5, 16)}</span>
                </span>
                <span className="subject">
                  {row.hasAttachment ? <span className="clip">{t('mail:attachments')}</span> : ''}
                  {row.subject || '—'}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {(list.data?.total ?? 0) > pageSize && (
          <Pager page={page} pageSize={pageSize} answer={list} onPage={setPage} />
        )}
      </section>
      <section className="pane" aria-label={t(composing ? 'mail:write' : 'mail:reading')}>
        <div className="pane-bar">
          <Button onClick={closePane} data-action="back-to-list">
            ← {t('mail:backToList')}
          </Button>
        </div>
        {pane.kind === 'read' && <Reader id={pane.id} onAction={onReader} onRead={refresh} />}
        {pane.kind === 'compose' && (
          <Composer
            key={pane.draft.id ?? pane.draft.subject}
            draft={pane.draft}
            mailboxes={boxes}
            onDone={(result: Sent) => {
              if (result.undelivered?.length) {
                setUndelivered({ message: result.message ?? '', list: result.undelivered });
              }
              setPane({ kind: 'none' });
              refresh();
            }}
          />
        )}
        {pane.kind === 'none' && <p className="muted">{t('mail:select')}</p>}
      </section>
      <ConfirmDialog
        open={removing !== null}
        name="delete"
        title={t(inBin ? 'mail:deleteForever' : 'mail:delete')}
        message={t(inBin ? 'mail:deleteForeverConfirm' : 'mail:deleteConfirm')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          notify('success', await removeMail(removing, folderCodes[shown]));
          setRemoving(null);
          setChecked([]);
          setPane({ kind: 'none' });
          refresh();
        }}
      />
    </div>
  );
}
