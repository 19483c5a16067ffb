import { useEffect, useState } from 'react';
import {
  removeSettings,
  saveSetting,
  setDefaultSetting,
  settingGet,
  settingList,
  testSetting,
  type MailSetting,
  type Security,
  type SettingInput,
} from '../../core/api/mail';
import { ApiError } from '../../core/http';
import {
  mailProviders,
  providerById,
  providerOfAddress,
  type MailProvider,
} from '../../core/mail/providers';
import { notify } from '../../core/notices';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { useListEditing } from '../../ui/useListEditing';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField, TextField } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';

type Editing = { setting: MailSetting | null; readOnly: boolean };

const blank: SettingInput = {
  mailAddress: '',
  mailPass: '',
  nickName: '',
  userName: '',
  mailType: 'imap',
  imapHost: '',
  imapPort: 993,
  imapSecurity: 'ssl',
  smtpHost: '',
  smtpPort: 465,
  smtpSecurity: 'ssl',
  keepOnServer: true,
};

function SettingDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const start = editing.setting;
  const [form, setForm] = useState<SettingInput>(
    start
      ? {
          id: start.id,
          mailAddress: start.mailAddress,
          mailPass: '',
          nickName: start.nickName,
          userName: start.userName,
          mailType: 'imap',
          imapHost: start.imapHost,
          imapPort: start.imapPort,
          imapSecurity: start.imapSecurity,
          smtpHost: start.smtpHost,
          smtpPort: start.smtpPort,
          smtpSecurity: start.smtpSecurity,
          keepOnServer: start.keepOnServer,
        }
      : blank,
  );
  const [isDefault, setIsDefault] = useState(Boolean(start?.isDefault));
  const [error, setError] = useState('');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState<'' | 'test' | 'save'>('');
  const set = <K extends keyof SettingInput>(key: K, value: SettingInput[K]) =>
    setForm((old) => ({ ...old, [key]: value }));
  // The service whose servers fill the form: found from the address, or chosen by name for
  // a company domain. Servers the user typed themselves are never overwritten by the address.
  const [providerId, setProviderId] = useState(
    () => providerOfAddress(start?.mailAddress ?? '')?.id ?? '',
  );
  const [serversTyped, setServersTyped] = useState(Boolean(start));
  const provider = providerById(providerId);
  const applyProvider = (chosen: MailProvider | undefined) => {
    setProviderId(chosen?.id ?? '');
    if (!chosen) return;
    setForm((old) => ({
      ...old,
      imapHost: chosen.imap.host,
      imapPort: chosen.imap.port,
      imapSecurity: chosen.imap.security,
      smtpHost: chosen.smtp.host,
      smtpPort: chosen.smtp.port,
      smtpSecurity: chosen.smtp.security,
    }));
  };
  const setAddress = (address: string) => {
    set('mailAddress', address);
    const found = providerOfAddress(address);
    if (found && !serversTyped) applyProvider(found);
  };
  const keepPassword = Boolean(start) && !form.mailPass;

  const missing = () => {
    const required: [keyof SettingInput, string][] = [
      ['mailAddress', 'mail:setting.address'],
      ['imapHost', 'mail:setting.imapHost'],
      ['smtpHost', 'mail:setting.smtpHost'],
    ];
    if (!start) required.push(['mailPass', 'mail:setting.password']);
    const gap = required.find(([key]) => !String(form[key] ?? '').trim());
    return gap ? t('mail:setting.required', { field: t(gap[1]) }) : '';
  };

  const run = async (what: 'test' | 'save') => {
    setError('');
    setResult('');
    const gap = missing();
    if (gap) return setError(gap);
    setBusy(what);
    const input = { ...form, ...(keepPassword ? { mailPass: undefined } : {}), isDefault };
    try {
      if (what === 'test') setResult(await testSetting(input, keepPassword));
      else {
        notify('success', await saveSetting(input, keepPassword));
        onSaved();
      }
    } catch (caught) {
      const reason = caught instanceof ApiError ? caught.message : '';
      setError(
        what === 'save'
          ? `${t('mail:setting.saveFailed')}${reason ? `：${reason}` : ''}`
          : reason || t('common:errors.failed'),
      );
    } finally {
      setBusy('');
    }
  };

  const security = (key: 'imapSecurity' | 'smtpSecurity', label: string) => (
    <SelectField
      label={label}
      name={key}
      value={form[key]}
      disabled={editing.readOnly}
      onChange={(event) => set(key, event.target.value as Security)}
    >
      <option value="ssl">{t('mail:setting.ssl')}</option>
      <option value="starttls">{t('mail:setting.starttls')}</option>
      <option value="none">{t('mail:setting.plain')}</option>
    </SelectField>
  );
  const text = (
    key: 'mailAddress' | 'nickName' | 'userName' | 'imapHost' | 'smtpHost',
    label: string,
    required = false,
  ) => (
    <TextField
      label={t(label)}
      name={key}
      required={required}
      value={form[key]}
      readOnly={editing.readOnly}
      onChange={(event) => {
        if (key === 'mailAddress') return setAddress(event.target.value);
        if (key === 'imapHost' || key === 'smtpHost') setServersTyped(true);
        set(key, event.target.value);
      }}
    />
  );
  const port = (key: 'imapPort' | 'smtpPort', label: string) => (
    <TextField
      label={t(label)}
      name={key}
      type="number"
      value={String(form[key])}
      readOnly={editing.readOnly}
      onChange={(event) => {
        setServersTyped(true);
        set(key, Number(event.target.value));
      }}
    />
  );
  const grid = {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: '0 16px',
  };
  const title = editing.readOnly
    ? 'mail:setting.view'
    : start
      ? 'mail:setting.edit'
      : 'mail:setting.add';
  return (
    <FormDialog
      name="mail-setting"
      title={t(title)}
      width="640px"
      readOnly={editing.readOnly}
      busy={busy === 'save'}
      error={error}
      onSubmit={() => void run('save')}
      onClose={onClose}
      closeLabel={t('mail:actions.close')}
      actions={
        <Button busy={busy === 'test'} onClick={() => void run('test')} data-action="test">
          {t('mail:setting.test')}
        </Button>
      }
    >
      {result && (
        <p role="status" data-field="test-result">
          ✔ {result}
        </p>
      )}
      <div css={grid}>
        {text('mailAddress', 'mail:setting.address', true)}
        {!editing.readOnly && (
          <TextField
            label={t('mail:setting.password')}
            name="mailPass"
            type="password"
            autoComplete="new-password"
            required={!start}
            placeholder={start ? t('mail:setting.passwordKeep') : ''}
            value={form.mailPass ?? ''}
            onChange={(event) => set('mailPass', event.target.value)}
          />
        )}
        {text('nickName', 'mail:setting.nickName')}
        {text('userName', 'mail:setting.userName')}
      </div>
      {!editing.readOnly && (
        <div css={grid}>
          <SelectField
            label={t('mail:setting.provider')}
            name="provider"
            value={providerId}
            onChange={(event) => {
              setServersTyped(false);
              applyProvider(providerById(event.target.value));
            }}
          >
            <option value="">{t('mail:setting.providers.other')}</option>
            {mailProviders.map((each) => (
              <option key={each.id} value={each.id}>
                {t(`mail:setting.providers.${each.id}`)}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {provider?.code && !editing.readOnly && (
        <p role="note" data-field="provider-hint" css={{ margin: '0 0 12px', fontSize: 13 }}>
          {t('mail:setting.codeHint', { provider: t(`mail:setting.providers.${provider.id}`) })}
        </p>
      )}
      <div css={grid}>
        {text('imapHost', 'mail:setting.imapHost', true)}
        {port('imapPort', 'mail:setting.imapPort')}
        {security('imapSecurity', t('mail:setting.security'))}
      </div>
      <div css={grid}>
        {text('smtpHost', 'mail:setting.smtpHost', true)}
        {port('smtpPort', 'mail:setting.smtpPort')}
        {security('smtpSecurity', t('mail:setting.security'))}
      </div>
      <label css={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <input
          type="checkbox"
          name="isDefault"
          checked={isDefault}
          disabled={editing.readOnly}
          onChange={(event) => setIsDefault(event.target.checked)}
        />
        {t('mail:setting.isDefault')}
      </label>
    </FormDialog>
  );
}

/** The user's mail accounts (docs/mail.md). */
export function MailSettings({ action, itemId }: { action?: string; itemId?: string }) {
  const t = useT();
  const language = useLanguage();
  const list = useAsync(settingList, [language]);
  const { editing, setEditing, setRemoving, dialogEvents, removeEvents } = useListEditing<
    Editing,
    MailSetting
  >(list.reload);
  useEffect(() => {
    if (action === 'add') setEditing({ setting: null, readOnly: false });
    else if ((action === 'edit' || action === 'view') && itemId) {
      void settingGet(itemId)
        .then((setting) => setEditing({ setting, readOnly: action === 'view' }))
        .catch(() => undefined); // the request layer showed why
    }
  }, [action, itemId, setEditing]);
  const rows = list.data?.rows ?? [];
  return (
    <div css={pageStyle}>
      <section css={panelStyle} data-list="mail-settings">
        <h2>{t('mail:settingsTitle')}</h2>
        <div css={toolbarStyle}>
          <Button
            variant="primary"
            onClick={() => setEditing({ setting: null, readOnly: false })}
            data-action="add"
          >
            {t('mail:setting.add')}
          </Button>
        </div>
        {list.error && <Alert>{list.error.message}</Alert>}
        <Table<MailSetting>
          columns={[
            { key: 'mailAddress', title: t('mail:setting.address'), width: 200 },
            {
              key: 'imapHost',
              title: t('mail:setting.imapHost'),
              width: 180,
              render: (row) => `${row.imapHost}:${row.imapPort}`,
            },
            {
              key: 'smtpHost',
              title: t('mail:setting.smtpHost'),
              width: 180,
              render: (row) => `${row.smtpHost}:${row.smtpPort}`,
            },
            {
              key: 'isDefault',
              title: t('mail:setting.isDefault'),
              width: 70,
              render: (row) => t(row.isDefault ? 'mail:setting.yes' : 'mail:setting.no'),
            },
            { key: 'lastSyncTime', title: t('mail:setting.lastSync'), width: 150 },
            { key: 'lastError', title: t('mail:setting.lastError'), width: 200 },
            {
              key: 'actions',
              title: t('mail:columns.actions'),
              width: 220,
              render: (row) => (
                <RowActions
                  actions={[
                    {
                      name: 'view',
                      label: t('mail:actions.view'),
                      onClick: () => setEditing({ setting: row, readOnly: true }),
                    },
                    {
                      name: 'edit',
                      label: t('mail:actions.edit'),
                      onClick: () => setEditing({ setting: row, readOnly: false }),
                    },
                    !row.isDefault && {
                      name: 'default',
                      label: t('mail:setting.setDefault'),
                      onClick: async () => {
                        notify('success', await setDefaultSetting(row.id));
                        list.reload();
                      },
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
          rows={rows}
          rowKey={(row) => row.id}
          height={fittedHeight(rows.length, 420)}
          loading={list.loading}
          empty={t('mail:setting.none')}
        />
      </section>
      {editing && (
        <SettingDialog key={editing.setting?.id ?? 'new'} editing={editing} {...dialogEvents} />
      )}
      <RemoveDialog
        title={t('mail:actions.delete')}
        message={t('mail:setting.deleteConfirm')}
        remove={removeSettings}
        {...removeEvents}
      />
    </div>
  );
}
