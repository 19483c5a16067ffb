import { useEffect, useState } from 'react';
import {
  leadersServed,
  removeSecretaries,
  saveSecretary,
  secretaries,
  type Secretary,
} from '../../core/api/workflow';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { useListEditing } from '../../ui/useListEditing';
import { Button } from '../../ui/Button';
import { FormDialog, useSave } from '../../ui/FormDialog';
import { useLanguage, useT } from '../../ui/i18n';
import { firstId, knownPerson, PeoplePicker, type Person } from '../../ui/people/PeoplePicker';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { mutedStyle, toolbarStyle } from '../../ui/workflow/styles';
import { FlowChoice } from './FlowChoice';
import { LoadFailed } from '../../ui/Status';

function SecretaryDialog({
  setting,
  open,
  onClose,
  onSaved,
}: {
  setting: Secretary | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [secretary, setSecretary] = useState<Person[]>(
    setting ? [knownPerson(setting.secretaryId, setting.secretaryName)] : [],
  );
  const [defKeys, setDefKeys] = useState<string[]>(
    setting?.defKeys ? setting.defKeys.split(',').filter(Boolean) : [],
  );
  const { error, setError, busy, submit } = useSave(onSaved);
  const save = () => {
    const secretaryId = firstId(secretary);
    if (!secretaryId) return setError(t('workflow:agents.personRequired'));
    void submit(() =>
      saveSecretary({
        ...(setting ? { id: setting.id } : {}),
        secretaryId,
        defKeys,
      }),
    );
  };
  return (
    <FormDialog
      name="secretary"
      title={t(setting ? 'workflow:agents.edit' : 'workflow:agents.add')}
      open={open}
      width="520px"
      busy={busy}
      error={error}
      onSubmit={save}
      onClose={onClose}
    >
      <PeoplePicker
        label={t('workflow:agents.secretaryId')}
        required
        name="secretaryId"
        value={secretary}
        onChange={setSecretary}
      />
      <p css={mutedStyle}>{t('workflow:agents.flowsHint')}</p>
      <FlowChoice chosen={defKeys} onChange={setDefKeys} />
    </FormDialog>
  );
}

export function Secretaries({
  action,
  itemId,
}: {
  action?: string | undefined;
  itemId?: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const list = useAsync(secretaries, [language]);
  const served = useAsync(leadersServed, [language]);
  const { editing, setEditing, setRemoving, dialogEvents, removeEvents } = useListEditing<
    { setting: Secretary | null },
    Secretary
  >(list.reload);
  useEffect(() => {
    if (action === 'edit' && !itemId) setEditing({ setting: null });
    else if (action === 'edit' && itemId && list.data) {
      const setting = list.data.find((item) => item.id === itemId);
      if (setting) setEditing({ setting });
    }
  }, [action, itemId, list.data, setEditing]);
  return (
    <div data-settings="secretary">
      <div css={toolbarStyle}>
        <Button variant="primary" onClick={() => setEditing({ setting: null })} data-action="add">
          {t('workflow:agents.add')}
        </Button>
      </div>
      {list.error && <LoadFailed error={list.error} onRetry={list.reload} />}
      <Table<Secretary>
        columns={[
          { key: 'secretaryName', title: t('workflow:agents.secretary'), width: 120 },
          {
            key: 'defKeys',
            title: t('workflow:agents.flows'),
            width: 260,
            render: (row) => row.defKeys || t('workflow:agents.allFlows'),
          },
          {
            key: 'actions',
            title: t('workflow:columns.actions'),
            width: 120,
            render: (row) => (
              <RowActions
                actions={[
                  {
                    name: 'edit',
                    label: t('workflow:agents.edit'),
                    onClick: () => setEditing({ setting: row }),
                  },
                  {
                    name: 'delete',
                    label: t('workflow:list.delete'),
                    onClick: () => setRemoving(row),
                  },
                ]}
              />
            ),
          },
        ]}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        height={fittedHeight(list.data?.length ?? 0, 400)}
        loading={list.loading}
        empty={t('workflow:agents.none')}
      />
      {served.data && served.data.length > 0 && (
        <p css={[mutedStyle, { marginTop: 14 }]} data-served={served.data.length}>
          {t('workflow:agents.served')}
          {t('common:colon')}
          {served.data.map((item) => item.leaderName).join('、')}
        </p>
      )}
      <SecretaryDialog
        key={editing ? (editing.setting?.id ?? 'new') : 'closed'}
        setting={editing?.setting ?? null}
        open={editing !== null}
        {...dialogEvents}
      />
      <RemoveDialog
        title={t('workflow:list.delete')}
        message={t('workflow:agents.deleteConfirm')}
        remove={removeSecretaries}
        {...removeEvents}
      />
    </div>
  );
}
