import { useEffect, useState } from 'react';
import { followedNodes, nodeDefs, urgentStates } from '../../core/api/workflow';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextAreaField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

function Footer({
  busy,
  onClose,
  onSubmit,
  name,
}: {
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  name: string;
}) {
  const t = useT();
  return (
    <>
      <Button onClick={onClose}>{t('workflow:actions.cancel')}</Button>
      <Button variant="primary" busy={busy} onClick={onSubmit} data-action={name}>
        {t('workflow:actions.confirm')}
      </Button>
    </>
  );
}

/** Urging the current approvers, with the flow's urgency levels. */
export function UrgeDialog({
  instId,
  open,
  onClose,
  onSubmit,
}: {
  instId: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (opinion: string, urgency: string) => Promise<void>;
}) {
  const t = useT();
  const states = useAsync(
    () => (open ? urgentStates(instId) : Promise.resolve([])),
    [instId, open],
  );
  const [urgency, setUrgency] = useState('');
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(opinion.trim(), urgency);
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('workflow:actions.title.urge')}
      open={open}
      onClose={onClose}
      width="460px"
      footer={
        <Footer busy={busy} onClose={onClose} onSubmit={() => void submit()} name="submit-urge" />
      }
    >
      <div data-dialog="urge">
        <SelectField
          label={t('workflow:actions.urgency')}
          name="urgency"
          value={urgency}
          onChange={(event) => setUrgency(event.target.value)}
        >
          <option value="">{t('workflow:starter.blank')}</option>
          {states.data?.map((state) => (
            <option key={state.value} value={state.value}>
              {state.name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('workflow:task.opinion')}
          name="opinion"
          value={opinion}
          onChange={(event) => setOpinion(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** The steps a user follows in an instance: they are told when a followed step is handled. */
export function FollowDialog({
  instId,
  open,
  onClose,
  onSubmit,
}: {
  instId: string;
  open: boolean;
  onClose: () => void;
  onSubmit: (nodeIds: string[]) => Promise<void>;
}) {
  const t = useT();
  const nodes = useAsync(
    async () =>
      open
        ? {
            all: (await nodeDefs(instId)).filter(
              (node) => node.nodeType === 'USERTASK' || node.nodeType === 'SIGNTASK',
            ),
            followed: (await followedNodes(instId)).map((node) => node.nodeId),
          }
        : undefined,
    [instId, open],
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (nodes.data) setChosen(nodes.data.followed);
  }, [nodes.data]);
  const submit = async () => {
    setBusy(true);
    try {
      await onSubmit(chosen);
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('workflow:actions.title.follow')}
      open={open}
      onClose={onClose}
      width="440px"
      footer={
        <Footer busy={busy} onClose={onClose} onSubmit={() => void submit()} name="submit-follow" />
      }
    >
      <div data-dialog="follow">
        <p css={{ marginTop: 0 }}>{t('workflow:actions.followHint')}</p>
        {nodes.loading ? (
          <Loading />
        ) : (
          nodes.data?.all.map((node) => (
            <label key={node.nodeId} css={{ display: 'flex', gap: 8, padding: '4px 0' }}>
              <input
                type="checkbox"
                value={node.nodeId}
                checked={chosen.includes(node.nodeId)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked
                      ? [...current, node.nodeId]
                      : current.filter((id) => id !== node.nodeId),
                  )
                }
              />
              {node.name}
            </label>
          ))
        )}
      </div>
    </Dialog>
  );
}
