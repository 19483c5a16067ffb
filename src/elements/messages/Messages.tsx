import { css } from '@emotion/react';
import { useMemo } from 'react';
import { listNews, markNewsRead } from '../../core/api/portal';
import { unreadNews } from '../../core/api/shell';
import { reminders } from '../../core/api/widgets';
import { $session } from '../../core/session';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { widgetList } from '../../ui/widget-list';
import { useLive } from '../../ui/useLive';

const messageEvents = ['message', 'result'] as const;

interface Message {
  id: string;
  /** What the row's tag says: the kind, or for a request's outcome the outcome itself. */
  kind: string;
  title: string;
  time: string;
  read: boolean;
  path: string;
}

const mark = css`
  .title::before {
    content: '';
    display: inline-block;
    width: 7px;
    height: 7px;
    margin-right: 6px;
    border-radius: 50%;
    vertical-align: middle;
    background: transparent;
  }
  [data-read='false'] .title::before {
    background: ${vars.danger};
  }
  [data-read='false'] .title {
    font-weight: 600;
  }
  .kind {
    color: ${vars.textMuted};
    margin-right: 4px;
  }
`;

const summary = css`
  margin: 0 0 6px;
  font-size: 13px;
  color: ${vars.danger};
  font-weight: 600;
`;

/**
 * Reminders of the workflow engine and news items, newest first, each with its read mark;
 * and how many of all the caller's are unread (the list shows the newest ten).
 */
async function loadMessages(): Promise<{ messages: Message[]; unread: number }> {
  const account = $session.get()?.account ?? '';
  const [engine, news, unreadNewsCount] = await Promise.all([
    reminders(),
    listNews({ limit: 10 }),
    unreadNews(account),
  ]);
  const fromEngine = engine.rows.map((row) => ({
    id: row.id,
    // 已通过, 未通过, 已终止, 已退回 lead the row: the text ends with them, and a row is cut.
    kind: row.outcome ? `outcome.${row.outcome}` : row.kind,
    title: row.text,
    time: row.createTime,
    read: row.readTime !== '',
    path: row.taskId ? `/task/${row.taskId}` : `/inst/${row.procInstId}`,
  }));
  const fromNews = news.map((item) => ({
    id: item.id,
    kind: 'news',
    title: item.title,
    time: item.createTime,
    read: item.status !== '未读',
    path: `/news/${item.id}`,
  }));
  const messages = [...fromEngine, ...fromNews]
    .sort((a, b) => b.time.localeCompare(a.time))
    .slice(0, 10);
  return { messages, unread: engine.unread + unreadNewsCount.count };
}

export function Messages({ columnAlias }: { columnAlias?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const list = useAsync(loadMessages, [language]);
  useHostMethods(useMemo(() => ({ refresh: list.reload }), [list.reload]));
  useLive(messageEvents, list.reload);
  if (list.loading && !list.data) return <Loading />;
  if (list.error) return <Alert>{list.error.message}</Alert>;
  if (!list.data?.messages.length) return <Empty>{t('widgets:messages.empty')}</Empty>;
  const { messages, unread } = list.data;
  const open = async (message: Message) => {
    // The read mark is recorded before leaving (SaveNewsItem), so Back shows it read.
    if (!message.read) await markNewsRead({ id: message.id, title: message.title });
    navigate(message.path);
  };
  return (
    <>
      {unread > 0 && (
        <p css={summary} part="summary" data-unread={unread}>
          {t('widgets:messages.unreadCount', { count: unread })}
        </p>
      )}
      <ul css={[widgetList, mark]} part="list" data-column-alias={columnAlias}>
        {messages.map((message) => (
          <li key={message.id}>
            <button
              type="button"
              data-message={message.id}
              data-read={String(message.read)}
              title={message.title}
              onClick={() => void open(message)}
            >
              <span className="title">
                <span className="kind">[{t(`widgets:messages.${message.kind}`)}]</span>
                {message.title}
                <span className="visually-hidden" css={{ position: 'absolute', left: -9999 }}>
                  {t(message.read ? 'widgets:messages.read' : 'widgets:messages.unread')}
                </span>
              </span>
              <small>{message.time.slice(0, 16)}</small>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
