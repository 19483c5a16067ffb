import { css } from '@emotion/react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  categories,
  fetchList,
  markRead,
  removeDrafts,
  revokeInstance,
  type FlowDefinition,
  type ListRow,
  type TodoRow,
} from '../../core/api/workflow';
import { rangeOf } from '../../core/list-window';
import { notify } from '../../core/notices';
import { queryFilter } from '../../core/workflow/query';
import { withRevokeFlags, type DoneRow } from '../../core/workflow/revoke';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useHostMethods } from '../../ui/element/context';
import { controlStyle } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Table } from '../../ui/table/Table';
import type { SortState } from '../../ui/table/sort';
import { useListWindow } from '../../ui/table/useListWindow';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { StarterChoiceDialog } from '../../ui/workflow/StarterChoice';
import { pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';
import { useOpenTask } from '../../ui/workflow/useOpenTask';
import { isListKind, kinds } from './kinds';
import { forALeader, taskEvents, useLive } from '../../ui/useLive';

type Pending = { action: 'withdraw' | 'delete'; row: ListRow } | null;

const countStyle = css`
  margin: 10px 0 0;
  text-align: right;
  font-size: 13px;
  color: ${vars.textMuted};
  font-variant-numeric: tabular-nums;
`;

export interface TaskListProps {
  kind?: string;
  defKey?: string;
  orgId?: string;
  orgName?: string;
  pageSize?: number;
  tableHeight?: number;
}

/** A new list per kind, flow and department: paging and search never leak between lists. */
export function TaskList(props: TaskListProps) {
  return (
    <ListPage
      key={`${props.kind ?? 'todo'}/${props.defKey ?? ''}/${props.orgId ?? ''}`}
      {...props}
    />
  );
}

function ListPage({
  kind = 'todo',
  defKey,
  orgId,
  orgName,
  pageSize = 50,
  tableHeight = 436,
}: TaskListProps) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const opener = useOpenTask({ onBehalf: kind === 'leader' });
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [typeId, setTypeId] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const [starting, setStarting] = useState<FlowDefinition | null>(null);
  const known = isListKind(kind);
  const config = known ? kinds[kind] : kinds.todo;

  const [sort, setSort] = useState<SortState | null>(null);
  const [generation, setGeneration] = useState(0);
  const [range, setRange] = useState<[number, number]>([0, 0]);
  const [error, setError] = useState<Error | null>(null);
  const size = Math.min(500, Math.max(1, pageSize));
  const key = JSON.stringify([kind, search, defKey, orgId, typeId, language, sort]);
  const { window, state, renewing } = useListWindow<ListRow>(
    key,
    () => ({
      pageSize: size,
      exactCount: false,
      fetchPage: async (request) => {
        if (!isListKind(kind)) return { rows: [], total: 0 };
        try {
          const answer = await fetchList(
            kind,
            queryFilter({
              page: request.page,
              pageSize: request.pageSize,
              search,
              searchIn: config.searchIn,
              equal: { [config.defKeyField]: defKey, orgId, typeId },
              ...(sort
                ? {
                    sort: {
                      property: sort.key,
                      direction: sort.direction === 'asc' ? 'ASC' : 'DESC',
                    } as const,
                  }
                : {}),
              showTotal: request.count !== 'none',
              ...(request.after ? { after: request.after } : {}),
            }),
          );
          setError(null);
          // The done list shows the revoke flag; the server computes it over all rows.
          const rows =
            kind === 'done'
              ? withRevokeFlags(answer.rows as unknown as (DoneRow & ListRow)[])
              : answer.rows;
          return {
            rows,
            total: answer.total < 0 ? null : answer.total,
            ...(answer.next ? { next: answer.next } : {}),
          };
        } catch (failure) {
          setError(failure as Error);
          throw failure;
        }
      },
    }),
    generation,
  );
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const windowRef = useRef(window);
  windowRef.current = window;
  const onRange = useCallback((first: number, last: number) => {
    setRange([first, last]);
    windowRef.current?.show(first, last);
  }, []);
  useEffect(() => window?.show(range[0], range[1]), [window]); // eslint-disable-line react-hooks/exhaustive-deps
  const types = useAsync(
    () => (kind === 'newProcess' ? categories() : Promise.resolve([])),
    [kind, language],
  );
  useHostMethods(useMemo(() => ({ refresh: reload }), [reload]));
  // A new task appears and a taken or finished one goes, as it happens (docs/live.md).
  // A secretary's leader list hears the leaders' changes; the other lists only the reader's.
  useLive(taskEvents, (event) => {
    if (forALeader(event) === (kind === 'leader')) reload();
  });

  const open = (row: ListRow) => {
    switch (kind) {
      case 'todo':
      case 'leader':
      case 'myDelegate':
        return opener.open(row as unknown as TodoRow);
      case 'done':
      case 'request':
        return navigate(`/inst/${encodeURIComponent(row.id)}`);
      case 'draft':
        return navigate(
          `/start/${encodeURIComponent(String(row.procDefId))}/${encodeURIComponent(row.id)}`,
        );
      case 'newProcess':
        return start(row);
      default:
        return navigate(
          `/myRead/${encodeURIComponent(String(row.procInstId))}/${encodeURIComponent(row.id)}/${kind}`,
        );
    }
  };
  const start = (row: ListRow) => {
    const flow = row as unknown as FlowDefinition;
    if (flow.leaders?.length) setStarting(flow);
    else navigate(`/agentStart/${encodeURIComponent(flow.id)}/0`);
  };
  const handlers = {
    t,
    open,
    start,
    withdraw: (row: ListRow) => setPending({ action: 'withdraw', row }),
    remove: (row: ListRow) => setPending({ action: 'delete', row }),
    markRead: (row: ListRow) =>
      void markRead([row.id]).then(
        (message) => {
          notify('success', message);
          reload();
        },
        () => undefined,
      ),
  };
  const confirmPending = async (reason: string) => {
    if (!pending) return;
    const { row } = pending;
    const message =
      pending.action === 'delete'
        ? await removeDrafts([row.id])
        : await revokeInstance(row.id, kind === 'done' ? String(row.taskId) : undefined, reason);
    notify('success', message);
    setPending(null);
    reload();
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed);
  };

  if (!known) return <Alert>{`${t('common:errors.failed')}: kind "${kind}"`}</Alert>;
  const total = state.total ?? 0;
  const [from, to] = rangeOf(range[0], range[1], total);
  const subject = String(pending?.row.subject ?? '');
  return (
    <div css={pageStyle} data-kind={kind}>
      <section css={panelStyle}>
        <h2>{t(`workflow:list.title.${kind}`)}</h2>
        <form css={toolbarStyle} part="toolbar" onSubmit={submitSearch} role="search">
          <input
            css={controlStyle}
            name="search"
            type="search"
            value={typed}
            placeholder={t(
              kind === 'newProcess'
                ? 'workflow:list.searchFlows'
                : 'workflow:list.searchPlaceholder',
            )}
            aria-label={t('workflow:list.search')}
            onChange={(event) => setTyped(event.target.value)}
          />
          {kind === 'newProcess' && (
            <select
              css={controlStyle}
              name="typeId"
              value={typeId}
              aria-label={t('workflow:columns.category')}
              onChange={(event) => {
                setTypeId(event.target.value);
              }}
            >
              <option value="">{t('workflow:list.allCategories')}</option>
              {types.data?.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          )}
          <Button type="submit" variant="primary" data-action="search">
            {t('workflow:list.search')}
          </Button>
          {orgName && <span data-org={orgId}>{t('workflow:list.org', { name: orgName })}</span>}
        </form>
        {/* A later page that failed; a first one fails in the table, with Retry. */}
        {error && total > 0 && <Alert>{error.message}</Alert>}
        <Table
          columns={config.columns(handlers)}
          source={{
            count: total,
            row: (index) => window?.row(index),
            onRange,
            sort,
            sortable: config.sortable,
          }}
          rowKey={(row, index) => `${row.id}-${String(row.recordId ?? row.taskId ?? index)}`}
          height={tableHeight}
          loading={renewing}
          onSortChange={(next) => setSort(next)}
          failure={error ? { error, onRetry: reload } : undefined}
        />
        <p
          css={countStyle}
          part="pager"
          data-total={renewing ? undefined : total}
          data-from={from}
          data-to={to}
        >
          {renewing
            ? t('common:states.loading')
            : t('common:table.range', {
                from: from.toLocaleString('en-US'),
                to: to.toLocaleString('en-US'),
                count: total,
                total: total.toLocaleString('en-US'),
              })}
        </p>
      </section>
      <ConfirmDialog
        open={pending !== null}
        name={pending?.action ?? 'confirm'}
        title={t(pending?.action === 'delete' ? 'workflow:list.delete' : 'workflow:list.withdraw')}
        message={t(
          pending?.action === 'delete'
            ? 'workflow:list.deleteConfirm'
            : 'workflow:list.withdrawConfirm',
          { subject },
        )}
        {...(pending?.action === 'withdraw'
          ? { reasonLabel: t('workflow:list.withdrawCause') }
          : {})}
        onClose={() => setPending(null)}
        onConfirm={confirmPending}
      />
      <StarterChoiceDialog
        flow={starting}
        onClose={() => setStarting(null)}
        onChosen={(flow, leaderId) =>
          navigate(`/agentStart/${encodeURIComponent(flow.id)}/${encodeURIComponent(leaderId)}`)
        }
      />
      {opener.dialog}
    </div>
  );
}
