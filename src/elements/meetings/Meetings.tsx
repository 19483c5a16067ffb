import { useMemo, useState } from 'react';
import { meetings } from '../../core/api/widgets';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Pager } from '../../ui/Pager';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { widgetList } from '../../ui/widget-list';

/** Spec section 9: the home card shows 3 meetings; the list page pages by 10. */
export const cardRows = 3;

export function Meetings({ mode, columnAlias }: { mode?: string; columnAlias?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const list = mode === 'list';
  const [page, setPage] = useState(1);
  const pageSize = list ? 10 : cardRows;
  const answer = useAsync(() => meetings(page, pageSize), [page, pageSize, language]);
  useHostMethods(useMemo(() => ({ refresh: answer.reload }), [answer.reload]));
  if (answer.loading && !answer.data) return <Loading />;
  if (answer.error) return <Alert>{answer.error.message}</Alert>;
  const rows = answer.data?.rows ?? [];
  return (
    <div data-column-alias={columnAlias} aria-label={t('widgets:meetings.label')} role="region">
      {rows.length === 0 ? (
        <Empty>{t('widgets:meetings.empty')}</Empty>
      ) : (
        <ul css={widgetList} part="list">
          {rows.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                data-meeting={row.id}
                onClick={() => navigate(`/task/${row.taskId}`)}
              >
                <span className="title">{row.hymc}</span>
                <small>{row.kssj}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list && answer.data && (
        <Pager page={page} pageSize={pageSize} total={answer.data.total} onPage={setPage} />
      )}
    </div>
  );
}
