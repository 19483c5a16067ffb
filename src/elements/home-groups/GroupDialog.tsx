import { useState } from 'react';
import { createLayoutGroup, renameLayoutGroup, type LayoutGroups } from '../../core/api/widgets';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';

/** What the dialog does: create a group (name and a role without one) or rename one. */
export type GroupForm = { kind: 'create' } | { kind: 'rename'; id: string; name: string } | null;

export function GroupDialog({
  form,
  data,
  onClose,
  onSaved,
}: {
  form: GroupForm;
  data: LayoutGroups;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(form?.kind === 'rename' ? form.name : '');
  const [roleId, setRoleId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const free = data.roles.filter((role) => !data.groups.some((g) => g.roleId === role.id));
  const save = async () => {
    if (!name.trim()) return setError(t('widgets:groups.nameRequired'));
    if (form?.kind === 'create' && !roleId) return setError(t('widgets:groups.roleRequired'));
    setBusy(true);
    try {
      const answer =
        form?.kind === 'rename'
          ? await renameLayoutGroup(form.id, name.trim())
          : await createLayoutGroup(name.trim(), roleId);
      notify('success', answer.message);
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(form?.kind === 'rename' ? 'widgets:groups.renameTitle' : 'widgets:groups.create')}
      open={form !== null}
      onClose={onClose}
      width="440px"
      footer={
        <>
          <Button onClick={onClose}>{t('widgets:groups.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={() => void save()} data-action="ok">
            {t('widgets:groups.ok')}
          </Button>
        </>
      }
    >
      <div data-dialog="group">
        {error && <Alert>{error}</Alert>}
        <TextField
          label={t('widgets:groups.name')}
          required
          name="name"
          maxLength={60}
          value={name}
          onChange={(event) => {
            setError('');
            setName(event.target.value);
          }}
        />
        {form?.kind === 'create' && (
          <SelectField
            label={t('widgets:groups.role')}
            required
            name="roleId"
            value={roleId}
            onChange={(event) => {
              setError('');
              setRoleId(event.target.value);
            }}
          >
            <option value="">—</option>
            {free.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
    </Dialog>
  );
}
