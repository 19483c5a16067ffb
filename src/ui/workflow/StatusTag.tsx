import { css } from '@emotion/react';
import { statusLabelKey, statusTone } from '../../core/workflow/status';
import { useT } from '../i18n';
import { vars } from '../theme';

const tag = css`
  display: inline-block;
  padding: 0 8px;
  border-radius: 10px;
  font-size: 12px;
  line-height: 20px;
  white-space: nowrap;
  border: 1px solid currentColor;
  &[data-tone='normal'] {
    color: ${vars.info};
    background: ${vars.infoBg};
  }
  &[data-tone='warn'] {
    color: ${vars.warning};
    background: ${vars.warningBg};
  }
  &[data-tone='info'] {
    color: ${vars.success};
    background: ${vars.successBg};
  }
`;

/** The type tag of a to-do row: the status label of the spec (BACKSHARE like SHARE). */
export function StatusTag({ status }: { status: string }) {
  const t = useT();
  return (
    <span css={tag} data-tone={statusTone(status)} data-status={status}>
      {t(statusLabelKey(status))}
    </span>
  );
}
