import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { Drawer } from '../Drawer';
import { useT } from '../i18n';
import { cellText, isActions } from '../table/columns';
import type { CardViewProps } from '../table/Table';
import { vars } from '../theme';

/** Which fields a merchant's card leads with: what it is, who, how much, and its state. */
export interface CardLayout {
  /** The period (NY, YEARMONTH, RQ): the card's first words. */
  lead: string;
  /** The store and brand, under it. */
  sub: string[];
  /** The amount due (or paid), large, at the right. */
  amount?: string;
  /** A code column shown as a tag (confirmed or not; the accounting mode). */
  status?: string;
}

/** Cards a page: several fit on a phone's screen, and the pager reaches the last one. */
export const cardsPerPage = 20;

const styles = css`
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .card {
    all: unset;
    box-sizing: border-box;
    width: 100%;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 2px 12px;
    padding: 10px 12px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    cursor: pointer;
    font-variant-numeric: tabular-nums;
  }
  .card:focus-visible {
    outline: 2px solid ${vars.focus};
  }
  .lead {
    font-weight: 600;
  }
  /* The store and brand wrap rather than end in "…": a brand is how a merchant tells rows apart. */
  .sub {
    color: ${vars.textMuted};
    font-size: 13px;
    overflow-wrap: anywhere;
  }
  .amount {
    grid-row: 2 / span 2;
    grid-column: 2;
    text-align: right;
    align-self: end;
  }
  .amount small {
    display: block;
    color: ${vars.textMuted};
    font-size: 12px;
  }
  .amount b {
    font-size: 17px;
    white-space: nowrap;
  }
  .tag {
    justify-self: end;
    padding: 0 8px;
    border-radius: 10px;
    font-size: 12px;
    line-height: 20px;
    background: ${vars.surfaceMuted};
    color: ${vars.textMuted};
  }
  .tag[data-code='0'] {
    background: ${vars.warningBg};
    color: ${vars.warning};
  }
  .tag[data-code='1'] {
    background: ${vars.successBg};
    color: ${vars.success};
  }
  li[data-pending] {
    height: 78px;
    border-radius: ${vars.radius};
    background: ${vars.surfaceMuted};
  }
  .summary {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    margin: 0 0 8px;
    padding: 8px 12px;
    border-radius: ${vars.radius};
    background: #fbf7ef;
    font-variant-numeric: tabular-nums;
  }
  .summary dl {
    display: contents;
  }
  .summary dd {
    margin: 0;
    font-weight: 600;
  }
  /* The rows in view on a line of their own, then previous, the page and next: all whole. */
  .pager {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: 4px 8px;
    margin-top: 12px;
    font-size: 13px;
    color: ${vars.textMuted};
  }
  .pager [data-count] {
    grid-column: 1 / -1;
    grid-row: 1;
    text-align: center;
  }
  .pager button,
  .pager select {
    min-height: 44px;
    min-width: 44px;
  }
  .pager select {
    justify-self: center;
    max-width: 100%;
    font: inherit;
    color: ${vars.text};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
  }
  .overlay {
    position: relative;
    min-height: 120px;
  }
`;

const detailStyles = css`
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 8px 16px;
    font-variant-numeric: tabular-nums;
  }
  dt {
    color: ${vars.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  dd.num {
    text-align: right;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: 16px;
  }
  .actions button {
    min-height: 44px;
    flex: 1;
    border: 1px solid ${vars.border};
  }
`;

/**
 * A merchant's statements on a phone, as a bank app lists transactions (issue 36, part 2):
 * each card leads with the month, the store and brand, the amount due and whether it is
 * confirmed, compact enough that five fit on a 740 px screen; a tap opens every field and
 * the actions (print, invoices) in a sheet. Twenty cards a page, with the count and a pager
 * whose page list jumps to the end of a long list.
 */
export function FinanceCards<Row>({
  layout,
  columns,
  count,
  rowAt,
  rowKey,
  onRange,
  summary,
  summaryLabel,
  overlay,
}: CardViewProps<Row> & { layout: CardLayout }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<{ row: Row; index: number } | null>(null);
  const pages = Math.max(1, Math.ceil(count / cardsPerPage));
  const current = Math.min(page, pages - 1);
  const first = current * cardsPerPage;
  const last = Math.min(count, first + cardsPerPage);
  useEffect(() => {
    if (last > first) onRange?.(first, last - 1);
  }, [first, last, onRange]);

  const byKey = new Map(columns.map((column) => [column.key, column]));
  const text = (key: string | undefined, row: Row, index: number) => {
    const column = key ? byKey.get(key) : undefined;
    return column ? cellText(column, row, index) : '';
  };
  const amount = layout.amount ? byKey.get(layout.amount) : undefined;
  const actions = columns.find(isActions);
  const fields = columns.filter((column) => !isActions(column) && column.kind !== 'index');
  const top = useRef<HTMLDivElement>(null);
  const turn = (to: number) => {
    setPage(to);
    // The new page starts at the top of the list, not where the thumb left the old one.
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  // Another answer (new filters) starts at its first page.
  useEffect(() => setPage(0), [count]);

  return (
    <div
      ref={top}
      css={styles}
      part="table"
      data-layout="cards"
      data-rows={count}
      data-page={current + 1}
    >
      <div className="overlay">
        {/* Inside the box that holds the loading state, so the sums arriving with the first
            rows move nothing already drawn. */}
        {summary && count > 0 && (
          // The label names the sums; it is not a term with a value of its own.
          <div className="summary" data-row="summary">
            <span>{summaryLabel ?? t('common:table.total')}</span>
            <dl>
              {fields
                .filter((column) => summary[column.key] !== undefined)
                .map((column) => (
                  <div key={column.key} data-column={column.key}>
                    <dt>{column.title}</dt>
                    <dd>
                      {cellText(
                        { ...column, render: undefined, value: undefined },
                        summary as Row,
                        0,
                      )}
                    </dd>
                  </div>
                ))}
            </dl>
          </div>
        )}
        <ul>
          {Array.from({ length: last - first }, (_, offset) => {
            const index = first + offset;
            const row = rowAt(index);
            if (row === undefined) return <li key={`pending-${index}`} data-pending="" />;
            const code = layout.status
              ? String((row as Record<string, unknown>)[layout.status])
              : '';
            return (
              <li key={rowKey(row, index)} data-row={index}>
                <button
                  type="button"
                  className="card"
                  aria-haspopup="dialog"
                  onClick={() => setOpened({ row, index })}
                >
                  <span className="lead" data-column={layout.lead}>
                    {text(layout.lead, row, index)}
                  </span>
                  {layout.status ? (
                    <span className="tag" data-column={layout.status} data-code={code}>
                      {text(layout.status, row, index)}
                    </span>
                  ) : (
                    <span />
                  )}
                  <span className="sub">
                    {layout.sub
                      .map((key) => text(key, row, index))
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  {amount && (
                    <span className="amount" data-column={amount.key}>
                      <small>{amount.title}</small>
                      <b>{text(amount.key, row, index)}</b>
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
        {overlay}
      </div>
      {count > 0 && (
        <nav className="pager" aria-label={t('finance:cards.pages')}>
          <Button
            variant="text"
            disabled={current === 0}
            onClick={() => turn(current - 1)}
            data-action="previous-page"
          >
            {t('common:paging.previous')}
          </Button>
          <span data-count={count}>
            {t('common:table.range', {
              from: (first + 1).toLocaleString('en-US'),
              to: last.toLocaleString('en-US'),
              count,
              total: count.toLocaleString('en-US'),
            })}
          </span>
          <select
            aria-label={t('finance:cards.jump')}
            value={current}
            onChange={(event) => turn(Number(event.target.value))}
            data-action="page"
          >
            {Array.from({ length: pages }, (_, index) => (
              <option key={index} value={index}>
                {t('common:paging.page', { page: index + 1, total: pages })}
              </option>
            ))}
          </select>
          <Button
            variant="text"
            disabled={current >= pages - 1}
            onClick={() => turn(current + 1)}
            data-action="next-page"
          >
            {t('common:paging.next')}
          </Button>
        </nav>
      )}
      <Drawer
        open={opened !== null}
        title={
          opened
            ? [
                text(layout.lead, opened.row, opened.index),
                ...layout.sub.map((key) => text(key, opened.row, opened.index)),
              ]
                .filter(Boolean)
                .join(' · ')
            : ''
        }
        onClose={() => setOpened(null)}
      >
        {opened && (
          <div css={detailStyles} data-card-detail="">
            <dl>
              {fields.map((column) => (
                <div key={column.key} data-column={column.key} style={{ display: 'contents' }}>
                  <dt>{column.title}</dt>
                  <dd className={column.kind === 'money' ? 'num' : undefined}>
                    {column.render
                      ? column.render(opened.row, opened.index)
                      : cellText(column, opened.row, opened.index) || '—'}
                  </dd>
                </div>
              ))}
            </dl>
            {actions && (
              // An action closes the sheet: what it opens (a print window, the invoices) is next.
              <div className="actions" data-column="actions" onClick={() => setOpened(null)}>
                {actions.render?.(opened.row, opened.index)}
              </div>
            )}
          </div>
        )}
      </Drawer>
    </div>
  );
}
