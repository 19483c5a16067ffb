import { useState } from 'react';
import { createLayoutGroup, renameLayoutGroup, type LayoutGroups } from '../../core/api/widgets';
import { FormDialog, useSave } from '../../ui/FormDialog';
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
  const { error, setError, busy, submit } = useSave(onSaved);
  const free = data.roles.filter((role) => !data.groups.some((g) => g.roleId === role.id));
  const save = () => {
    if (!name.trim()) return setError(t('widgets:groups.nameRequired'));
    if (form?.kind === 'create' && !roleId) return setError(t('widgets:groups.roleRequired'));
    void submit(async () => {
      const answer =
        form?.kind === 'rename'
          ? await renameLayoutGroup(form.id, name.trim())
          : await createLayoutGroup(name.trim(), roleId);
      return answer.message;
    });
  };
  return (
    <FormDialog
      name="group"
      title={t(form?.kind === 'rename' ? 'widgets:groups.renameTitle' : 'widgets:groups.create')}
      open={form !== null}
      width="440px"
      busy={busy}
      error={error}
      onSubmit={() => void save()}
      submitName="ok"
      submitLabel={t('widgets:groups.ok')}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
