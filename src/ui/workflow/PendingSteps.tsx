import { css } from '@emotion/react';
import type { PendingPerson, PendingStep } from '../../core/api/workflow';
import { useT } from '../i18n';
import { vars } from '../theme';

const style = css`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 0;
  padding: 0;
  list-style: none;
  .step {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 4px 10px;
  }
  .node {
    font-weight: 600;
  }
  .person {
    white-space: nowrap;
  }
  .state {
    margin-left: 4px;
    padding: 0 6px;
    border-radius: 4px;
    font-size: 12px;
    background: ${vars.surfaceMuted};
    color: ${vars.textMuted};
  }
  [data-state='todo'] .state {
    background: ${vars.warningBg};
    color: ${vars.warning};
  }
  [data-vote='agree'] .state {
    color: ${vars.success};
  }
  [data-vote='oppose'] .state {
    color: ${vars.danger};
  }
  .tally {
    color: ${vars.textMuted};
    font-size: 13px;
  }
`;

function Person({ person, label }: { person: PendingPerson; label: string }) {
  const t = useT();
  return (
    <span className="person" data-state={person.state} data-vote={person.vote ?? undefined}>
      {person.name}
      {person.forName && person.forName !== person.name
        ? ` (${t('workflow:pending.for', { name: person.forName })})`
        : ''}
      <span className="state">{label}</span>
    </span>
  );
}

/**
 * Who acts next: each step the request waits on with the people who must act now, who
 * already voted on a countersign (and how the count stands), and whom the holder asked.
 */
export function PendingSteps({ steps }: { steps: readonly PendingStep[] }) {
  const t = useT();
  if (steps.length === 0) return null;
  const stateLabel = (person: PendingPerson) =>
    person.vote ? t(`workflow:vote.${person.vote}`) : t(`workflow:pending.${person.state}`);
  return (
    <ul css={style} part="pending" data-pending={steps.length}>
      {steps.map((step) => (
        <li className="step" key={step.nodeId} data-node={step.nodeId} data-kind={step.kind}>
          <span className="node">{step.nodeName}</span>
          {step.people.map((person) => (
            <Person
              key={person.id}
              person={person}
              label={step.kind === 'start' ? t('workflow:pending.start') : stateLabel(person)}
            />
          ))}
          {step.asked.map((person) => (
            <Person
              key={`${person.kind}-${person.id}`}
              person={person}
              label={t(`workflow:pending.asked.${person.kind}`)}
            />
          ))}
          {step.tally && (
            <span className="tally" data-tally>
              {t('workflow:pending.tally', step.tally)}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
