import { useEffect, useState } from 'react';
import { deputies, removeDeputies, saveDeputy, type Deputy } from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useLanguage, useT } from '../../ui/i18n';
import { firstId, PeoplePicker, type Person } from '../../ui/people/PeoplePicker';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { linkStyle, toolbarStyle } from '../../ui/workflow/styles';
import { LoadFailed } from '../../ui/Status';

function DeputyDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [deputy, setDeputy] = useState<Person[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const agentId = firstId(deputy);
    if (!agentId) return setError(t('workflow:agents.personRequired'));
    setBusy(true);
    try {
      notify('success', await saveDeputy(agentId));
      setDeputy([]);
      onSaved();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('workflow:agents.add')}
      open={open}
      onClose={onClose}
      width="440px"
      footer={
        <>
          <Button onClick={onClose}>{t('workflow:actions.cancel')}</Button>
          <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <div data-dialog="deputy">
        {error && <Alert>{error}</Alert>}
        <PeoplePicker
          label={t('workflow:agents.deputyId')}
          required
          name="agentId"
          value={deputy}
          onChange={setDeputy}
        />
      </div>
    </Dialog>
  );
}

export function Deputies({ action }: { action?: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  const list = useAsync(deputies, [language]);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Deputy | null>(null);
  useEffect(() => {
    if (action === 'setting') setAdding(true);
  }, [action]);
  return (
    <div data-settings="deputy">
      <div css={toolbarStyle}>
        <Button variant="primary" onClick={() => setAdding(true)} data-action="add">
          {t('workflow:agents.add')}
        </Button>
      </div>
      {list.error && <LoadFailed error={list.error} onRetry={list.reload} />}
      <Table<Deputy>
        columns={[
          { key: 'agentName', title: t('workflow:agents.deputy'), width: 140 },
          { key: 'createTime', title: t('workflow:columns.createTime'), width: 180 },
          {
            key: 'actions',
            title: t('workflow:columns.actions'),
            width: 100,
            render: (row) => (
              <button
                type="button"
                css={linkStyle}
                onClick={() => setRemoving(row)}
                data-action="delete"
              >
                {t('workflow:list.delete')}
              </button>
            ),
          },
        ]}
        rows={list.data ?? []}
        rowKey={(row) => row.id}
        height={Math.min(400, 40 + Math.max(3, list.data?.length ?? 0) * 36)}
        loading={list.loading}
        empty={t('workflow:agents.none')}
      />
      <DeputyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          list.reload();
        }}
      />
      <RemoveDialog
        item={removing}
        title={t('workflow:list.delete')}
        message={t('workflow:agents.deleteConfirm')}
        remove={removeDeputies}
        onClose={() => setRemoving(null)}
        onRemoved={list.reload}
      />
    </div>
  );
}
