import { useState } from 'react';
import { listNews } from '../../core/api/portal';
import { formatDate } from '../../core/dates';
import { useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { NewsItemView } from '../../ui/news/NewsItemView';
import { useMethod } from '../../ui/useMethod';
import { endedToggle, list } from './styles';

/** The method of those who manage news (docs/shell-api.md, "News"). */
const manageNews = 'news:manage';

export interface NewsProps {
  classifyId?: string;
  type?: string;
  itemId?: string;
  limit?: number;
}

export function News({ classifyId = 'all', type, itemId, limit = 20 }: NewsProps) {
  const t = useT();
  const [opened, setOpened] = useState<string | null>(null);
  // Items past their end date leave the list (the server's rule, the unread count's too);
  // those who manage news may show them (issue 39, item 2).
  const manages = useMethod(manageNews);
  const [showEnded, setShowEnded] = useState(false);
  const includeEnded = manages && showEnded;
  const items = useAsync(
    () =>
      listNews({
        classifyId,
        ...(type ? { type } : {}),
        limit,
        ...(includeEnded ? { includeEnded: 'true' } : {}),
      }),
    [classifyId, type, limit, includeEnded],
  );
  const toggle = manages && (
    <label css={endedToggle}>
      <input
        type="checkbox"
        checked={showEnded}
        onChange={(event) => setShowEnded(event.target.checked)}
        data-action="show-ended"
      />
      {t('login:news.showEnded')}
    </label>
  );

  const current = opened ?? itemId ?? null;
  if (current)
    return (
      <NewsItemView id={current} onBack={itemId && !opened ? undefined : () => setOpened(null)} />
    );
  if (items.loading && !items.data) return <Loading />;
  if (!items.data?.length)
    return (
      <>
        {toggle}
        <Empty>{t('login:news.empty')}</Empty>
      </>
    );
  return (
    <>
      {toggle}
      <ul css={list} part="list" aria-label={t('login:news.title')}>
        {items.data.map((item) => (
          <li key={item.id} className={item.status === '未读' ? 'unread' : undefined}>
            <button type="button" onClick={() => setOpened(item.id)} data-news-id={item.id}>
              <span className="tag">
                {item.type === '1' ? t('login:news.announcement') : t('login:news.newsKind')}
              </span>
              <span className="title">
                {item.title}
                {item.start_ === '停用' && (
                  <small className="ended" data-ended={item.endTime}>
                    {t('login:news.ended', { date: item.endTime })}
                  </small>
                )}
              </span>
              <time dateTime={formatDate(item.createTime)}>{formatDate(item.createTime)}</time>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
