import type { ListKind, ListRow } from '../../core/api/workflow';
import { $language } from '../../core/language';
import { instanceOutcomeKey, opinionLabelKey } from '../../core/workflow/status';
import type { Translate } from '../../ui/i18n';
import type { Column } from '../../ui/table/columns';
import { StatusTag } from '../../ui/workflow/StatusTag';
import { linkStyle } from '../../ui/workflow/styles';

export interface RowHandlers {
  t: Translate;
  /** Opens the row: a task by the opening rule, an instance, a notice, a draft. */
  open: (row: ListRow) => void;
  withdraw: (row: ListRow) => void;
  remove: (row: ListRow) => void;
  start: (row: ListRow) => void;
  markRead: (row: ListRow) => void;
}

export interface KindConfig {
  /** Fields the search text is matched against (LIKE, any of them). */
  searchIn: string[];
  /** The filter property of a /{defKey} route. */
  defKeyField: string;
  /** Columns the server sorts by (the list's sortable properties, docs/workflow.md). */
  sortable: string[];
  columns: (handlers: RowHandlers) => Column<ListRow>[];
}

const text = (row: ListRow, key: string) => String(row[key] ?? '');

/**
 * A list the server joins with its own mark (steps with ',', people with '、'), said in the
 * reader's language: 会计审核、预算审核 / Accounting review, Budget review.
 */
const listed = (joined: string, mark: string) =>
  listFormat($language.get()).format(joined.split(mark).filter(Boolean));

/** One formatter per language, not one per cell drawn. */
const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(language: string): Intl.ListFormat {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { type: 'conjunction', style: 'narrow' });
    listFormats.set(language, format);
  }
  return format;
}

function titleColumn(key: string, handlers: RowHandlers, width = 300): Column<ListRow> {
  // A draft saved before anything was typed has no subject: it still needs a way in.
  const title = (row: ListRow) =>
    text(row, key) || handlers.t('workflow:list.untitled', { flow: text(row, 'procDefName') });
  return {
    key,
    title: handlers.t(key === 'name' ? 'workflow:columns.flowName' : 'workflow:columns.subject'),
    width,
    cardTitle: true,
    // A subject is what the row is: on a phone it gets two lines rather than "…".
    cardLines: 2,
    value: (row) => row[key],
    render: (row) => (
      <button
        type="button"
        css={linkStyle}
        title={title(row)}
        onClick={() => handlers.open(row)}
        data-open={row.id}
      >
        {title(row)}
      </button>
    ),
  };
}

/**
 * The step a task is at, which says what is asked of the reader: on a phone's card it takes
 * a line of its own and wraps ("Department manager approval" was cut at half a card).
 */
const taskNameColumn = (h: RowHandlers, width: number): Column<ListRow> => ({
  key: 'name',
  title: h.t('workflow:columns.taskName'),
  width,
  cardLines: 2,
});

const taskColumns = (extra: (h: RowHandlers) => Column<ListRow>[]) => (h: RowHandlers) => [
  {
    key: 'status',
    title: h.t('workflow:columns.type'),
    width: 96,
    value: (row: ListRow) => row.status,
    render: (row: ListRow) => <StatusTag status={text(row, 'status')} />,
  },
  titleColumn('subject', h),
  taskNameColumn(h, 140),
  ...extra(h),
  { key: 'procDefName', title: h.t('workflow:columns.flowName'), width: 110 },
  { key: 'creator', title: h.t('workflow:columns.initiator'), width: 90 },
  { key: 'createTime', title: h.t('workflow:columns.arrivalTime'), width: 160 },
];

const noticeColumns = (h: RowHandlers, sent: boolean, canMark: boolean): Column<ListRow>[] => [
  {
    key: 'status',
    title: h.t('workflow:columns.type'),
    width: 80,
    render: (row) => <StatusTag status={text(row, 'status')} />,
    value: (row) => row.status,
  },
  titleColumn('subject', h),
  taskNameColumn(h, 130),
  sent
    ? { key: 'receiverName', title: h.t('workflow:columns.holder'), width: 100 }
    : { key: 'ownerName', title: h.t('workflow:columns.sender'), width: 100 },
  { key: 'procDefName', title: h.t('workflow:columns.flowName'), width: 110 },
  { key: 'createTime', title: h.t('workflow:columns.createTime'), width: 160 },
  ...(canMark
    ? [
        {
          key: 'actions',
          title: h.t('workflow:columns.actions'),
          width: 100,
          render: (row: ListRow) => (
            <button
              type="button"
              css={linkStyle}
              onClick={() => h.markRead(row)}
              data-action="mark-read"
            >
              {h.t('workflow:list.markRead')}
            </button>
          ),
        },
      ]
    : [{ key: 'readTime', title: h.t('workflow:columns.readTime'), width: 160 }]),
];

const instanceStatusColumn = (h: RowHandlers): Column<ListRow> => ({
  key: 'status',
  title: h.t('workflow:columns.status'),
  width: 90,
  value: (row) => row.status,
  render: (row) => (
    <span data-inst-status={text(row, 'status')} data-inst-result={text(row, 'resultType')}>
      {h.t(instanceOutcomeKey(text(row, 'status'), text(row, 'resultType')))}
    </span>
  ),
});

const withdrawColumn = (h: RowHandlers, withFlag: boolean): Column<ListRow>[] => [
  ...(withFlag
    ? [
        {
          key: 'revoke',
          title: h.t('workflow:columns.revoke'),
          width: 80,
          value: (row: ListRow) => (row.revoke ? 1 : 0),
          render: (row: ListRow) => (
            <span data-revoke={row.revoke ? 'true' : 'false'}>
              {row.revoke ? h.t('workflow:list.revocable') : h.t('workflow:list.notRevocable')}
            </span>
          ),
        },
      ]
    : []),
  {
    key: 'actions',
    title: h.t('workflow:columns.actions'),
    width: 80,
    render: (row) =>
      row.revoke ? (
        <button
          type="button"
          css={linkStyle}
          onClick={() => h.withdraw(row)}
          data-action="withdraw"
        >
          {h.t('workflow:list.withdraw')}
        </button>
      ) : null,
  },
];

/** The read lists (to read, read, sent for reading) sort by the same fields. */
const readSortable = [
  'subject',
  'name',
  'procDefName',
  'status',
  'creator',
  'ownerName',
  'createTime',
  'readTime',
];

export const kinds: Record<ListKind, KindConfig> = {
  todo: {
    searchIn: ['subject', 'procDefName'],
    sortable: ['subject', 'name', 'procDefName', 'status', 'creator', 'createTime', 'dueTime'],
    defKeyField: 'procDefKey',
    columns: taskColumns((h) => [
      { key: 'dueTime', title: h.t('workflow:columns.dueTime'), width: 160 },
    ]),
  },
  leader: {
    searchIn: ['subject', 'procDefName'],
    sortable: [
      'subject',
      'name',
      'procDefName',
      'status',
      'creator',
      'createTime',
      'dueTime',
      'orgName',
    ],
    defKeyField: 'procDefKey',
    columns: taskColumns((h) => [
      {
        key: 'identityList',
        title: h.t('workflow:columns.leader'),
        width: 120,
        value: (row) =>
          ((row.identityList as { name: string }[] | undefined) ?? [])
            .map((item) => item.name)
            .join('、'),
      },
      { key: 'orgName', title: h.t('workflow:columns.org'), width: 110 },
    ]),
  },
  myDelegate: {
    searchIn: ['subject', 'procDefName'],
    sortable: ['subject', 'name', 'procDefName', 'status', 'creator', 'createTime', 'dueTime'],
    defKeyField: 'procDefKey',
    columns: taskColumns((h) => [
      { key: 'assigneeName', title: h.t('workflow:columns.holder'), width: 100 },
    ]),
  },
  todoRead: {
    searchIn: ['subject', 'procDefName'],
    sortable: readSortable,
    defKeyField: 'procDefKey',
    columns: (h) => noticeColumns(h, false, true),
  },
  doneRead: {
    searchIn: ['subject', 'procDefName'],
    sortable: readSortable,
    defKeyField: 'procDefKey',
    columns: (h) => noticeColumns(h, false, false),
  },
  myRead: {
    searchIn: ['subject', 'procDefName'],
    sortable: readSortable,
    defKeyField: 'procDefKey',
    columns: (h) => noticeColumns(h, true, false),
  },
  done: {
    searchIn: ['subject', 'procDefName'],
    sortable: [
      'subject',
      'name',
      'procDefName',
      'status',
      'opinionStatus',
      'creator',
      'createTime',
      'completeTime',
      'endTime',
    ],
    defKeyField: 'procDefKey',
    columns: (h) => [
      titleColumn('subject', h),
      taskNameColumn(h, 130),
      {
        key: 'opinionStatus',
        title: h.t('workflow:columns.opinionStatus'),
        width: 110,
        value: (row) => row.opinionStatus,
        render: (row) => {
          const key = opinionLabelKey(text(row, 'opinionStatus'));
          return key ? h.t(key) : text(row, 'opinionStatus');
        },
      },
      { key: 'completeTime', title: h.t('workflow:columns.completeTime'), width: 160 },
      instanceStatusColumn(h),
      { key: 'creator', title: h.t('workflow:columns.initiator'), width: 90 },
      ...withdrawColumn(h, true),
    ],
  },
  request: {
    searchIn: ['subject', 'procDefName'],
    sortable: ['subject', 'procDefName', 'status', 'createTime', 'endTime'],
    defKeyField: 'procDefKey',
    columns: (h) => [
      titleColumn('subject', h),
      { key: 'procDefName', title: h.t('workflow:columns.flowName'), width: 110 },
      instanceStatusColumn(h),
      {
        key: 'currentNodes',
        title: h.t('workflow:columns.currentNodes'),
        // Wide enough for an English step and two names (the point of the column): the
        // title gives up the room. Longer ones (parallel steps) are whole in the tooltip.
        width: 320,
        // On a phone's card, two lines: parallel steps and several people rarely fit in one.
        cardLines: 2,
        // Where it stands and who must act now: 会计审核 · 王会计.
        render: (row) => {
          const where = [
            listed(text(row, 'currentNodes'), ','),
            listed(text(row, 'pendingPeople'), '、'),
          ]
            .filter(Boolean)
            .join(' · ');
          return <span title={where}>{where}</span>;
        },
      },
      { key: 'createTime', title: h.t('workflow:columns.createTime'), width: 160 },
      ...withdrawColumn(h, false),
    ],
  },
  draft: {
    searchIn: ['subject', 'procDefName'],
    sortable: ['subject', 'procDefName', 'createTime', 'updateTime'],
    defKeyField: 'procDefKey',
    columns: (h) => [
      titleColumn('subject', h),
      { key: 'procDefName', title: h.t('workflow:columns.flowName'), width: 120 },
      { key: 'createTime', title: h.t('workflow:columns.createTime'), width: 160 },
      { key: 'updateTime', title: h.t('workflow:columns.updateTime'), width: 160 },
      {
        key: 'actions',
        title: h.t('workflow:columns.actions'),
        width: 150,
        render: (row) => (
          <>
            <button type="button" css={linkStyle} onClick={() => h.open(row)} data-action="restore">
              {h.t('workflow:list.restore')}
            </button>
            <button
              type="button"
              css={linkStyle}
              onClick={() => h.remove(row)}
              data-action="delete"
            >
              {h.t('workflow:list.delete')}
            </button>
          </>
        ),
      },
    ],
  },
  newProcess: {
    searchIn: ['name', 'defKey'],
    sortable: ['name', 'typeName', 'createTime'],
    defKeyField: 'defKey',
    columns: (h) => [
      { key: 'typeName', title: h.t('workflow:columns.category'), width: 100 },
      titleColumn('name', h, 180),
      { key: 'desc', title: h.t('workflow:columns.desc'), width: 360 },
      { key: 'version', title: h.t('workflow:columns.version'), width: 70, kind: 'number' },
      {
        key: 'actions',
        title: h.t('workflow:columns.actions'),
        width: 80,
        render: (row) => (
          <button type="button" css={linkStyle} onClick={() => h.start(row)} data-action="start">
            {h.t('workflow:list.start')}
          </button>
        ),
      },
    ],
  },
};

export function isListKind(kind: string | undefined): kind is ListKind {
  return kind !== undefined && Object.hasOwn(kinds, kind);
}
