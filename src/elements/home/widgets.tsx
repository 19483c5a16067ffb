import { css } from '@emotion/react';
import { createElement, type ComponentType } from 'react';
import type { ColumnConfig } from '../../core/api/shell';
import { listNews } from '../../core/api/portal';
import { http } from '../../core/http';
import { formatDate } from '../../core/dates';
import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

export type Widget = ComponentType<{ column: ColumnConfig }>;

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li button {
    width: 100%;
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 12px;
    padding: 8px 0;
    border: 0;
    border-bottom: 1px dashed ${vars.border};
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  li button:hover .title {
    color: ${vars.primary};
  }
  .title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${vars.textMuted};
  }
`;

/** Announcements (type 1) or news (type 0): initiator, subject, publish date; five rows. */
function newsWidget(type: '1' | '0'): Widget {
  return function NewsColumn() {
    const navigate = useNavigate();
    const items = useAsync(() => listNews({ type, limit: 5 }), []);
    if (items.loading) return <Loading />;
    if (!items.data?.length) return <Empty />;
    return (
      <ul css={list}>
        {items.data.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => navigate(`/news/${item.id}`)}
              data-news-id={item.id}
            >
              <span className="title">{item.title}</span>
              <small>
                {item.drafter} · {formatDate(item.createTime)}
              </small>
            </button>
          </li>
        ))}
      </ul>
    );
  };
}

const counters = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;
  button {
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surfaceMuted};
    padding: 14px;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  strong {
    display: block;
    font-size: 26px;
    color: ${vars.primary};
  }
`;

/** Attendance exceptions this month and leave days this year, opening their query views. */
function AttendanceColumn() {
  const t = useT();
  const navigate = useNavigate();
  const card = useAsync(
    () =>
      http.post<{ rows: { exceptionCount: number; leaveDays: number }[] }>(
        'form',
        '/form/customQuery/v1/doQuery',
        {},
        {
          params: { alias: 'attendanceCard', page: 1 },
        },
      ),
    [],
  );
  const row = card.data?.rows[0];
  if (card.loading) return <Loading />;
  return (
    <div css={counters}>
      <button
        type="button"
        onClick={() => navigate('/statement/querySql/queryView/kqyc/kqycmx/true')}
        data-counter="exceptions"
      >
        <strong>{row?.exceptionCount ?? 0}</strong>
        {t('shell:home.attendanceExceptions')}
      </button>
      <button
        type="button"
        onClick={() => navigate('/statement/querySql/queryView/grqjmx/grqj/true')}
        data-counter="leave"
      >
        <strong>{row?.leaveDays ?? 0}</strong>
        {t('shell:home.leaveDays')}
      </button>
    </div>
  );
}

function decodeBase64Html(text: string): string {
  try {
    const binary = atob(text);
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

/** An HTML column: the template is Base64 of UTF-8 HTML, sanitised before it is shown. */
function HtmlColumn({ column }: { column: ColumnConfig }) {
  const html = useAsync(async () => {
    const { default: purify } = await import('dompurify');
    return purify.sanitize(decodeBase64Html(column.templateHtml));
  }, [column.templateHtml]);
  return <div className="html-column" dangerouslySetInnerHTML={{ __html: html.data ?? '' }} />;
}

export const builtInWidgets: Record<string, Widget> = {
  announcements: newsWidget('1'),
  news: newsWidget('0'),
  attendance: AttendanceColumn,
  html: HtmlColumn,
};

/**
 * Widgets other elements provide: a column shows the element when the page has loaded it
 * (by tag, never by import), and says the column is not available otherwise.
 */
export const pluggableWidgets: Record<string, string> = {
  todo: 'atrium-todo-card',
  counters: 'atrium-task-counters',
  favouriteApps: 'atrium-favourite-apps',
  meetings: 'atrium-meetings',
  messages: 'atrium-messages',
  newsCarousel: 'atrium-news-carousel',
  shortcuts: 'atrium-shortcuts',
  chart: 'atrium-chart-column',
  dataTemplate: 'atrium-data-template',
  customQuery: 'atrium-custom-query',
};

/** The attributes a plugged element gets from its column. */
export function pluggedElement(tag: string, column: ColumnConfig) {
  const alias = /[?&]alias=([^&]+)/.exec(column.dataFrom)?.[1];
  return createElement(tag, {
    'column-alias': column.alias,
    ...(alias ? { alias: decodeURIComponent(alias) } : {}),
    'table-height': String(Math.max(120, column.colHeight - 60)),
  });
}
