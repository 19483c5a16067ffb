import { css } from '@emotion/react';
import { phoneWidth, vars } from './theme';

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
  .error {
    flex-basis: 100%;
    margin: 0;
    color: ${vars.danger};
    font-size: 13px;
  }
  /* A phone: two filters a line, full-width controls, finger-sized. */
  @media (max-width: ${phoneWidth}px) {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    gap: 8px;
    label {
      min-width: 0;
    }
    input,
    select {
      width: 100%;
      height: 44px;
      min-width: 0;
    }
    .buttons,
    .error,
    label:has(> .range) {
      grid-column: 1 / -1;
    }
    /* A date range has a line of its own, its two fields sharing it. */
    .range > * {
      flex: 1;
      min-width: 0;
    }
    .buttons > * {
      flex: 1;
      min-height: 44px;
    }
  }
`;
