import { useEffect, useState } from 'react';
import { deputies, removeDeputies, saveDeputy, type Deputy } from '../../core/api/workflow';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { Button } from '../../ui/Button';
import { FormDialog, useSave } from '../../ui/FormDialog';
import { useLanguage, useT } from '../../ui/i18n';
import { firstId, PeoplePicker, type Person } from '../../ui/people/PeoplePicker';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { toolbarStyle } from '../../ui/workflow/styles';
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
  const { error, setError, busy, submit } = useSave(onSaved);
  const save = () => {
    const agentId = firstId(deputy);
    if (!agentId) return setError(t('workflow:agents.personRequired'));
    void submit(async () => {
      const message = await saveDeputy(agentId);
      setDeputy([]);
      return message;
    });
  };
  return (
    <FormDialog
      name="deputy"
      title={t('workflow:agents.add')}
      open={open}
      width="440px"
      busy={busy}
      error={error}
      onSubmit={save}
      onClose={onClose}
    >
      <PeoplePicker
        label={t('workflow:agents.deputyId')}
        required
        name="agentId"
        value={deputy}
        onChange={setDeputy}
      />
    </FormDialog>
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
              <RowActions
                actions={[
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
