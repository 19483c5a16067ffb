import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { vars } from './theme';

const tones = {
  error: { color: vars.danger, background: vars.dangerBg },
  success: { color: vars.success, background: vars.successBg },
  info: { color: vars.info, background: vars.infoBg },
};

const withAction = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

/**
 * An inline message inside a form or panel (toasts are for page-wide ones), with an optional
 * action at its end (a retry).
 */
export function Alert({
  tone = 'error',
  children,
  action,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  action?: ReactNode;
}) {
  const { color, background } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      css={css`
        padding: 8px 12px;
        border-radius: ${vars.radius};
        background: ${background};
        color: ${color};
        font-size: 13px;
        margin-bottom: 14px;
        ${action ? withAction : undefined}
      `}
    >
      {action ? (
        <>
          <span>{children}</span>
          {action}
        </>
      ) : (
        children
      )}
    </div>
  );
}
