import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { vars } from './theme';

const tones = {
  error: { color: vars.danger, background: vars.dangerBg },
  success: { color: vars.success, background: vars.successBg },
  info: { color: vars.info, background: vars.infoBg },
};

/** An inline message inside a form or panel (toasts are for page-wide ones). */
export function Alert({
  tone = 'error',
  children,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
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
      `}
    >
      {children}
    </div>
  );
}
