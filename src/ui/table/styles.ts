import { css } from '@emotion/react';
import { vars } from '../theme';

export const scroller = css`
  position: relative;
  overflow: auto;
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  background: ${vars.surface};
`;

export const table = css`
  border-collapse: separate;
  border-spacing: 0;
  table-layout: fixed;
  min-width: 100%;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 0 12px;
    border-bottom: 1px solid ${vars.border};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    text-align: left;
  }
  thead th {
    position: sticky;
    top: 0;
    z-index: 2;
    height: 40px;
    background: ${vars.surfaceMuted};
    font-weight: 600;
    color: ${vars.text};
  }
  thead th button {
    all: unset;
    cursor: pointer;
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  thead th button:focus-visible {
    outline: 2px solid ${vars.focus};
  }
  .sort-mark {
    font-size: 10px;
    color: ${vars.textMuted};
  }
  [aria-sort='ascending'] .sort-mark,
  [aria-sort='descending'] .sort-mark {
    color: ${vars.primary};
  }
  tbody tr:hover td {
    background: color-mix(in srgb, ${vars.primary} 4%, ${vars.surface});
  }
  tfoot td {
    position: sticky;
    bottom: 0;
    z-index: 2;
    height: 40px;
    background: #fbf7ef;
    font-weight: 600;
    border-top: 1px solid ${vars.border};
  }
  .num {
    text-align: right;
  }
  .spacer td {
    padding: 0;
    border: 0;
  }
  /* A row whose page is on its way: a quiet bar where the text will be. */
  td.pending {
    background: linear-gradient(
        90deg,
        transparent 12px,
        ${vars.surfaceMuted} 12px,
        ${vars.surfaceMuted} 40%,
        transparent 40%
      )
      no-repeat center / 100% 10px;
  }
`;

export const overlay = css`
  position: absolute;
  inset: 40px 0 0 0;
  display: flex;
  align-items: center;
  justify-content: center;
  pointer-events: none;
`;
