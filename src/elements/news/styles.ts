import { css } from '@emotion/react';
import { vars } from '../../ui/theme';

export const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li + li {
    border-top: 1px dashed ${vars.border};
  }
  button {
    width: 100%;
    display: flex;
    align-items: baseline;
    gap: 12px;
    padding: 12px 4px;
    border: 0;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: ${vars.text};
  }
  button:hover .title,
  button:focus-visible .title {
    color: ${vars.primary};
  }
  .tag {
    flex: none;
    font-size: 12px;
    padding: 0 6px;
    border-radius: 4px;
    color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 10%, transparent);
  }
  /* Two lines before it is cut: in a phone's width, or a narrow column, one line held a
     few characters of a title beside its tag and date. */
  .title {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
  }
  .unread .title {
    font-weight: 600;
  }
  time {
    flex: none;
    color: ${vars.textMuted};
    font-size: 13px;
  }
`;
