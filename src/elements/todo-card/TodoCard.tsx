import { css } from '@emotion/react';
import { useCallback, useMemo, useState } from 'react';
import { todoList, type TodoRow } from '../../core/api/workflow';
import { queryFilter } from '../../core/workflow/query';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Table } from '../../ui/table/Table';
import type { Column } from '../../ui/table/columns';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { StatusTag } from '../../ui/workflow/StatusTag';
import { linkStyle } from '../../ui/workflow/styles';
import { useOpenTask } from '../../ui/workflow/useOpenTask';
import { forALeader, taskEvents, useLive } from '../../ui/useLive';

/** The spec's constants (section 9): first load 8 rows, refresh 7, table height 380. */
export const firstLoadRows = 8;
export const refreshRows = 7;
const defaultHeight = 380;
/** Room for the longest English type tag, "Sequential sign", and the cell's padding. */
const typeWidthEnglish = 132;

const header = css`
  display: flex;
  align-items: center;
  gap: 10px;
  margin-bottom: 8px;
  .badge {
    min-width: 22px;
    padding: 0 7px;
    border-radius: 11px;
    background: ${vars.danger};
    color: #fff;
    font-size: 12px;
    line-height: 20px;
    text-align: center;
  }
  .badge[data-total='0'] {
    background: ${vars.textMuted};
  }
  .spacer {
    flex: 1;
  }
  button {
    border: 0;
    background: none;
    cursor: pointer;
    color: ${vars.textMuted};
    font: inherit;
    font-size: 13px;
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  button:hover {
    color: ${vars.primary};
  }
`;

function RefreshIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function TodoCard({
  tableHeight = defaultHeight,
  columnAlias,
}: {
  tableHeight?: number;
  columnAlias?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const opener = useOpenTask();
  const [load, setLoad] = useState({ rows: firstLoadRows, version: 0 });
  const tasks = useAsync(
    () => todoList(queryFilter({ page: 1, pageSize: load.rows })),
    [load, language],
  );
  const refresh = useCallback(
    () => setLoad((current) => ({ rows: refreshRows, version: current.version + 1 })),
    [],
  );
  useHostMethods(useMemo(() => ({ refresh }), [refresh]));
  // A task arriving or leaving shows at once, without a reload (docs/live.md).
  useLive(taskEvents, (event) => {
    if (!forALeader(event)) refresh();
  });

  const columns: Column<TodoRow>[] = [
    {
      key: 'status',
      title: t('workflow:columns.type'),
      // The widest tag of the language: English labels ("Circulated", "Sequential sign")
      // ran into the title in a Chinese-wide column (issue 39, item 6).
      width: language === 'en-US' ? typeWidthEnglish : 92,
      render: (row) => <StatusTag status={row.status} />,
    },
    {
      key: 'subject',
      title: t('workflow:columns.subject'),
      width: 300,
      cardTitle: true,
      render: (row) => (
        <button
          type="button"
          css={linkStyle}
          title={row.subject}
          onClick={() => opener.open(row)}
          data-task={row.taskId || row.id}
        >
          {row.subject}
        </button>
      ),
      value: (row) => row.subject,
    },
    { key: 'name', title: t('workflow:columns.taskName'), width: 140 },
    { key: 'createTime', title: t('workflow:columns.arrivalTime'), width: 160 },
    { key: 'creator', title: t('workflow:columns.initiator'), width: 100 },
  ];
  const total = tasks.data?.total ?? 0;
  return (
    <section aria-label={t('workflow:card.title')} data-column-alias={columnAlias}>
      <div css={header} part="header">
        <span
          className="badge"
          part="badge"
          data-total={tasks.data ? total : undefined}
          // A label names only what has a role: the count is read as "N tasks".
          role="img"
          aria-label={t('workflow:card.total', { count: total })}
        >
          {total}
        </span>
        <span css={{ color: vars.textMuted, fontSize: 13 }}>
          {t('workflow:card.total', { count: total })}
        </span>
        <span className="spacer" />
        <button
          type="button"
          onClick={refresh}
          data-action="refresh"
          aria-label={t('workflow:card.refresh')}
          title={t('workflow:card.refresh')}
        >
          <RefreshIcon />
        </button>
        {!columnAlias && (
          <button type="button" onClick={() => navigate('/flow/todo')} data-action="more">
            {t('workflow:card.more')} ›
          </button>
        )}
      </div>
      {tasks.error && <Alert>{tasks.error.message}</Alert>}
      <Table
        columns={columns}
        rows={tasks.data?.rows ?? []}
        rowKey={(row) => row.taskId || row.id}
        height={Math.max(120, tableHeight)}
        loading={tasks.loading}
        empty={t('workflow:card.empty')}
      />
      {opener.dialog}
    </section>
  );
}
