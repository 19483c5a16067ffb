import { css } from '@emotion/react';
import { useState } from 'react';
import { layoutGroups, removeLayoutGroup, type LayoutGroup } from '../../core/api/widgets';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { fittedHeight } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { linkStyle, pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';
import { GroupColumns } from './GroupColumns';
import { GroupDialog, type GroupForm } from './GroupDialog';

// One line of three links, also in the phone cards (their action row is one line high).
const actionsStyle = css`
  display: inline-flex;
  gap: 10px;
  white-space: nowrap;
  /* The gap spaces them; linkStyle's 12 px margin would push Delete out of a phone card. */
  && button {
    margin: 0;
  }
`;

/** /v-personal/groupManager: the role layouts (column groups), for administrators. */
export function GroupManager() {
  const t = useT();
  const language = useLanguage();
  const data = useAsync(layoutGroups, [language]);
  const [form, setForm] = useState<GroupForm>(null);
  const [removing, setRemoving] = useState<LayoutGroup | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  if (editing)
    return (
      <div css={pageStyle}>
        <GroupColumns
          id={editing}
          onDone={() => {
            setEditing(null);
            data.reload();
          }}
        />
      </div>
    );
  const action = (label: string, name: string, onClick: () => void) => (
    <button type="button" css={linkStyle} onClick={onClick} data-action={name}>
      {label}
    </button>
  );
  return (
    <div css={pageStyle}>
      <section css={panelStyle} part="table">
        <h2>{t('widgets:groups.title')}</h2>
        <p>{t('widgets:groups.hint')}</p>
        <div css={toolbarStyle}>
          <Button variant="primary" onClick={() => setForm({ kind: 'create' })} data-action="add">
            {t('widgets:groups.add')}
          </Button>
        </div>
        {data.error && <Alert>{data.error.message}</Alert>}
        <Table<LayoutGroup>
          columns={[
            { key: 'name', title: t('widgets:groups.name'), width: 200 },
            {
              key: 'roleName',
              title: t('widgets:groups.role'),
              width: 180,
              value: (row) => row.roleName,
              render: (row) => row.roleName || t('widgets:groups.noRole'),
            },
            { key: 'columnCount', title: t('widgets:groups.columns'), width: 90, kind: 'number' },
            {
              key: 'actions',
              title: t('widgets:groups.actions'),
              width: 220,
              render: (row) => (
                <span css={actionsStyle} data-group-row={row.id}>
                  {action(t('widgets:groups.edit'), 'edit', () => setEditing(row.id))}
                  {action(t('widgets:groups.rename'), 'rename', () =>
                    setForm({ kind: 'rename', id: row.id, name: row.name }),
                  )}
                  {action(t('widgets:groups.delete'), 'delete', () => setRemoving(row))}
                </span>
              ),
            },
          ]}
          rows={data.data?.groups ?? []}
          rowKey={(row) => row.id}
          height={fittedHeight(data.data?.groups.length ?? 0, 560, 4)}
          loading={data.loading}
        />
      </section>
      {data.data && (
        <GroupDialog
          key={form ? (form.kind === 'rename' ? form.id : 'new') : 'closed'}
          form={form}
          data={data.data}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            data.reload();
          }}
        />
      )}
      <RemoveDialog
        item={removing}
        title={t('widgets:groups.delete')}
        message={t('widgets:groups.deleteConfirm')}
        remove={removeLayoutGroup}
        onClose={() => setRemoving(null)}
        onRemoved={data.reload}
      />
    </div>
  );
}
