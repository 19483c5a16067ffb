import { useEffect, useState } from 'react';
import {
  contactGet,
  contactList,
  removeContacts,
  saveContact,
  type Contact,
} from '../../core/api/mail';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { useListEditing } from '../../ui/useListEditing';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FormDialog, useSave } from '../../ui/FormDialog';
import { TextField } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { Pager } from '../../ui/Pager';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';

const pageSize = 20;

type Editing = { contact: Contact | null; readOnly: boolean };

function ContactDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(editing.contact?.linkName ?? '');
  const [address, setAddress] = useState(editing.contact?.linkAddress ?? '');
  const { error, setError, busy, submit } = useSave(onSaved, t('mail:setting.saveFailed'));
  const save = () => {
    if (!address.trim()) {
      return setError(t('mail:setting.required', { field: t('mail:contact.address') }));
    }
    void submit(() =>
      saveContact({
        ...(editing.contact ? { id: editing.contact.id } : {}),
        linkName: name.trim(),
        linkAddress: address.trim(),
      }),
    );
  };
  const title = editing.readOnly
    ? 'mail:contact.view'
    : editing.contact
      ? 'mail:contact.edit'
      : 'mail:contact.add';
  return (
    <FormDialog
      name="contact"
      title={t(title)}
      width="480px"
      readOnly={editing.readOnly}
      busy={busy}
      error={error}
      onSubmit={save}
      onClose={onClose}
      closeLabel={t('mail:actions.close')}
    >
      <TextField
        label={t('mail:contact.name')}
        name="linkName"
        value={name}
        readOnly={editing.readOnly}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label={t('mail:contact.address')}
        name="linkAddress"
        type="email"
        required
        value={address}
        readOnly={editing.readOnly}
        onChange={(event) => setAddress(event.target.value)}
      />
    </FormDialog>
  );
}

/** The user's mail contacts (docs/mail.md). */
export function MailContacts({ action, itemId }: { action?: string; itemId?: string }) {
  const t = useT();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useAsync(() => contactList({ page, pageSize, keyword }), [page, keyword, language]);
  const { editing, setEditing, setRemoving, dialogEvents, removeEvents } = useListEditing<
    Editing,
    Contact
  >(list.reload);
  useEffect(() => {
    if (action === 'add') setEditing({ contact: null, readOnly: false });
    else if ((action === 'edit' || action === 'view') && itemId) {
      void contactGet(itemId)
        .then((contact) => setEditing({ contact, readOnly: action === 'view' }))
        .catch(() => undefined); // the request layer showed why
    }
  }, [action, itemId, setEditing]);
  return (
    <div css={pageStyle}>
      <section css={panelStyle} data-list="contacts">
        <h2>{t('mail:contactsTitle')}</h2>
        <div css={toolbarStyle}>
          <Button
            variant="primary"
            onClick={() => setEditing({ contact: null, readOnly: false })}
            data-action="add"
          >
            {t('mail:contact.add')}
          </Button>
          <input
            type="search"
            placeholder={t('mail:contact.search')}
            aria-label={t('mail:contact.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                setKeyword(search.trim());
                setPage(1);
              }
            }}
          />
        </div>
        {list.error && <Alert>{list.error.message}</Alert>}
        <Table<Contact>
          columns={[
            { key: 'linkName', title: t('mail:contact.name'), width: 140 },
            { key: 'linkAddress', title: t('mail:contact.address'), width: 220 },
            { key: 'appCount', title: t('mail:contact.count'), width: 90 },
            { key: 'sendTime', title: t('mail:contact.lastSent'), width: 160 },
            {
              key: 'actions',
              title: t('mail:columns.actions'),
              width: 160,
              render: (row) => (
                <RowActions
                  actions={[
                    {
                      name: 'view',
                      label: t('mail:actions.view'),
                      onClick: () => setEditing({ contact: row, readOnly: true }),
                    },
                    {
                      name: 'edit',
                      label: t('mail:actions.edit'),
                      onClick: () => setEditing({ contact: row, readOnly: false }),
                    },
                    {
                      name: 'delete',
                      label: t('mail:actions.delete'),
                      onClick: () => setRemoving(row),
                    },
                  ]}
                />
              ),
            },
          ]}
          rows={list.data?.rows ?? []}
          rowKey={(row) => row.id}
          height={fittedHeight(list.data?.rows.length ?? 0, 520)}
          loading={list.loading}
          empty={t('mail:contact.none')}
        />
        {(list.data?.total ?? 0) > pageSize && (
          <Pager page={page} pageSize={pageSize} answer={list} onPage={setPage} />
        )}
      </section>
      {editing && (
        <ContactDialog key={editing.contact?.id ?? 'new'} editing={editing} {...dialogEvents} />
      )}
      <RemoveDialog
        title={t('mail:actions.delete')}
        message={t('mail:contact.deleteConfirm')}
        remove={removeContacts}
        {...removeEvents}
      />
    </div>
  );
}
