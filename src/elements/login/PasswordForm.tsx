import { useState, type FormEvent } from 'react';
import { passwordLogin } from '../../core/api/auth';
import { ApiError } from '../../core/http';
import { validateLogin } from '../../core/rules/login';
import type { SessionUser } from '../../core/session';
import { readStored, writeStored } from '../../core/storage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useFailureText, useT } from '../../ui/i18n';

/** The last account is remembered on this device when the user asks for it. */
const rememberKey = 'atrium.lastAccount';

export function PasswordForm({
  tenant,
  onDone,
}: {
  tenant?: string | undefined;
  onDone: (user: SessionUser) => void;
}) {
  const t = useT();
  const text = useFailureText();
  const remembered = readStored('local', rememberKey);
  const [account, setAccount] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [showPassword, setShowPassword] = useState(false);
  const [failures, setFailures] = useState<ReturnType<typeof validateLogin>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin({ account: account.trim(), password });
    setFailures(found);
    setServerError('');
    if (found.account || found.password) return;
    setBusy(true);
    try {
      const user = await passwordLogin(account.trim(), password, tenant);
      writeStored('local', rememberKey, remember ? account.trim() : null);
      onDone(user);
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate part="form" data-form="password">
      {serverError && <Alert>{serverError}</Alert>}
      <TextField
        label={t('login:login.account')}
        name="account"
        autoComplete="username"
        placeholder={t('login:login.accountPlaceholder')}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={text(failures.account)}
        required
        maxLength={20}
      />
      <TextField
        label={t('login:login.passwordLabel')}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        placeholder={t('login:login.passwordPlaceholder')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={text(failures.password)}
        required
      />
      <div
        css={{ display: 'flex', justifyContent: 'space-between', marginBottom: 16, fontSize: 13 }}
      >
        <label css={{ display: 'flex', gap: 6, alignItems: 'center', cursor: 'pointer' }}>
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          {t('login:login.remember')}
        </label>
        <Button
          variant="text"
          onClick={() => setShowPassword((shown) => !shown)}
          aria-pressed={showPassword}
        >
          {t(showPassword ? 'login:login.hidePassword' : 'login:login.showPassword')}
        </Button>
      </div>
      <Button type="submit" variant="primary" block busy={busy} part="submit">
        {busy ? t('login:login.submitting') : t('login:login.submit')}
      </Button>
    </form>
  );
}
