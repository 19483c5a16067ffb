import { css } from '@emotion/react';
import { vars } from '../theme';

export const article = css`
  h2 {
    font-size: 20px;
    margin: 8px 0;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 20px;
    color: ${vars.textMuted};
    font-size: 13px;
    padding-bottom: 12px;
    border-bottom: 1px solid ${vars.border};
    margin-bottom: 16px;
  }
  .content {
    line-height: 1.8;
    overflow-wrap: anywhere;
  }
  .content img {
    max-width: 100%;
    height: auto;
  }
  iframe {
    width: 100%;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
  }
  h3 {
    font-size: 14px;
    margin: 20px 0 8px;
  }
`;

export const attachmentList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 6px 0;
  }
  li + li {
    border-top: 1px dashed ${vars.border};
  }
  .name {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  small {
    color: ${vars.textMuted};
  }
`;
