import { css } from '@emotion/react';
import { vars } from '../../ui/theme';

export const inlineRow = css`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  & > :first-of-type {
    flex: 1;
  }
`;

export const codeButton = css`
  margin-top: 23px;
  min-width: 128px;
`;

export const accountList = css`
  list-style: none;
  padding: 0;
  margin: 0 0 16px;
  display: grid;
  gap: 8px;
  label {
    display: flex;
    gap: 10px;
    align-items: center;
    padding: 10px 12px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    cursor: pointer;
  }
  label:has(input:checked) {
    border-color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 6%, transparent);
  }
  small {
    color: ${vars.textMuted};
    display: block;
  }
`;

export const signedIn = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  align-items: flex-start;
  padding: 8px 0;
`;
