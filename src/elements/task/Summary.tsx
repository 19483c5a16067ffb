import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import type { InstanceInfo } from '../../core/api/workflow';
import { instanceOutcomeKey } from '../../core/workflow/status';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { PendingSteps } from '../../ui/workflow/PendingSteps';
import { StatusTag } from '../../ui/workflow/StatusTag';
import { factsStyle, panelStyle } from '../../ui/workflow/styles';

const title = css`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 10px;
  margin-bottom: 12px;
  h2 {
    margin: 0 !important;
  }
  .acting {
    padding: 2px 8px;
    border-radius: 4px;
    background: ${vars.warningBg};
    color: ${vars.warning};
    font-size: 13px;
  }
`;

/** Subject, status and the facts of the instance (and of the task when there is one). */
export function Summary({
  instance,
  task,
  badge,
}: {
  instance: InstanceInfo;
  task?: { name: string; status: string; dueTime: string; dueStatus: number } | undefined;
  badge?: ReactNode;
}) {
  const t = useT();
  const waiting = instance.status === 'running' ? (instance.pending ?? []) : [];
  return (
    <section css={panelStyle} part="summary">
      <div css={title}>
        {task && <StatusTag status={task.status} />}
        <h2 data-subject>{instance.subject}</h2>
        {badge}
      </div>
      <dl css={factsStyle}>
        <div>
          <dt>{t('workflow:task.flow')}</dt>
          <dd data-flow-name>{instance.procDefName}</dd>
        </div>
        <div>
          <dt>{t('workflow:task.applicant')}</dt>
          <dd>
            {instance.creator}
            {instance.createOrgName ? ` · ${instance.createOrgName}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('workflow:task.startedAt')}</dt>
          <dd>{instance.createTime}</dd>
        </div>
        <div>
          <dt>{t('workflow:columns.status')}</dt>
          <dd data-inst-status={instance.status} data-inst-result={instance.resultType ?? ''}>
            {t(instanceOutcomeKey(instance.status, instance.resultType))}
          </dd>
        </div>
        {waiting.length > 0 ? (
          // Where it stands and who acts next, in one fact (the step's name leads it).
          <div data-wide data-pending-fact>
            <dt>{t('workflow:pending.title')}</dt>
            <dd data-node>
              <PendingSteps steps={waiting} />
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('workflow:task.node')}</dt>
            <dd data-node>{task ? task.name : (instance.currentNodes ?? '')}</dd>
          </div>
        )}
        {task?.dueTime && (
          <div data-wide>
            <dt>{t('workflow:task.dueTime')}</dt>
            <dd>
              {task.dueTime}
              {task.dueStatus === 1 && (
                <span css={{ color: vars.danger, marginLeft: 6 }} data-overdue>
                  {t('workflow:task.overdue')}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
