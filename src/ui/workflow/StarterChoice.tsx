import { useState } from 'react';
import type { FlowDefinition } from '../../core/api/workflow';
import { checkStarter, type StarterChoice as Choice } from '../../core/workflow/starter';
import { FormDialog } from '../FormDialog';
import { SelectField } from '../Field';
import { useT } from '../i18n';

/**
 * Who starts a flow a secretary may start for leaders: themself or a leader. The blank
 * option and a missing leader get the spec's messages (请选择一个发起人 / 请选择代为审批的领导).
 */
export function StarterChoiceDialog({
  flow,
  onClose,
  onChosen,
}: {
  flow: FlowDefinition | null;
  onClose: () => void;
  onChosen: (flow: FlowDefinition, leaderId: string) => void;
}) {
  const t = useT();
  const [choice, setChoice] = useState<Choice>({ mode: '', leaderId: '' });
  const [error, setError] = useState('');
  const close = () => {
    setChoice({ mode: '', leaderId: '' });
    setError('');
    onClose();
  };
  const confirm = () => {
    if (!flow) return;
    const checked = checkStarter(choice);
    if ('failure' in checked) {
      setError(t(checked.failure.key));
      return;
    }
    close();
    onChosen(flow, checked.leaderId);
  };
  return (
    <FormDialog
      name="starter"
      title={`${t('workflow:starter.starterTitle')} · ${flow?.name ?? ''}`}
      open={flow !== null}
      width="440px"
      error={error}
      onSubmit={confirm}
      submitName="confirm-starter"
      submitLabel={t('workflow:actions.confirm')}
      onClose={close}
    >
      <SelectField
        label={t('workflow:starter.starter')}
        name="starter"
        value={choice.mode}
        onChange={(event) => {
          setError('');
          setChoice({ mode: event.target.value as Choice['mode'], leaderId: '' });
        }}
      >
        <option value="">{t('workflow:starter.blank')}</option>
        <option value="self">{t('workflow:starter.self')}</option>
        <option value="leader">{t('workflow:starter.forLeader')}</option>
      </SelectField>
      {choice.mode === 'leader' && (
        <SelectField
          label={t('workflow:starter.leader')}
          name="leader"
          value={choice.leaderId}
          onChange={(event) => {
            setError('');
            setChoice({ mode: 'leader', leaderId: event.target.value });
          }}
        >
          <option value="">{t('workflow:starter.blank')}</option>
          {flow?.leaders?.map((leader) => (
            <option key={leader.id} value={leader.id}>
              {leader.name}
            </option>
          ))}
        </SelectField>
      )}
    </FormDialog>
  );
}
