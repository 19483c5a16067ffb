import { useStore } from '@nanostores/react';
import { useCallback, useState, type ReactNode } from 'react';
import { $session } from '../../core/session';
import { openingOf, taskPath, type OpenableTask } from '../../core/workflow/opening';
import { FormDialog } from '../FormDialog';
import { useT } from '../i18n';
import { useNavigate } from '../navigate';

interface Picking {
  taskId: string;
  identities: { id: string; name: string }[];
}

/**
 * Opens to-do rows by the spec's rule (core/workflow/opening.ts). When several leaders may
 * handle a shared task, a dialog asks which one to approve on behalf of; render `dialog`.
 */
export function useOpenTask(options: { onBehalf?: boolean } = {}): {
  open: (row: OpenableTask) => void;
  dialog: ReactNode;
} {
  const t = useT();
  const navigate = useNavigate();
  const session = useStore($session);
  const viewerId = session?.userId ?? '';
  const [picking, setPicking] = useState<Picking | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState('');
  const onBehalf = options.onBehalf === true;

  const open = useCallback(
    (row: OpenableTask) => {
      const opening = openingOf(row, viewerId, { onBehalf });
      if (opening.kind === 'open') navigate(opening.path);
      else {
        setChosen('');
        setError('');
        setPicking({ taskId: row.taskId || row.id, identities: opening.identities });
      }
    },
    [navigate, viewerId, onBehalf],
  );

  const confirm = () => {
    if (!picking) return;
    if (!chosen) {
      setError(t('workflow:pick.required'));
      return;
    }
    setPicking(null);
    navigate(taskPath(picking.taskId, chosen, viewerId));
  };

  const dialog = (
    <FormDialog
      name="identity"
      title={t('workflow:pick.title')}
      open={picking !== null}
      width="420px"
      error={error}
      onSubmit={confirm}
      submitName="confirm-identity"
      submitLabel={t('workflow:actions.confirm')}
      onClose={() => setPicking(null)}
    >
      <p css={{ marginTop: 0 }}>{t('workflow:pick.hint')}</p>
      {picking?.identities.map((identity) => (
        <label key={identity.id} css={{ display: 'flex', gap: 8, padding: '6px 0' }}>
          <input
            type="radio"
            name="identity"
            value={identity.id}
            checked={chosen === identity.id}
            onChange={() => setChosen(identity.id)}
            data-identity={identity.id}
          />
          {identity.name}
        </label>
      ))}
    </FormDialog>
  );
  return { open, dialog };
}
