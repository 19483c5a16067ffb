import { css } from '@emotion/react';
import { phoneWidth, vars } from '../../ui/theme';

export const bar = css`
  height: 56px;
  display: flex;
  align-items: center;
  gap: 16px;
  padding: 0 16px;
  background: ${vars.surface};
  border-bottom: 1px solid ${vars.border};
  box-shadow: 0 1px 4px rgba(0, 0, 0, 0.04);
  /* The logo's place is kept before the logo is known (the seeded logo's 240:64 at the bar's
     height), so the search box beside it never moves; another tenant's logo fits inside it. */
  .logo {
    flex: none;
    width: 135px;
    height: 36px;
  }
  .logo img {
    width: 100%;
    height: 100%;
    object-fit: contain;
    object-position: left center;
    display: block;
  }
  .spacer {
    flex: 1;
  }
  .greeting {
    white-space: nowrap;
    font-weight: 600;
  }
  .icon-button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    border: 0;
    background: none;
    font: inherit;
    color: ${vars.textMuted};
    cursor: pointer;
    padding: 6px 8px;
    border-radius: ${vars.radius};
  }
  .icon-button:hover,
  .icon-button:focus-visible {
    background: ${vars.surfaceMuted};
    color: ${vars.text};
  }
  .menu-button {
    display: none;
  }
  /* A phone: the menu behind a button, the search filling the bar, the rest put away. */
  @media (max-width: ${phoneWidth}px) {
    gap: 4px;
    padding: 0 4px;
    .menu-button {
      display: inline-flex;
      justify-content: center;
      min-width: 44px;
      min-height: 44px;
    }
    .logo {
      width: 105px;
      height: 28px;
    }
    .spacer,
    .greeting,
    .account,
    [data-action='tour'],
    [part='marquee'] {
      display: none;
    }
    [data-action='user-menu'] {
      min-width: 44px;
      min-height: 44px;
      justify-content: center;
    }
  }
`;

export const searchBox = css`
  position: relative;
  width: 280px;
  @media (max-width: ${phoneWidth}px) {
    width: auto;
    flex: 1;
    min-width: 0;
    input {
      height: 40px;
      border-radius: 20px;
    }
    svg {
      top: 11px;
    }
  }
  input {
    width: 100%;
    height: 34px;
    padding: 0 12px 0 34px;
    border-radius: 17px;
    border: 1px solid ${vars.border};
    background: ${vars.surfaceMuted};
    font: inherit;
  }
  input:focus {
    outline: none;
    border-color: ${vars.primary};
    background: ${vars.surface};
  }
  svg {
    position: absolute;
    left: 10px;
    top: 8px;
    color: ${vars.textMuted};
  }
  ul {
    position: absolute;
    top: 40px;
    left: 0;
    right: 0;
    z-index: 20;
    margin: 0;
    padding: 6px 0;
    list-style: none;
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
    max-height: 360px;
    overflow: auto;
  }
  li button {
    width: 100%;
    display: flex;
    gap: 8px;
    align-items: center;
    border: 0;
    background: none;
    padding: 8px 12px;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  li button:hover,
  li button:focus-visible {
    background: ${vars.surfaceMuted};
  }
  .type {
    font-size: 12px;
    padding: 0 6px;
    border-radius: 4px;
    color: ${vars.primary};
    background: color-mix(in srgb, ${vars.primary} 10%, transparent);
  }
  .message {
    padding: 8px 12px;
    color: ${vars.textMuted};
  }
`;

export const marquee = css`
  flex: 0 1 auto;
  min-width: 0;
  max-width: 260px;
  overflow: hidden;
  white-space: nowrap;
  color: ${vars.textMuted};
  font-size: 13px;
  &[data-scrolling] {
    mask-image: linear-gradient(90deg, transparent, #000 12px, #000 calc(100% - 12px), transparent);
  }
  span {
    display: inline-block;
    will-change: transform;
  }
`;

export const userMenu = css`
  position: relative;
  ul {
    position: absolute;
    right: 0;
    top: 42px;
    z-index: 20;
    min-width: 160px;
    margin: 0;
    padding: 6px 0;
    list-style: none;
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
  }
  li button {
    width: 100%;
    border: 0;
    background: none;
    text-align: left;
    padding: 8px 16px;
    font: inherit;
    cursor: pointer;
  }
  li button:hover,
  li button:focus-visible {
    background: ${vars.surfaceMuted};
  }
  .avatar {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    background: ${vars.primary};
    color: #fff;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    font-size: 13px;
  }
`;

export const detailList = css`
  display: grid;
  grid-template-columns: 96px 1fr;
  gap: 8px 12px;
  margin: 0;
  dt {
    color: ${vars.textMuted};
  }
  dd {
    margin: 0;
  }
`;
