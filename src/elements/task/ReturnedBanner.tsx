import { css } from '@emotion/react';
import type { ReturnReason } from '../../core/api/workflow';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

const banner = css`
  padding: 12px 16px;
  border: 1px solid ${vars.warning};
  border-left-width: 4px;
  border-radius: ${vars.radius};
  background: ${vars.warningBg};
  .title {
    font-weight: 600;
  }
  .opinion {
    margin-top: 4px;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** A returned task reads as one: who sent it back, from where, when, and why. */
export function ReturnedBanner({ reason }: { reason: ReturnReason }) {
  const t = useT();
  return (
    <section css={banner} role="status" part="returned" data-returned={reason.action}>
      <div className="title">
        {t('workflow:returned.title', {
          name: reason.name,
          node: reason.nodeName,
          time: reason.time,
        })}
      </div>
      <div className="opinion">{reason.opinion || t('workflow:returned.noOpinion')}</div>
    </section>
  );
}
