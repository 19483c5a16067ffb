import { css } from '@emotion/react';
import { useMemo, useState } from 'react';
import { meetings } from '../../core/api/widgets';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Pager } from '../../ui/Pager';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { vars } from '../../ui/theme';
import { widgetList } from '../../ui/widget-list';
import { MeetingPage } from './MeetingPage';

/** Spec section 9: the home card shows 3 of today's meetings; the list page pages by 10. */
export const cardRows = 3;
/** The online form whose bookings the card shows beside the meetings (docs/forms.md). */
const bookingTemplate = 'meetingBooking';

/** A booking the caller may not open (invited, hosting) is a row like the others, not a button. */
const rowList = css`
  ${widgetList};
  li > .row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 12px;
    align-items: center;
    padding: 8px 0;
    border-bottom: 1px dashed ${vars.border};
  }
  /* A booking's detail (time, room) gives way before the title does on a narrow card. */
  li > button,
  li > .row {
    grid-template-columns: minmax(35%, 1fr) minmax(0, max-content);
  }
  small {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export function Meetings({
  mode,
  meetingId,
  columnAlias,
}: {
  mode?: string;
  meetingId?: string;
  columnAlias?: string;
}) {
  if (mode === 'detail' && meetingId) return <MeetingPage meetingId={meetingId} />;
  return <MeetingList mode={mode} columnAlias={columnAlias} />;
}

function MeetingList({
  mode,
  columnAlias,
}: {
  mode?: string | undefined;
  columnAlias?: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const list = mode === 'list';
  const [page, setPage] = useState(1);
  const pageSize = list ? 10 : cardRows;
  // The home card is 今日会议: today's only (issue 39, item 5); the list page shows them all.
  const answer = useAsync(
    () => meetings(page, pageSize, { today: !list }),
    [page, pageSize, list, language],
  );
  useHostMethods(useMemo(() => ({ refresh: answer.reload }), [answer.reload]));
  if (answer.loading && !answer.data) return <Loading />;
  if (answer.error) return <Alert>{answer.error.message}</Alert>;
  const rows = answer.data?.rows ?? [];
  return (
    <div data-column-alias={columnAlias} aria-label={t('widgets:meetings.label')} role="region">
      {rows.length === 0 ? (
        <Empty>{t('widgets:meetings.empty')}</Empty>
      ) : (
        <ul css={rowList} part="list">
          {rows.map((row) => {
            const body = (
              <>
                <span className="title">{row.hymc}</span>
                <small>
                  {row.kssj}
                  {row.kind === 'booking' &&
                    ` · ${row.room ? `${row.room} · ` : ''}${t('widgets:meetings.booking')}`}
                </small>
              </>
            );
            // A meeting opens as a meeting; a booking its record when the caller may open it.
            const target =
              row.kind === 'meeting'
                ? `/meeting/${encodeURIComponent(row.id)}`
                : row.canOpen
                  ? `/statement/template/form/${bookingTemplate}/get?id=${encodeURIComponent(row.id)}`
                  : null;
            return (
              <li key={row.id}>
                {target ? (
                  <button
                    type="button"
                    data-meeting={row.id}
                    data-kind={row.kind}
                    onClick={() => navigate(target)}
                  >
                    {body}
                  </button>
                ) : (
                  <div className="row" data-meeting={row.id} data-kind={row.kind}>
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list && answer.data && (
        <Pager page={page} pageSize={pageSize} total={answer.data.total} onPage={setPage} />
      )}
    </div>
  );
}
