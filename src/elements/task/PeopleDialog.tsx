import { useState } from 'react';
import type { TransInput } from '../../core/api/workflow';
import { FormDialog, useBusy } from '../../ui/FormDialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { fieldPairStyle } from '../../ui/workflow/styles';
import { useT } from '../../ui/i18n';
import { PeoplePicker, type Person } from '../../ui/people/PeoplePicker';

export type PeopleAlias =
  'delegate' | 'inqu' | 'commu' | 'addSign' | 'copyTo' | 'customSign' | 'startTrans';

export interface PeopleAnswer {
  users: string;
  opinion: string;
  signMode: 'seq' | 'parallel';
  vote: Pick<TransInput, 'action' | 'decideType' | 'voteType' | 'voteAmount' | 'signType'>;
}

/**
 * The actions that name people: delegate, inquiry, communication, add-sign, carbon copy,
 * custom signing (in sequence or in parallel) and circulation with its vote settings.
 * People are picked from the directory (the shared picker); their ids go to the server.
 */
export function PeopleDialog({
  alias,
  initialOpinion,
  onClose,
  onSubmit,
}: {
  alias: PeopleAlias | null;
  initialOpinion: string;
  onClose: () => void;
  onSubmit: (answer: PeopleAnswer) => Promise<void>;
}) {
  const t = useT();
  const [users, setUsers] = useState<Person[]>([]);
  const [opinion, setOpinion] = useState(initialOpinion);
  const [signMode, setSignMode] = useState<'seq' | 'parallel'>('seq');
  const [vote, setVote] = useState<PeopleAnswer['vote']>({
    action: 'submit',
    decideType: 'agree',
    voteType: 'percent',
    voteAmount: 100,
    signType: 'parallel',
  });
  const [amount, setAmount] = useState('100');
  const [error, setError] = useState('');
  const { busy, run } = useBusy();

  const submit = async () => {
    const list = users.map((person) => person.id).join(',');
    if (!list) return setError(t('workflow:errors.usersRequired'));
    const votes = Number(amount);
    if (
      alias === 'startTrans' &&
      (!Number.isInteger(votes) || votes < 1 || (vote.voteType === 'percent' && votes > 100))
    )
      return setError(t('workflow:errors.voteInvalid'));
    await run(() =>
      onSubmit({
        users: list,
        opinion: opinion.trim(),
        signMode,
        vote: { ...vote, voteAmount: votes },
      }),
    );
  };

  return (
    <FormDialog
      name={alias ?? ''}
      title={alias ? t(`workflow:actions.title.${alias}`) : ''}
      open={alias !== null}
      width="520px"
      busy={busy}
      error={error}
      onSubmit={() => void submit()}
      submitName="submit-people"
      submitLabel={t('workflow:actions.confirm')}
      onClose={onClose}
    >
      <PeoplePicker
        label={t('workflow:actions.users')}
        required
        multiple
        name="users"
        value={users}
        onChange={(people) => {
          setError('');
          setUsers(people);
        }}
      />
      {alias === 'customSign' && (
        <SelectField
          label={t('workflow:actions.customSignMode')}
          name="signMode"
          value={signMode}
          onChange={(event) => setSignMode(event.target.value as 'seq' | 'parallel')}
        >
          <option value="seq">{t('workflow:status.SIGNSEQUENCEED')}</option>
          <option value="parallel">{t('workflow:status.SIGNLINEED')}</option>
        </SelectField>
      )}
      {alias === 'startTrans' && (
        <div css={fieldPairStyle}>
          <SelectField
            label={t('workflow:actions.signType')}
            name="signType"
            value={vote.signType}
            onChange={(event) =>
              setVote({ ...vote, signType: event.target.value as 'parallel' | 'seq' })
            }
          >
            <option value="parallel">{t('workflow:actions.signParallel')}</option>
            <option value="seq">{t('workflow:actions.signSeq')}</option>
          </SelectField>
          <SelectField
            label={t('workflow:actions.voteAction')}
            name="voteAction"
            value={vote.action}
            onChange={(event) =>
              setVote({ ...vote, action: event.target.value as 'submit' | 'back' })
            }
          >
            <option value="submit">{t('workflow:actions.voteSubmit')}</option>
            <option value="back">{t('workflow:actions.voteBack')}</option>
          </SelectField>
          <SelectField
            label={t('workflow:actions.decideType')}
            name="decideType"
            value={vote.decideType}
            onChange={(event) =>
              setVote({ ...vote, decideType: event.target.value as 'agree' | 'refuse' })
            }
          >
            <option value="agree">{t('workflow:actions.decideAgree')}</option>
            <option value="refuse">{t('workflow:actions.decideRefuse')}</option>
          </SelectField>
          <SelectField
            label={t('workflow:actions.voteType')}
            name="voteType"
            value={vote.voteType}
            onChange={(event) =>
              setVote({ ...vote, voteType: event.target.value as 'amount' | 'percent' })
            }
          >
            <option value="percent">{t('workflow:actions.votePercent')}</option>
            <option value="amount">{t('workflow:actions.voteAmount')}</option>
          </SelectField>
          <TextField
            label={t('workflow:actions.voteAmountValue')}
            name="voteAmount"
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
      )}
      <TextAreaField
        label={t('workflow:task.opinion')}
        name="opinion"
        value={opinion}
        onChange={(event) => setOpinion(event.target.value)}
      />
    </FormDialog>
  );
}
