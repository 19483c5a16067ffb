import '../../core/i18n/shell-elements';
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { changePassword, passwordPolicy } from '../../core/api/auth';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { minimumLength, validatePasswordChange } from '../../core/rules/password';
import { $session } from '../../core/session';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { TextField } from '../Field';
import { useFailureText, useT } from '../i18n';
import { useAsync } from '../useAsync';

type Form = { old: string; new: string; newRepeat: string };

const emptyForm: Form = { old: '', new: '', newRepeat: '' };

/** The spec's failure text: the server's own message, else "save failed". */
function failureText(error: unknown, fallback: string): string {
  const body = error instanceof ApiError ? error.body : undefined;
  const message =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : '';
  return typeof message === 'string' && message ? message : fallback;
}

/**
 * Change password for the signed-in user (spec/shell.md section 5): old, new and repeated
 * password, checked against the policy from GET {uc}/pwdStrategy/v1/getDefault before the
 * server checks them again. On success it says so and calls `onDone`; the session stays.
 */
export function PasswordChangeForm({
  onDone,
  onCancel,
}: {
  onDone: (result: { account: string }) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const text = useFailureText();
  const session = useStore($session);
  const policy = useAsync(passwordPolicy, []);
  const [form, setForm] = useState<Form>(emptyForm);
  const [failures, setFailures] = useState<ReturnType<typeof validatePasswordChange>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  if (!session) return <Alert tone="info">{t('shell-elements:password.signInFirst')}</Alert>;

  const rule = policy.data?.enable ? policy.data.pwdRule : 0;
  const hint = t('shell-elements:password.policy', {
    length: minimumLength(policy.data ?? null),
    rule: rule >= 2 && rule <= 4 ? t(`shell-elements:password.rule${rule}`) : '',
  });
  const set = (field: keyof Form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The policy may still be loading: the server checks it again either way.
    const found = validatePasswordChange(form, policy.data ?? null);
    setFailures(found);
    setServerError('');
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await changePassword(form.old, form.new);
      notify('success', t('rules:password.success'));
      setForm(emptyForm);
      onDone({ account: session.account });
    } catch (error) {
      setServerError(failureText(error, t('rules:password.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate part="form" data-form="password">
      {serverError && <Alert>{serverError}</Alert>}
      {/* For password managers: which account this new password belongs to. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={session.account}
        readOnly
        hidden
      />
      <TextField
        label={t('shell-elements:password.old')}
        name="old"
        type="password"
        autoComplete="current-password"
        value={form.old}
        onChange={set('old')}
        error={text(failures.old)}
        required
      />
      <TextField
        label={t('shell-elements:password.new')}
        name="new"
        type="password"
        autoComplete="new-password"
        value={form.new}
        onChange={set('new')}
        error={text(failures.new)}
        hint={hint}
        required
      />
      <TextField
        label={t('shell-elements:password.repeat')}
        name="newRepeat"
        type="password"
        autoComplete="new-password"
        value={form.newRepeat}
        onChange={set('newRepeat')}
        error={text(failures.newRepeat)}
        required
      />
      <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 6 }}>
        {onCancel && (
          <Button onClick={onCancel} data-action="cancel">
            {t('shell-elements:password.cancel')}
          </Button>
        )}
        <Button type="submit" variant="primary" busy={busy} part="submit">
          {t('shell-elements:password.submit')}
        </Button>
      </div>
    </form>
  );
}
