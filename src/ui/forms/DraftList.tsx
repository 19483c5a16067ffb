import { useState } from 'react';
import { myDrafts, removeDrafts, type Draft } from '../../core/api/forms';
import { formatDateTime } from '../../core/dates';
import { Button } from '../Button';
import { useT } from '../i18n';
import { Pager } from '../Pager';
import { RemoveDialog } from '../RemoveDialog';
import { Table } from '../table/Table';
import type { Column } from '../table/columns';
import { useAsync } from '../useAsync';

/** The caller's drafts of every form (/statement/draftList): resume or remove each. */
export function DraftList({ onResume }: { onResume: (draft: Draft) => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [reload, setReload] = useState(0);
  const [removing, setRemoving] = useState<Draft | null>(null);
  const pageSize = 20;
  const drafts = useAsync(() => myDrafts(page, pageSize), [page, reload]);
  const rows = drafts.data?.rows ?? [];
  const columns: Column<Draft>[] = [
    { key: 'templateName', title: t('forms:drafts.form'), width: 160 },
    {
      key: 'title',
      title: t('forms:drafts.name'),
      width: 220,
      value: (draft) => draft.title || t('forms:drafts.untitled'),
    },
    {
      key: 'updatedAt',
      title: t('forms:drafts.updated'),
      width: 160,
      value: (draft) => formatDateTime(draft.updatedAt),
    },
    {
      key: 'actions',
      title: '',
      width: 160,
      sortable: false,
      render: (draft) => (
        <>
          <Button variant="text" onClick={() => onResume(draft)} data-action="resume">
            {t('forms:drafts.resume')}
          </Button>
          <Button variant="text" onClick={() => setRemoving(draft)} data-action="remove-draft">
            {t('forms:list.delete')}
          </Button>
        </>
      ),
    },
  ];
  return (
    <section data-drafts>
      <h2 css={{ fontSize: 17, margin: '0 0 12px' }}>{t('forms:drafts.title')}</h2>
      <Table
        columns={columns}
        rows={rows}
        rowKey={(draft) => draft.id}
        height={Math.min(560, 40 + Math.max(rows.length, 3) * 36)}
        loading={drafts.loading}
        empty={t('forms:drafts.empty')}
      />
      <Pager page={page} pageSize={pageSize} total={drafts.data?.total ?? 0} onPage={setPage} />
      <RemoveDialog
        item={removing}
        title={t('forms:list.delete')}
        message={removing ? removing.title || t('forms:drafts.untitled') : ''}
        remove={removeDrafts}
        onClose={() => setRemoving(null)}
        onRemoved={() => setReload((n) => n + 1)}
      />
    </section>
  );
}
