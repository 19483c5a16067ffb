import { useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useT } from '../i18n';
import { cellText, isActions, type Column } from './columns';
import type { SortState } from './sort';
import { cardValueLine, cards } from './styles';
import { useMeasuredRange } from './useMeasuredRange';

/**
 * A card's usual height, from its parts: a title, two fields a line, then the actions. The list
 * starts from it and measures each card it draws, since a long value wraps and makes its card
 * taller (a flow's name, a status in English): nothing on a card is cut to keep heights fixed.
 */
const titleHeight = 30;
const fieldLineHeight = 42;
const actionsHeight = 44;
// 12 px padding and a 1 px border at top and bottom.
const padding = 26;
const gap = 8;
/**
 * A field whose table column is this wide holds long values (a time to the second, a name):
 * half of a 360 px phone's card cut them, so it takes a whole line.
 */
const wideColumn = 150;

export const isWideField = <Row,>(column: Column<Row>) =>
  (column.width ?? 0) >= wideColumn || (column.cardLines ?? 1) > 1;

/** The lines a column's value takes beyond its first (`cardLines`). */
const extraLines = <Row,>(column: Column<Row>) => Math.max(1, column.cardLines ?? 1) - 1;

/** How tall a field is: its name, then its value over `cardLines` lines. */
const fieldHeight = <Row,>(column: Column<Row>) =>
  fieldLineHeight + extraLines(column) * cardValueLine;

/** How tall the title is: a line, and more when its column asks for them. */
const titleLinesHeight = <Row,>(column: Column<Row>) =>
  titleHeight + extraLines(column) * cardValueLine;

/**
 * The most lines a card shows of a value before "…": enough for any name or status in either
 * language; only a value longer than that (a pasted paragraph) is cut, whole on its own page.
 */
const valueLines = 3;

const lineLimit = <Row,>(column: Column<Row>) => Math.max(valueLines, column.cardLines ?? 1);

/** Room kept under the list when it runs to the bottom of the screen. */
const bottomMargin = 16;

/**
 * How tall the card list may be: down to the bottom of the screen (a table's height, counted
 * in 36 px rows, left a phone's screen half empty under a box that showed one card at a time),
 * and never shorter than the height the page asked for, so a list far down the page still
 * shows cards without scrolling the page first. With few cards it is only as tall as they are.
 */
function useRoomBelow(asked: number) {
  const node = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(asked);
  useLayoutEffect(() => {
    const measure = () => {
      const top = node.current?.getBoundingClientRect().top;
      if (top !== undefined) setRoom(window.innerHeight - (top + window.scrollY) - bottomMargin);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { node, maxHeight: Math.max(asked, room) };
}

/** A card's parts: its title (the `cardTitle` column, else the first field), fields, actions. */
export function cardParts<Row>(columns: readonly Column<Row>[]) {
  const title =
    columns.find((column) => column.cardTitle) ??
    columns.find((column) => column.kind !== 'index' && !isActions(column));
  const fields = columns.filter(
    (column) => column !== title && column.kind !== 'index' && !isActions(column),
  );
  return { title, fields, actions: columns.find(isActions) };
}

/**
 * How tall the fields are, placed as the grid places them (in order, never back into a hole):
 * two a line, a wide one alone on its own.
 */
function fieldsHeight<Row>(fields: readonly Column<Row>[]): number {
  let height = 0;
  let halfOpen = false;
  for (const field of fields) {
    if (isWideField(field)) {
      height += fieldHeight(field);
      halfOpen = false;
    } else if (halfOpen) {
      halfOpen = false;
    } else {
      height += fieldLineHeight;
      halfOpen = true;
    }
  }
  return height;
}

/** A card's usual height with the gap under it: the estimate before a card is measured. */
export function cardHeight<Row>(columns: readonly Column<Row>[]): number {
  const { title, fields, actions } = cardParts(columns);
  return (
    (title ? titleLinesHeight(title) : 0) +
    fieldsHeight(fields) +
    (actions ? actionsHeight : 0) +
    padding +
    gap
  );
}

function cell<Row>(column: Column<Row>, row: Row, index: number): ReactNode {
  return column.render ? column.render(row, index) : cellText(column, row, index);
}

/**
 * A table's rows as cards, for narrow screens (issue 13): what the row is as the title, its
 * fields two a line with their names, its actions at the foot. Drawn virtually like the table,
 * with the sort as a select since there is no header to click.
 */
export function Cards<Row>({
  columns,
  count,
  rowAt,
  rowKey,
  height,
  overscan,
  onRange,
  sort,
  sortable,
  onSort,
  summary,
  summaryLabel,
  overlay,
}: {
  columns: readonly Column<Row>[];
  count: number;
  rowAt: (index: number) => Row | undefined;
  rowKey: (row: Row, index: number) => string;
  height: number;
  overscan: number;
  onRange?: ((first: number, last: number) => void) | undefined;
  sort: SortState | null;
  sortable: (column: Column<Row>) => boolean;
  onSort: (sort: SortState | null) => void;
  summary?: Record<string, unknown> | undefined;
  summaryLabel?: string | undefined;
  overlay: ReactNode;
}) {
  const t = useT();
  const itemHeight = cardHeight(columns);
  const { node, maxHeight } = useRoomBelow(height);
  const sortValue = sort ? `${sort.key}:${sort.direction}` : '';
  // Another sort, filter or count is other contents: what was measured no longer applies.
  const firstRow = count > 0 ? rowAt(0) : undefined;
  const generation = `${count}|${sortValue}|${firstRow === undefined ? '' : rowKey(firstRow, 0)}`;
  const range = useMeasuredRange({
    count,
    generation,
    estimate: itemHeight,
    gap,
    viewport: maxHeight,
    overscan,
    scroller: node,
    onRange,
  });
  const listHeight = count === 0 ? height : Math.min(range.total, maxHeight);
  const { title, fields, actions } = cardParts(columns);
  const sorts = columns.filter(sortable);

  return (
    <div css={cards} part="table" data-layout="cards" data-rows={count}>
      {sorts.length > 0 && (
        <label className="sort">
          <span>{t('common:table.sortBy')}</span>
          <select
            value={sortValue}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':');
              onSort(key ? { key, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
            }}
          >
            <option value="">{t('common:table.unsorted')}</option>
            {sorts.flatMap((column) => [
              <option key={`${column.key}:asc`} value={`${column.key}:asc`}>
                {t('common:table.ascending', { column: column.title })}
              </option>,
              <option key={`${column.key}:desc`} value={`${column.key}:desc`}>
                {t('common:table.descending', { column: column.title })}
              </option>,
            ])}
          </select>
        </label>
      )}
      <div
        ref={node}
        className="scroller"
        style={{ height: listHeight }}
        onScroll={(event: UIEvent<HTMLDivElement>) => range.onScroll(event.currentTarget.scrollTop)}
      >
        <ul style={{ paddingTop: range.before, paddingBottom: range.after }}>
          {Array.from({ length: Math.max(0, range.last - range.first) }, (_, offset) => {
            const index = range.first + offset;
            const row = rowAt(index);
            if (row === undefined)
              return (
                <li key={`pending-${index}`} style={{ height: itemHeight - gap }} data-pending="">
                  <span className="pending" />
                </li>
              );
            const key = rowKey(row, index);
            return (
              <li key={key} data-row={index} data-index={index} ref={range.measure}>
                {title && (
                  <div
                    className="title"
                    data-column={title.key}
                    style={{ WebkitLineClamp: lineLimit(title) }}
                  >
                    {cell(title, row, index)}
                  </div>
                )}
                <dl>
                  {fields.map((column) => (
                    <div
                      key={column.key}
                      data-column={column.key}
                      className={isWideField(column) ? 'wide' : undefined}
                    >
                      <dt>{column.title}</dt>
                      <dd
                        className={column.kind === 'money' ? 'num' : undefined}
                        style={{ WebkitLineClamp: lineLimit(column) }}
                      >
                        {cell(column, row, index)}
                      </dd>
                    </div>
                  ))}
                </dl>
                {actions && (
                  <div className="actions" data-column={actions.key}>
                    {cell(actions, row, index)}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {overlay}
      </div>
      {summary && count > 0 && (
        <dl className="summary" data-row="summary">
          <div>
            <dt>{summaryLabel ?? t('common:table.total')}</dt>
          </div>
          {fields
            .filter((column) => summary[column.key] !== undefined)
            .map((column) => (
              <div key={column.key} data-column={column.key}>
                <dt>{column.title}</dt>
                <dd className="num">
                  {cellText({ ...column, render: undefined, value: undefined }, summary as Row, 0)}
                </dd>
              </div>
            ))}
        </dl>
      )}
    </div>
  );
}
