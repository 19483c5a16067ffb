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
    padding: 0 10px;
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
    /* A long header takes two lines rather than widening its column (columns.ts). */
    white-space: normal;
    line-height: 1.25;
  }
  thead th button {
    all: unset;
    cursor: pointer;
  }
  .sort-mark {
    margin-left: 4px;
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
  &[data-veil] {
    z-index: 3;
    background: rgba(255, 255, 255, 0.6);
    pointer-events: auto;
  }
  /* At the top, where the rows would start: on a phone the list area reaches far below
     the screen, and its middle is out of sight. */
  &[data-failed] {
    align-items: flex-start;
    padding: 24px 16px 0;
    pointer-events: auto;
  }
`;

/** The hint above a table wider than its box, with arrows that scroll it sideways. */
export const sideways = css`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 4px;
  min-height: 28px;
  margin-bottom: 4px;
  font-size: 12px;
  color: ${vars.textMuted};
  button {
    min-width: 32px;
    height: 28px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    color: ${vars.text};
    cursor: pointer;
  }
`;

/** Pinned columns stay in view as the table scrolls sideways, over the cells they pass. */
export const pinned = css`
  th[data-pin],
  td[data-pin] {
    position: sticky;
    z-index: 1;
    background: ${vars.surface};
  }
  thead th[data-pin] {
    z-index: 3;
    background: ${vars.surfaceMuted};
  }
  tfoot td[data-pin] {
    z-index: 3;
    background: #fbf7ef;
  }
  [data-pin='left-edge'] {
    box-shadow: inset -1px 0 0 ${vars.border};
  }
  [data-pin='right-edge'] {
    box-shadow: inset 1px 0 0 ${vars.border};
  }
`;

/** A card value's line height: what each further line of a wrapping value (`cardLines`) adds. */
export const cardValueLine = 22;

export const cards = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  .sort {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 13px;
    color: ${vars.textMuted};
  }
  .sort select {
    flex: 1;
    min-width: 0;
    min-height: 44px;
    font: inherit;
    color: ${vars.text};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    padding: 0 8px;
  }
  .scroller {
    position: relative;
    overflow: auto;
    -webkit-overflow-scrolling: touch;
    /* The list keeps the reader's place itself (useMeasuredRange), in every browser alike. */
    overflow-anchor: none;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    box-sizing: border-box;
    margin-bottom: 8px;
    padding: 12px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    overflow: hidden;
    display: flex;
    flex-direction: column;
  }
  .title {
    min-height: 30px;
    font-weight: 600;
    line-height: ${cardValueLine}px;
    padding-bottom: 8px;
    box-sizing: border-box;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: 1fr 1fr;
    column-gap: 12px;
    font-variant-numeric: tabular-nums;
  }
  dl > div {
    min-height: 42px;
    min-width: 0;
  }
  dl > div.wide {
    grid-column: 1 / -1;
  }
  dt {
    font-size: 12px;
    line-height: 18px;
    color: ${vars.textMuted};
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  dd {
    margin: 0;
    line-height: ${cardValueLine}px;
  }
  /*
   * A title or value wraps (the card grows), and is cut with "…" only after its last line
   * (the element sets -webkit-line-clamp). A title is often a button that opens the row: it
   * wraps and cuts the same way. An amount breaks only where it has spaces.
   */
  .title,
  .title > *,
  dd {
    white-space: normal;
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .title > * {
    -webkit-line-clamp: inherit;
  }
  dd.num {
    overflow-wrap: normal;
  }
  /* A field without a value says so, rather than leaving its name over a blank. */
  dd:empty::before {
    content: '—';
    color: ${vars.textMuted};
  }
  .actions {
    margin-top: auto;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    min-height: 44px;
  }
  /* A row with nothing to do (a request that can no longer be withdrawn) keeps no room for it. */
  .actions:empty {
    display: none;
  }
  /* Finger-sized actions (44 px, WCAG 2.5.5). */
  .actions button,
  .actions a {
    min-height: 44px;
    min-width: 44px;
  }
  .summary {
    padding: 8px 12px;
    border-radius: ${vars.radius};
    background: #fbf7ef;
    font-weight: 600;
  }
  .summary > div {
    height: auto;
  }
  .pending {
    display: block;
    height: 12px;
    width: 60%;
    margin-top: 8px;
    background: ${vars.surfaceMuted};
    border-radius: 4px;
  }
`;
