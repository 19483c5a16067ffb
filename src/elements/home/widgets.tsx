import { css } from '@emotion/react';
import { createElement, useState, type ComponentType } from 'react';
import type { ColumnConfig } from '../../core/api/shell';
import { $config } from '../../core/config';
import { request, type Service } from '../../core/http';
import { Pager } from '../../ui/Pager';
import { fillTemplate } from './template';
import { listNews } from '../../core/api/portal';
import { attendanceCard } from '../../core/api/widgets';
import { formatDate } from '../../core/dates';
import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { widgetList } from '../../ui/widget-list';

export type Widget = ComponentType<{ column: ColumnConfig }>;

/** Announcements (type 1) or news (type 0): initiator, subject, publish date; five rows. */
function newsWidget(type: '1' | '0'): Widget {
  return function NewsColumn() {
    const navigate = useNavigate();
    const items = useAsync(() => listNews({ type, limit: 5 }), []);
    if (items.loading) return <Loading />;
    if (!items.data?.length) return <Empty />;
    return (
      <ul css={widgetList}>
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
  const card = useAsync(attendanceCard, []);
  const row = card.data;
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

/** The column pager default of section 9: page 1, size 10. */
export const columnPageSize = 10;

interface Fetched {
  data: Record<string, unknown>;
  rows: Record<string, unknown>[];
  total: number;
}

/**
 * A column's data: `{service}/path?query` with its request type and dataParam; a paged
 * column asks for one page (pageBean), and an answer that is a bare list is paged here.
 */
async function fetchColumnData(column: ColumnConfig, page: number): Promise<Fetched> {
  const match = /^\{(\w+)\}([^?]*)(?:\?(.*))?$/.exec(column.dataFrom);
  const services = $config.get().services as unknown as Record<string, string>;
  if (!match || !(match[1]! in services)) throw new Error(column.dataFrom);
  const [, service, path, query] = match;
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  const paging = column.needPage ? { page, pageSize: columnPageSize } : null;
  const post = column.requestType.toUpperCase() === 'POST';
  const body = post
    ? {
        ...(JSON.parse(column.dataParam || '{}') as object),
        ...(paging ? { pageBean: paging } : {}),
      }
    : undefined;
  const answer = await request<unknown>(service as Service, post ? 'POST' : 'GET', path!, body, {
    quiet: true,
    params: { ...params, ...(!post && paging ? paging : {}) },
  });
  const value = (
    answer && typeof answer === 'object' && 'value' in answer ? answer.value : answer
  ) as Record<string, unknown> | Record<string, unknown>[];
  if (Array.isArray(value)) {
    const start = paging ? (page - 1) * columnPageSize : 0;
    const rows = paging ? value.slice(start, start + columnPageSize) : value;
    return { data: {}, rows, total: value.length };
  }
  const rows = Array.isArray(value?.rows) ? (value.rows as Record<string, unknown>[]) : [];
  return { data: value ?? {}, rows, total: Number(value?.total ?? rows.length) };
}

/** dataMode 3: the HTML template filled with the fetched data; needPage adds the pager. */
function TemplateColumn({ column }: { column: ColumnConfig }) {
  const [page, setPage] = useState(1);
  const html = useAsync(async () => {
    const [{ default: purify }, fetched] = await Promise.all([
      import('dompurify'),
      fetchColumnData(column, page),
    ]);
    const template = decodeBase64Html(column.templateHtml);
    return {
      html: purify.sanitize(fillTemplate(template, fetched.data, fetched.rows)),
      total: fetched.total,
    };
  }, [column, page]);
  if (html.error)
    return (
      <p className="column-error" role="alert">
        {html.error.message}
      </p>
    );
  if (!html.data) return <Loading />;
  return (
    <>
      <div className="html-column" dangerouslySetInnerHTML={{ __html: html.data.html }} />
      {column.needPage && (
        <Pager page={page} pageSize={columnPageSize} total={html.data.total} onPage={setPage} />
      )}
    </>
  );
}

/** colType 1 or 4 without chart type 2: a report, opened at the column's address. */
function ReportColumn({ column }: { column: ColumnConfig }) {
  const t = useT();
  const navigate = useNavigate();
  if (!column.colUrl) return <Empty />;
  return (
    <div className="unavailable">
      <button type="button" onClick={() => navigate(column.colUrl)} data-action="open-report">
        {t('shell:home.openReport')}
      </button>
    </div>
  );
}

export const builtInWidgets: Record<string, Widget> = {
  announcements: newsWidget('1'),
  news: newsWidget('0'),
  attendance: AttendanceColumn,
  html: HtmlColumn,
  template: TemplateColumn,
  report: ReportColumn,
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

/** A widget this build can show: built in, or plugged by an element the page has defined. */
export const knownWidget = (widget: string) =>
  widget in builtInWidgets || widget in pluggableWidgets;

/** The attributes a plugged element gets from its column. */
export function pluggedElement(tag: string, column: ColumnConfig) {
  const alias = /[?&]alias=([^&]+)/.exec(column.dataFrom)?.[1];
  const chartId = /\/customChart\/v1\/get\/([\w-]+)/.exec(column.dataFrom)?.[1];
  const templateKey = /[?&]templateKey=([^&]+)/.exec(column.dataFrom)?.[1];
  return createElement(tag, {
    'column-alias': column.alias,
    ...(alias ? { alias: decodeURIComponent(alias) } : {}),
    ...(chartId ? { 'chart-id': chartId } : {}),
    ...(templateKey ? { 'template-key': decodeURIComponent(templateKey) } : {}),
    'table-height': String(Math.max(120, column.colHeight - 60)),
  });
}
