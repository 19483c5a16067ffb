import { css } from '@emotion/react';
import type { ButtonHTMLAttributes } from 'react';
import { vars } from './theme';

export type ButtonVariant = 'primary' | 'default' | 'text';

/** A button's height: a bar that will hold buttons keeps this much room before they come. */
export const buttonHeight = 36;

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  height: ${buttonHeight}px;
  padding: 0 16px;
  border-radius: ${vars.radius};
  border: 1px solid transparent;
  font: inherit;
  cursor: pointer;
  white-space: nowrap;
  transition:
    background-color 0.15s,
    border-color 0.15s,
    color 0.15s;
  &:focus-visible {
    outline: 2px solid ${vars.focus};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const variants = {
  primary: css`
    background: ${vars.primary};
    color: ${vars.primaryText};
    &:hover:not(:disabled) {
      background: ${vars.primaryHover};
    }
  `,
  default: css`
    background: ${vars.surface};
    color: ${vars.text};
    border-color: ${vars.border};
    &:hover:not(:disabled) {
      border-color: ${vars.primary};
      color: ${vars.primary};
    }
  `,
  text: css`
    background: transparent;
    color: ${vars.primary};
    padding: 0 4px;
    height: auto;
    &:hover:not(:disabled) {
      text-decoration: underline;
    }
  `,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  busy?: boolean;
}

export function Button({
  variant = 'default',
  block,
  busy,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      css={[base, variants[variant], block && { width: '100%' }]}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span aria-hidden css={spinnerStyle} />}
      {children}
    </button>
  );
}

const spinnerStyle = css`
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: atrium-spin 0.8s linear infinite;
  @keyframes atrium-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
