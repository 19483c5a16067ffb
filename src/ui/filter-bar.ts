import { css } from '@emotion/react';
import { vars } from './theme';

/** A row of labelled filters with its buttons at the end (lists, query views, custom queries). */
export const filterBar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px 14px;
  align-items: flex-end;
  margin-bottom: 12px;
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: 13px;
    color: ${vars.textMuted};
  }
  input,
  select {
    height: 34px;
    width: 150px;
  }
  .buttons,
  .range {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;
