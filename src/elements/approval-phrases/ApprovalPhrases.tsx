import { useEffect } from 'react';
import { phraseList, removePhrases, type Phrase } from '../../core/api/workflow';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { useListEditing } from '../../ui/useListEditing';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';
import { PhraseDialog } from './PhraseDialog';

type Editing = { phrase: Phrase | null; readOnly: boolean };

export function ApprovalPhrases({ action, itemId }: { action?: string; itemId?: string }) {
  const t = useT();
  const language = useLanguage();
  const phrases = useAsync(phraseList, [language]);
  const { editing, setEditing, setRemoving, dialogEvents, removeEvents } = useListEditing<
    Editing,
    Phrase
  >(phrases.reload);

  // The add, edit and get routes open their form once the list is here.
  useEffect(() => {
    if (action === 'add') setEditing({ phrase: null, readOnly: false });
    else if ((action === 'edit' || action === 'get') && itemId && phrases.data) {
      const phrase = phrases.data.find((item) => item.id === itemId);
      if (phrase) setEditing({ phrase, readOnly: action === 'get' || phrase.type === 1 });
    }
  }, [action, itemId, phrases.data, setEditing]);

  return (
    <div css={pageStyle}>
      <section css={panelStyle}>
        <h2>{t('workflow:phrases.title')}</h2>
        <div css={toolbarStyle}>
          <Button
            variant="primary"
            onClick={() => setEditing({ phrase: null, readOnly: false })}
            data-action="add"
          >
            {t('workflow:phrases.add')}
          </Button>
        </div>
        {phrases.error && <Alert>{phrases.error.message}</Alert>}
        <Table<Phrase>
          columns={[
            { key: 'expression', title: t('workflow:phrases.expression'), width: 420 },
            {
              key: 'type',
              title: t('workflow:phrases.kind'),
              width: 80,
              value: (row) => row.type,
              render: (row) =>
                t(row.type === 1 ? 'workflow:phrases.system' : 'workflow:phrases.personal'),
            },
            {
              key: 'defKey',
              title: t('workflow:phrases.flow'),
              width: 120,
              value: (row) => row.defName || row.defKey,
              render: (row) => row.defName || row.defKey || t('workflow:phrases.allFlows'),
            },
            { key: 'sn', title: t('workflow:phrases.sn'), width: 70, kind: 'number' },
            {
              key: 'actions',
              title: t('workflow:columns.actions'),
              width: 130,
              // A system phrase is the administrators' to change: its row offers a look.
              render: (row) => (
                <RowActions
                  actions={
                    row.type === 2
                      ? [
                          {
                            name: 'edit',
                            label: t('workflow:agents.edit'),
                            onClick: () => setEditing({ phrase: row, readOnly: false }),
                          },
                          {
                            name: 'delete',
                            label: t('workflow:list.delete'),
                            onClick: () => setRemoving(row),
                          },
                        ]
                      : [
                          {
                            name: 'view',
                            label: t('workflow:phrases.view'),
                            onClick: () => setEditing({ phrase: row, readOnly: true }),
                          },
                        ]
                  }
                />
              ),
            },
          ]}
          rows={phrases.data ?? []}
          rowKey={(row) => row.id}
          height={fittedHeight(phrases.data?.length ?? 0, 560, 4)}
          loading={phrases.loading}
        />
      </section>
      <PhraseDialog
        key={editing?.phrase?.id ?? (editing ? 'new' : 'closed')}
        editing={editing}
        {...dialogEvents}
      />
      <RemoveDialog
        title={t('workflow:list.delete')}
        message={t('workflow:phrases.deleteConfirm')}
        remove={removePhrases}
        {...removeEvents}
      />
    </div>
  );
}
