import { css } from '@emotion/react';
import { vars } from '../theme';

/**
 * A sheet is laid out 280 mm wide: printed at the spec's 70 % zoom it is 196 mm, inside an
 * A4 page with a 10 mm left margin. Printed, a sheet is at most 292 mm / 0.7 ≈ 417 mm tall
 * (A4 less the 5 mm top margin), which every layout stays well below, so one sheet is
 * exactly one printed page.
 */
export const frame = css`
  background: #e9ebee;
  min-height: 100vh;
  .toolbar {
    position: sticky;
    top: 0;
    z-index: 5;
    display: flex;
    gap: 8px;
    align-items: center;
    justify-content: center;
    flex-wrap: wrap;
    padding: 10px;
    background: #fff;
    box-shadow: 0 1px 6px rgba(0, 0, 0, 0.08);
  }
  .page-number {
    min-width: 110px;
    text-align: center;
    color: ${vars.textMuted};
  }
  .progress-wrap {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    color: ${vars.textMuted};
  }
  .progress {
    position: relative;
    width: 240px;
    height: 6px;
    background: ${vars.border};
    border-radius: 3px;
    overflow: hidden;
  }
  .progress > span {
    display: block;
    height: 100%;
    background: ${vars.primary};
  }
  .progress.indeterminate > span {
    width: 30%;
    animation: atrium-print-progress 1.2s ease-in-out infinite;
  }
  @keyframes atrium-print-progress {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(340%);
    }
  }
  .status {
    max-width: 640px;
    margin: 40px auto;
    padding: 0 16px;
  }
  .document {
    padding: 20px 0 40px;
  }
  .sheet {
    width: 280mm;
    margin: 0 auto 20px;
    padding: 10mm 12mm;
    background: #fff;
    color: #000;
    box-shadow: 0 2px 12px rgba(0, 0, 0, 0.12);
    box-sizing: border-box;
    font-size: 14px;
  }
  .sheet.hidden-on-screen {
    display: none;
  }
  /* Off-screen sheets are not laid out until scrolled to: a thousand-notice batch costs the
     screen only what is in view (printing lays out everything, see below). */
  @media screen {
    .document {
      zoom: var(--atrium-print-fit, 1);
    }
    .sheet {
      content-visibility: auto;
      contain-intrinsic-size: auto 280mm auto 200mm;
    }
  }
  @media print {
    background: #fff;
    min-height: 0;
    .screen-only {
      display: none !important;
    }
    .document {
      padding: 0;
      zoom: 0.7;
    }
    .sheet,
    .sheet.hidden-on-screen {
      display: block;
      width: 280mm;
      margin: 0;
      box-shadow: none;
      padding: 0 4mm;
    }
    .sheet {
      break-after: page;
    }
    .sheet:last-of-type {
      break-after: auto;
    }
  }
`;

/** The printed forms: ruled tables, a title, signatures, the seal. */
export const form = css`
  font-family: ${vars.font};
  h1 {
    text-align: center;
    font-size: 22px;
    letter-spacing: 2px;
    margin: 0 0 12px;
  }
  h2 {
    font-size: 15px;
    margin: 10px 0 4px;
  }
  p {
    margin: 4px 0;
  }
  .meta {
    display: flex;
    justify-content: space-between;
    gap: 12px;
    margin-bottom: 6px;
    font-size: 13px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    table-layout: fixed;
  }
  table + table {
    margin-top: -1px;
  }
  th,
  td {
    border: 1px solid #000;
    padding: 5px 6px;
    vertical-align: middle;
    /* Words stay whole in English ("management", not "manage ment"); Chinese still breaks
       between characters; only a word longer than its cell is broken (issue 13, item 10). */
    word-break: normal;
    overflow-wrap: anywhere;
    height: 28px;
  }
  th {
    font-weight: 600;
    background: #f3f3f3;
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .center {
    text-align: center;
  }
  .label {
    background: #fafafa;
    width: 14%;
  }
  .nowrap {
    white-space: nowrap;
  }
  .pair + .pair {
    margin-left: 2em;
  }
  .capitals {
    font-weight: 600;
    white-space: nowrap;
  }
  .footer {
    margin-top: 10px;
    font-size: 13px;
    display: flex;
    justify-content: space-between;
    align-items: flex-end;
    gap: 12px;
  }
  table.dunning {
    font-size: 12px;
  }
  /* The seal sits above the signing company's name and ends on it: the upload time below
     stays readable (issue 13, item 11). */
  .sign {
    position: relative;
    text-align: right;
    padding-top: 92px;
  }
  .sign img {
    position: absolute;
    right: 16px;
    top: 0;
    width: 110px;
    height: 110px;
    opacity: 0.85;
  }
  .block + .block {
    margin-top: 16mm;
  }
`;
