import { css } from '@emotion/react';
import { vars } from './theme';

/** The home widgets' row list: a button per row, title left, muted detail right. */
export const widgetList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li > button {
    width: 100%;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    gap: 12px;
    align-items: center;
    padding: 8px 0;
    border: 0;
    border-bottom: 1px dashed ${vars.border};
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: inherit;
  }
  li > button:hover .title,
  li > button:focus-visible .title {
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
