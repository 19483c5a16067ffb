import { useEffect, useState } from 'react';
import {
  leadersServed,
  removeSecretaries,
  saveSecretary,
  secretaries,
  type Secretary,
} from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useLanguage, useT } from '../../ui/i18n';
import { firstId, knownPerson, PeoplePicker, type Person } from '../../ui/people/PeoplePicker';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { linkStyle, mutedStyle, toolbarStyle } from '../../ui/workflow/styles';
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const secretaryId = firstId(secretary);
    if (!secretaryId) return setError(t('workflow:agents.personRequired'));
    setBusy(true);
    try {
      notify(
        'success',
        await saveSecretary({
          ...(setting ? { id: setting.id } : {}),
          secretaryId,
          defKeys,
        }),
      );
      onSaved();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(setting ? 'workflow:agents.edit' : 'workflow:agents.add')}
      open={open}
      onClose={onClose}
      width="520px"
      footer={
        <>
          <Button onClick={onClose}>{t('workflow:actions.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <div data-dialog="secretary">
        {error && <Alert>{error}</Alert>}
        <PeoplePicker
          label={t('workflow:agents.secretaryId')}
          required
          name="secretaryId"
          value={secretary}
          onChange={setSecretary}
        />
        <p css={mutedStyle}>{t('workflow:agents.flowsHint')}</p>
        <FlowChoice chosen={defKeys} onChange={setDefKeys} />
      </div>
    </Dialog>
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
  const [editing, setEditing] = useState<{ setting: Secretary | null } | null>(null);
  const [removing, setRemoving] = useState<Secretary | null>(null);
  useEffect(() => {
    if (action === 'edit' && !itemId) setEditing({ setting: null });
    else if (action === 'edit' && itemId && list.data) {
      const setting = list.data.find((item) => item.id === itemId);
      if (setting) setEditing({ setting });
    }
  }, [action, itemId, list.data]);
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
              <>
                <button
                  type="button"
                  css={linkStyle}
                  onClick={() => setEditing({ setting: row })}
                  data-action="edit"
                >
                  {t('workflow:agents.edit')}
                </button>
                <button
                  type="button"
                  css={linkStyle}
                  onClick={() => setRemoving(row)}
                  data-action="delete"
                >
                  {t('workflow:list.delete')}
                </button>
              </>
            ),
          },
        ]}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        height={Math.min(400, 40 + Math.max(3, list.data?.length ?? 0) * 36)}
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
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <RemoveDialog
        item={removing}
        title={t('workflow:list.delete')}
        message={t('workflow:agents.deleteConfirm')}
        remove={removeSecretaries}
        onClose={() => setRemoving(null)}
        onRemoved={list.reload}
      />
    </div>
  );
}
