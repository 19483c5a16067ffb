import { useState } from 'react';
import { listNews } from '../../core/api/portal';
import { formatDate } from '../../core/dates';
import { useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { NewsItemView } from '../../ui/news/NewsItemView';
import { list } from './styles';

export interface NewsProps {
  classifyId?: string;
  type?: string;
  itemId?: string;
  limit?: number;
}

export function News({ classifyId = 'all', type, itemId, limit = 20 }: NewsProps) {
  const t = useT();
  const [opened, setOpened] = useState<string | null>(null);
  const items = useAsync(
    () => listNews({ classifyId, ...(type ? { type } : {}), limit }),
    [classifyId, type, limit],
  );

  const current = opened ?? itemId ?? null;
  if (current)
    return (
      <NewsItemView id={current} onBack={itemId && !opened ? undefined : () => setOpened(null)} />
    );
  if (items.loading && !items.data) return <Loading />;
  if (!items.data?.length) return <Empty>{t('login:news.empty')}</Empty>;
  return (
    <ul css={list} part="list" aria-label={t('login:news.title')}>
      {items.data.map((item) => (
        <li key={item.id} className={item.status === '未读' ? 'unread' : undefined}>
          <button type="button" onClick={() => setOpened(item.id)} data-news-id={item.id}>
            <span className="tag">
              {item.type === '1' ? t('login:news.announcement') : t('login:news.newsKind')}
            </span>
            <span className="title">{item.title}</span>
            <time dateTime={formatDate(item.createTime)}>{formatDate(item.createTime)}</time>
          </button>
        </li>
      ))}
    </ul>
  );
}
