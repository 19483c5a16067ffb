import { useState, type FormEvent } from 'react';
import {
  mobileLogin,
  requestMobileCode,
  verifyMobileCode,
  type MobileAccounts,
} from '../../core/api/auth';
import { ApiError } from '../../core/http';
import { validateCode, validateMobile } from '../../core/rules/mobile';
import type { RuleFailure } from '../../core/rules/types';
import type { SessionUser } from '../../core/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useFailureText, useT } from '../../ui/i18n';
import { useCountdown } from '../../ui/useCountdown';
import { accountList, codeButton, inlineRow } from './styles';

const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

/**
 * Mobile-code login: send a code (60 s countdown), the server checks it and lists the accounts
 * tied to the number, the user picks one (skipped when there is only one).
 */
export function MobileForm({ onDone }: { onDone: (user: SessionUser) => void }) {
  const t = useT();
  const text = useFailureText();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [failures, setFailures] = useState<{
    mobile?: RuleFailure | undefined;
    code?: RuleFailure | undefined;
  }>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown();
  const [verified, setVerified] = useState<MobileAccounts | null>(null);
  const [picked, setPicked] = useState('');

  const fail = (error: unknown) =>
    setMessage({
      tone: 'error',
      text: error instanceof ApiError ? error.message : t('common:errors.failed'),
    });

  const send = async () => {
    const invalid = validateMobile(mobile.trim());
    setFailures({ mobile: invalid });
    setMessage(null);
    if (invalid) return;
    setSending(true);
    try {
      const sent = await requestMobileCode(mobile.trim());
      startCountdown(sent.cooldownSeconds);
      setMessage({
        tone: 'info',
        text: t('login:mobile.sent', { mobile: maskMobile(mobile.trim()) }),
      });
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const signInAs = async (account: string, ticket: string) => {
    setBusy(true);
    try {
      onDone(await mobileLogin(account, ticket));
    } catch (error) {
      fail(error);
      setVerified(null);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = { mobile: validateMobile(mobile.trim()), code: validateCode(code.trim()) };
    setFailures(found);
    setMessage(null);
    if (found.mobile || found.code) return;
    setBusy(true);
    try {
      const answer = await verifyMobileCode(mobile.trim(), code.trim());
      setBusy(false);
      if (answer.accounts.length === 1) return signInAs(answer.accounts[0]!.account, answer.ticket);
      setVerified(answer);
      setPicked(answer.accounts[0]?.account ?? '');
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  if (verified) {
    return (
      <form
        part="form"
        data-form="pick-account"
        onSubmit={(event) => {
          event.preventDefault();
          void signInAs(picked, verified.ticket);
        }}
      >
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        <p css={{ margin: '0 0 12px' }}>{t('login:mobile.pickAccount')}</p>
        <ul css={accountList}>
          {verified.accounts.map((account) => (
            <li key={account.account}>
              <label>
                <input
                  type="radio"
                  name="account"
                  value={account.account}
                  checked={picked === account.account}
                  onChange={() => setPicked(account.account)}
                />
                <span>
                  {account.account}
                  <small>{account.username}</small>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <Button type="submit" variant="primary" block busy={busy} disabled={!picked} part="submit">
          {t('login:mobile.enter')}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={verify} noValidate part="form" data-form="mobile">
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <TextField
        label={t('login:mobile.mobile')}
        name="mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder={t('login:mobile.mobilePlaceholder')}
        maxLength={11}
        value={mobile}
        onChange={(event) => setMobile(event.target.value.replace(/\D/g, ''))}
        error={text(failures.mobile)}
        required
      />
      <div css={inlineRow}>
        <TextField
          label={t('login:mobile.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('login:mobile.codePlaceholder')}
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={text(failures.code)}
          required
        />
        <Button
          css={codeButton}
          onClick={send}
          disabled={secondsLeft > 0}
          busy={sending}
          data-action="send-code"
        >
          {secondsLeft > 0
            ? t('login:mobile.resend', { seconds: secondsLeft })
            : t('login:mobile.send')}
        </Button>
      </div>
      <Button type="submit" variant="primary" block busy={busy} part="submit">
        {t('login:login.submit')}
      </Button>
    </form>
  );
}
