import { css } from '@emotion/react';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { AgentRules } from './AgentRules';
import { Deputies } from './Deputies';
import { Secretaries } from './Secretaries';

const purposeStyle = css`
  margin: -6px 0 12px;
  font-size: 13px;
  color: ${vars.textMuted};
`;

type Kind = 'agent' | 'secretary' | 'deputy';

/**
 * One kind of setting a page, as the side menu lists them (代理设置, 秘书设置, 流程委托 are
 * three addresses of the spec): tabs over the three made two menu entries open the same page.
 * The heading says what the setting does, since the three are easily confused.
 */
export function AgentSettings({
  kind = 'agent',
  action,
  itemId,
}: {
  kind?: string;
  action?: string;
  itemId?: string;
}) {
  const t = useT();
  const current: Kind = kind === 'secretary' || kind === 'deputy' ? kind : 'agent';
  return (
    <div css={pageStyle} data-kind={current}>
      <section css={panelStyle} aria-labelledby="settings-title">
        <h2 id="settings-title" part="heading">
          {t(`workflow:agents.titles.${current}`)}
        </h2>
        <p css={purposeStyle}>{t(`workflow:agents.purposes.${current}`)}</p>
        {current === 'agent' && <AgentRules action={action} itemId={itemId} />}
        {current === 'secretary' && <Secretaries action={action} itemId={itemId} />}
        {current === 'deputy' && <Deputies action={action} />}
      </section>
    </div>
  );
}
