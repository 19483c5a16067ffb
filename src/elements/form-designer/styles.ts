import { css } from '@emotion/react';
import { controlStyle } from '../../ui/Field';
import { vars } from '../../ui/theme';

/** The designer: the editor beside the live preview; one column on narrow screens. */
export const designerLayout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
  textarea[name='definition'] {
    font-family: ui-monospace, monospace;
    font-size: 12px;
    min-height: 480px;
  }
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** A group of fields (the main fields, a sub-table): a titled card with its rows. */
export const groupStyle = css`
  border: 1px solid ${vars.border};
  border-radius: 8px;
  margin-bottom: 16px;
  > header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 10px 12px;
    background: ${vars.surfaceMuted};
    border-radius: 8px 8px 0 0;
    h3 {
      margin: 0;
      font-size: 15px;
      flex: 1 1 auto;
    }
  }
  > footer {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    padding: 10px 12px;
    select {
      ${controlStyle};
      width: auto;
      height: 32px;
    }
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

/** One field's row: its order buttons, what it is, and its settings when open. */
export const rowStyle = css`
  border-top: 1px solid ${vars.border};
  &:first-of-type {
    border-top: 0;
  }
  .summary {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 6px 8px 6px 12px;
    min-height: 44px;
  }
  .open {
    flex: 1 1 auto;
    min-width: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 8px;
    border: 0;
    background: none;
    font: inherit;
    color: ${vars.text};
    text-align: start;
    cursor: pointer;
    padding: 6px 0;
  }
  .open:focus-visible {
    outline: 2px solid ${vars.focus};
    outline-offset: 2px;
  }
  .name {
    color: ${vars.textMuted};
    font-family: ui-monospace, monospace;
    font-size: 12px;
  }
  .tag {
    font-size: 12px;
    padding: 1px 6px;
    border-radius: 4px;
    background: ${vars.infoBg};
    color: ${vars.info};
  }
  .required {
    color: ${vars.danger};
  }
  .problems {
    font-size: 12px;
    padding: 1px 6px;
    border-radius: 4px;
    background: ${vars.dangerBg};
    color: ${vars.danger};
  }
  &[data-open='true'] {
    background: color-mix(in srgb, ${vars.primary} 4%, transparent);
  }
  .settings {
    padding: 4px 12px 14px;
  }
`;

/** Rows of small inputs (choices): value, label, English label, remove. */
export const settingsGrid = css`
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  padding: 8px 12px 12px;
  margin: 0 0 12px;
  legend {
    padding: 0 4px;
    color: ${vars.textMuted};
  }
  .option {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) minmax(0, 2fr) 44px;
    gap: 6px;
    margin-bottom: 6px;
  }
  input {
    ${controlStyle};
    height: 32px;
    padding: 0 8px;
  }
`;

/** The fields and functions a formula can take, as buttons that insert them. */
export const chipsStyle = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: -4px 0 12px;
  span {
    color: ${vars.textMuted};
    font-size: 12px;
    align-self: center;
  }
  button {
    border: 1px solid ${vars.border};
    border-radius: 12px;
    background: ${vars.surface};
    font: inherit;
    font-size: 12px;
    padding: 2px 10px;
    min-height: 24px;
    cursor: pointer;
  }
  button:hover {
    border-color: ${vars.primary};
    color: ${vars.primary};
  }
`;

/** Two settings side by side where there is room. */
export const pairStyle = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 0 12px;
`;

export const checkStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin: 0 16px 12px 0;
  min-height: 24px;
`;

/** A field's rules: one row per rule (kind, arguments, remove), the rule text folded under. */
export const rulesStyle = css`
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .rule {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) 44px;
    gap: 6px;
    align-items: center;
    margin-bottom: 6px;
  }
  .arguments,
  .pair {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    min-width: 0;
  }
  .arguments > *,
  .pair > * {
    flex: 1 1 120px;
    min-width: 0;
  }
  select {
    ${controlStyle};
    height: 32px;
    padding: 0 8px;
    min-width: 0;
  }
  input,
  select {
    box-sizing: border-box;
  }
  .none {
    margin: 0 0 6px;
    color: ${vars.textMuted};
    font-size: 13px;
  }
  details {
    margin-top: 8px;
  }
  summary {
    cursor: pointer;
    color: ${vars.textMuted};
    font-size: 13px;
    margin-bottom: 6px;
  }
  @media (max-width: 480px) {
    .rule {
      grid-template-columns: minmax(0, 1fr) 44px;
    }
    .rule .arguments {
      grid-column: 1;
    }
    .rule > button {
      grid-row: 1;
      grid-column: 2;
    }
  }
`;
