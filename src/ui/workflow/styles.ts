import { css } from '@emotion/react';
import { phoneWidth, vars } from '../theme';

/** A page of the workflow area: a white panel on the portal's grey. */
export const pageStyle = css`
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 14px;
`;

export const panelStyle = css`
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
  padding: 16px 20px;
  h2 {
    font-size: 17px;
    margin: 0 0 12px;
  }
`;

export const toolbarStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  input,
  select {
    height: 34px;
    width: auto;
    min-width: 200px;
  }
  .grow {
    flex: 1;
  }
`;

/** A link-looking button for table cells (titles that open, row actions). */
export const linkStyle = css`
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  color: ${vars.primary};
  cursor: pointer;
  text-align: left;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  &:hover {
    text-decoration: underline;
  }
  &:disabled {
    color: ${vars.textMuted};
    cursor: not-allowed;
    text-decoration: none;
  }
  & + & {
    margin-left: 12px;
  }
`;

export const mutedStyle = css`
  color: ${vars.textMuted};
  font-size: 13px;
`;

/**
 * Two fields side by side (a period's start and end), one above the other where two do not
 * fit: a date-time input is wider than half a phone's dialog.
 */
export const fieldPairStyle = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0 16px;
`;

/** Two columns of label and value (task header, form in read-only mode). */
export const factsStyle = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 8px 24px;
  margin: 0;
  div {
    display: flex;
    gap: 8px;
    min-width: 0;
  }
  /* A fact with a flag after it (the due time and 已超期) keeps both on one line. */
  div[data-wide] {
    grid-column: span 2;
  }
  /* A phone has room for one column: spanning two would make a second, crushed one. */
  @media (max-width: ${phoneWidth}px) {
    div[data-wide] {
      grid-column: auto;
    }
  }
  dt {
    color: ${vars.textMuted};
    white-space: nowrap;
  }
  dd {
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;
