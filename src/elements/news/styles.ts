import { css } from '@emotion/react';
import { vars } from '../../ui/theme';

/* The list is one grid whose rows are the items (subgrid), so every tag takes the width of
   the widest ("Notice" beside "News") and the titles start on one line. */
export const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr) max-content;
  column-gap: 12px;
  li,
  button {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: subgrid;
  }
  li + li {
    border-top: 1px dashed ${vars.border};
  }
  button {
    align-items: baseline;
    padding: 12px 4px;
    border: 0;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: ${vars.text};
  }
  button:hover .title,
  button:focus-visible .title {
    color: ${vars.primary};
  }
  .tag {
    text-align: center;
    font-size: 12px;
    padding: 0 6px;
    border-radius: 4px;
    color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 10%, transparent);
  }
  /* Two lines before it is cut: in a phone's width, or a narrow column, one line held a
     few characters of a title beside its tag and date. */
  .title {
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }
  .unread .title {
    font-weight: 600;
  }
  .ended {
    margin-left: 8px;
    font-size: 12px;
    font-weight: normal;
    color: ${vars.textMuted};
  }
  time {
    color: ${vars.textMuted};
    font-size: 13px;
  }
`;

/** Managers' switch for items past their end date, and the mark such an item carries. */
export const endedToggle = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: 8px;
  font-size: 13px;
  color: ${vars.textMuted};
  cursor: pointer;
`;
