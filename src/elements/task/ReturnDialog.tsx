import { useState } from 'react';
import { jumpNodes } from '../../core/api/workflow';
import { FormDialog, useBusy } from '../../ui/FormDialog';
import { SelectField, TextAreaField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

/**
 * Return to any node: the nodes getAfterJumpNodes offers (the start and the user nodes
 * already done that lead here), and whether the target comes straight back afterwards.
 */
export function ReturnDialog({
  taskId,
  open,
  initialOpinion,
  onClose,
  onSubmit,
}: {
  taskId: string;
  open: boolean;
  initialOpinion: string;
  onClose: () => void;
  onSubmit: (answer: {
    destination: string;
    backHandMode: 'normal' | 'direct';
    opinion: string;
  }) => Promise<void>;
}) {
  const t = useT();
  const nodes = useAsync(() => (open ? jumpNodes(taskId) : Promise.resolve([])), [taskId, open]);
  const [destination, setDestination] = useState('');
  const [backHandMode, setBackHandMode] = useState<'normal' | 'direct'>('normal');
  const [opinion, setOpinion] = useState(initialOpinion);
  const [error, setError] = useState('');
  const { busy, run } = useBusy();

  const submit = async () => {
    if (!destination) return setError(t('workflow:errors.destinationRequired'));
    if (!opinion.trim()) return setError(t('workflow:errors.opinionRequired'));
    await run(() => onSubmit({ destination, backHandMode, opinion: opinion.trim() }));
  };

  return (
    <FormDialog
      name="rejectToAnyNode"
      title={t('workflow:actions.title.rejectToAnyNode')}
      open={open}
      width="480px"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      submitName="submit-return"
      submitLabel={t('workflow:actions.confirm')}
      onClose={onClose}
    >
      {nodes.loading ? (
        <Loading />
      ) : (
        <SelectField
          label={t('workflow:actions.destination')}
          required
          name="destination"
          value={destination}
          onChange={(event) => {
            setError('');
            setDestination(event.target.value);
          }}
        >
          <option value="">{t('workflow:starter.blank')}</option>
          {nodes.data?.map((node) => (
            <option key={node.nodeId} value={node.nodeId}>
              {node.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t('workflow:actions.backHandMode')}
        name="backHandMode"
        value={backHandMode}
        onChange={(event) => setBackHandMode(event.target.value as 'normal' | 'direct')}
      >
        <option value="normal">{t('workflow:actions.backNormal')}</option>
        <option value="direct">{t('workflow:actions.backDirect')}</option>
      </SelectField>
      <TextAreaField
        label={t('workflow:task.opinion')}
        required
        name="opinion"
        value={opinion}
        onChange={(event) => setOpinion(event.target.value)}
      />
    </FormDialog>
  );
}
