import { css } from '@emotion/react';
import { vars } from '../../ui/theme';

export const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin-bottom: 10px;
  .hint {
    color: ${vars.textMuted};
    font-size: 12px;
  }
`;

export const table = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 13px;
  th,
  td {
    padding: 8px 10px;
    text-align: left;
    border-bottom: 1px solid ${vars.border};
    vertical-align: middle;
  }
  th {
    background: ${vars.surfaceMuted};
    color: ${vars.textMuted};
    font-weight: 500;
    white-space: nowrap;
  }
  .check {
    width: 36px;
    text-align: center;
  }
  .num {
    text-align: right;
    white-space: nowrap;
  }
  .name button {
    border: 0;
    background: none;
    padding: 0;
    font: inherit;
    color: ${vars.primary};
    cursor: pointer;
    text-align: left;
    overflow-wrap: anywhere;
  }
  .name button:hover {
    text-decoration: underline;
  }
  .actions {
    white-space: nowrap;
  }
  .actions button + button {
    margin-left: 8px;
  }
  tr.failed td {
    color: ${vars.danger};
  }
  .empty {
    text-align: center;
    color: ${vars.textMuted};
    padding: 24px 10px;
  }
  input[type='checkbox'] {
    width: 15px;
    height: 15px;
    accent-color: ${vars.primary};
  }
`;

export const bar = css`
  height: 6px;
  border-radius: 3px;
  background: ${vars.surfaceMuted};
  overflow: hidden;
  min-width: 120px;
  > span {
    display: block;
    height: 100%;
    background: ${vars.primary};
    transition: width 0.2s;
  }
`;
