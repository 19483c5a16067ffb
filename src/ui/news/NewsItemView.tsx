import '../../core/i18n/shell-elements';
import { useEffect } from 'react';
import { absoluteUrl, getNews, markNewsRead, parseAttachments } from '../../core/api/portal';
import { $session } from '../../core/session';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { useEmit } from '../element/context';
import { useT } from '../i18n';
import { Loading } from '../Status';
import { useAsync } from '../useAsync';
import { NewsAttachments } from './NewsAttachments';
import { article } from './styles';

/**
 * One news item: the platform's content is HTML written by staff; it is sanitised all the
 * same. The sanitiser is loaded with the first item opened, not with a list.
 */
async function loadItem(id: string) {
  const [news, { default: purify }] = await Promise.all([getNews(id), import('dompurify')]);
  return { ...news, safeContent: purify.sanitize(news.content) };
}

/**
 * Title, drafter and time, then the content or the embedded page at its pageHeight, then
 * the attached files. Opening an item records a read mark for a signed-in user.
 */
export function NewsItemView({ id, onBack }: { id: string; onBack?: (() => void) | undefined }) {
  const t = useT();
  const emit = useEmit();
  const item = useAsync(() => loadItem(id), [id]);
  useEffect(() => {
    if (!item.data) return;
    emit('atrium-news-open', { id: item.data.id, title: item.data.title });
    if ($session.get()) void markNewsRead(item.data).catch(() => undefined);
  }, [item.data, emit]);

  const back = onBack && (
    <Button variant="text" onClick={onBack} data-action="back">
      ← {t('shell-elements:news.back')}
    </Button>
  );
  if (item.loading) return <Loading />;
  if (!item.data) {
    return (
      <div>
        {back}
        <Alert>{t('shell-elements:news.loadFailed', { message: item.error?.message ?? '' })}</Alert>
      </div>
    );
  }
  const news = item.data;
  return (
    <article css={article} part="item" data-news-id={news.id}>
      {back}
      <h2 data-field="title">{news.title}</h2>
      <div className="meta">
        <span>
          {t('shell-elements:news.drafter')}
          {t('common:colon')}
          <span data-field="drafter">{news.drafter}</span>
        </span>
        <span>
          {t('shell-elements:news.createTime')}
          {t('common:colon')}
          <time data-field="createTime">{news.createTime}</time>
        </span>
      </div>
      {news.isUrl === 'true' ? (
        <iframe
          src={absoluteUrl(news.url)}
          title={news.title}
          style={{ height: news.pageHeight || 600 }}
          data-field="url"
        />
      ) : (
        <div
          className="content"
          part="content"
          data-field="content"
          dangerouslySetInnerHTML={{ __html: news.safeContent }}
        />
      )}
      <NewsAttachments files={parseAttachments(news.file)} />
    </article>
  );
}
