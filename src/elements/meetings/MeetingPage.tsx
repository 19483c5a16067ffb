import { css } from '@emotion/react';
import { meeting } from '../../core/api/widgets';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Loading, NotLoaded } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const page = css`
  display: flex;
  flex-direction: column;
  gap: 16px;
  max-width: 760px;
  padding: 20px;
  background: ${vars.surface};
  border-radius: 10px;
  h2 {
    margin: 0;
    font-size: 20px;
    word-break: break-word;
  }
  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 10px 20px;
    margin: 0;
  }
  dt {
    color: ${vars.textMuted};
  }
  dd {
    margin: 0;
    word-break: break-word;
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 6px 16px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  small {
    color: ${vars.textMuted};
    margin-left: 4px;
  }
`;

/** A meeting opens as a meeting: its time, room, organiser and attendees, and what it is about. */
export function MeetingPage({ meetingId }: { meetingId: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const loaded = useAsync(() => meeting(meetingId), [meetingId, language]);
  if (loaded.loading && !loaded.data) return <Loading />;
  if (!loaded.data) return <NotLoaded load={loaded} notFound={t('widgets:meetings.notFound')} />;
  const detail = loaded.data;
  const time = detail.endTime
    ? `${detail.startTime} – ${detail.endTime.slice(detail.endTime.startsWith(detail.startTime.slice(0, 10)) ? 11 : 0)}`
    : detail.startTime;
  return (
    <article css={page} part="meeting" data-meeting={detail.id}>
      <h2>{detail.subject}</h2>
      <dl>
        <dt>{t('widgets:meetings.time')}</dt>
        <dd data-time>{time}</dd>
        <dt>{t('widgets:meetings.room')}</dt>
        <dd data-room>{detail.room || '—'}</dd>
        <dt>{t('widgets:meetings.organiser')}</dt>
        <dd data-organiser>{detail.organiser || '—'}</dd>
        <dt>{t('widgets:meetings.attendees', { count: detail.attendees.length })}</dt>
        <dd>
          <ul data-attendees={detail.attendees.length}>
            {detail.attendees.map((person) => (
              <li key={person.id}>
                {person.name}
                {person.orgName && <small>{person.orgName}</small>}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t('widgets:meetings.about')}</dt>
        <dd>
          <Button onClick={() => navigate(`/inst/${detail.instId}`)} data-action="open-request">
            {t('widgets:meetings.openRequest')}
          </Button>
        </dd>
      </dl>
    </article>
  );
}
