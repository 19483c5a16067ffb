import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Tabs } from '../../ui/Tabs';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { AgentRules } from './AgentRules';
import { Deputies } from './Deputies';
import { Secretaries } from './Secretaries';

const routes = {
  agent: '/v-personal/agent',
  secretary: '/v-personal/secretary',
  deputy: '/v-personal/bpmDeputy',
};
type Kind = keyof typeof routes;

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
  const navigate = useNavigate();
  const current: Kind = kind === 'secretary' || kind === 'deputy' ? kind : 'agent';
  const opening = { action, itemId };
  return (
    <div css={pageStyle} data-kind={current}>
      <section css={panelStyle}>
        <Tabs
          items={(Object.keys(routes) as Kind[]).map((id) => ({
            id,
            label: t(`workflow:agents.tabs.${id}`),
          }))}
          active={current}
          onChange={(id) => navigate(routes[id as Kind])}
        >
          {current === 'agent' && <AgentRules {...opening} />}
          {current === 'secretary' && <Secretaries {...opening} />}
          {current === 'deputy' && <Deputies {...opening} />}
        </Tabs>
      </section>
    </div>
  );
}
