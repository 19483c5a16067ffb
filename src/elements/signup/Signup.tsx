import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import { listStores, saveSignup, type SignupForm } from '../../core/api/portal';
import { ApiError } from '../../core/http';
import { signupCategories, validateSignup, type SignupField } from '../../core/rules/signup';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { useEmit } from '../../ui/element/context';
import { useFailureText, useLanguage, useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: 16px;
`;

const empty: SignupForm = {
  fdmc: '',
  xm: '',
  lxfs: '',
  xqmj: '',
  xqwz: '',
  pppl: '',
  zw: '',
  bz: '',
};

export function Signup({ store }: { store?: string }) {
  const t = useT();
  const text = useFailureText();
  const language = useLanguage();
  const emit = useEmit();
  const stores = useAsync(listStores, []);
  const [form, setForm] = useState<SignupForm>({ ...empty, fdmc: store ?? '' });
  const [failures, setFailures] = useState<ReturnType<typeof validateSignup>>({});
  const [serverError, setServerError] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: SignupField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSignup(form);
    setFailures(found);
    setServerError('');
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const { id } = await saveSignup(form);
      if (!(id > 0)) throw new ApiError(t('common:errors.failed'), 0);
      setSaved(t('rules:signup.success'));
      emit('atrium-signup', { id });
    } catch (error) {
      setServerError(error instanceof ApiError ? error.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (saved) {
    return (
      <div data-state="saved">
        <Alert tone="success">{saved}</Alert>
        <Button
          onClick={() => {
            setSaved(null);
            setForm({ ...empty, fdmc: store ?? '' });
          }}
        >
          {t('login:signup.again')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate part="form">
      <p css={{ marginTop: 0, color: vars.textMuted }}>{t('login:signup.intro')}</p>
      {serverError && <Alert>{serverError}</Alert>}
      <div css={grid}>
        <SelectField
          label={t('login:signup.store')}
          name="fdmc"
          value={String(form.fdmc)}
          onChange={set('fdmc')}
          error={text(failures.fdmc)}
          required
        >
          <option value="">{t('login:signup.storePlaceholder')}</option>
          {stores.data?.map((option) => (
            <option key={option.code} value={option.code}>
              {language === 'en-US' ? option.nameEn : option.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('login:signup.name')}
          name="xm"
          placeholder={t('login:signup.namePlaceholder')}
          value={String(form.xm)}
          onChange={set('xm')}
          error={text(failures.xm)}
          required
          maxLength={50}
        />
        <TextField
          label={t('login:signup.contact')}
          name="lxfs"
          placeholder={t('login:signup.contactPlaceholder')}
          value={String(form.lxfs)}
          onChange={set('lxfs')}
          error={text(failures.lxfs)}
          required
          maxLength={50}
        />
        <TextField
          label={t('login:signup.area')}
          name="xqmj"
          inputMode="decimal"
          placeholder={t('login:signup.areaPlaceholder')}
          value={String(form.xqmj)}
          onChange={set('xqmj')}
          error={text(failures.xqmj)}
          required
        />
        <TextField
          label={t('login:signup.location')}
          name="xqwz"
          placeholder={t('login:signup.locationPlaceholder')}
          value={String(form.xqwz)}
          onChange={set('xqwz')}
          error={text(failures.xqwz)}
          maxLength={100}
        />
        <SelectField
          label={t('login:signup.category')}
          name="pppl"
          value={String(form.pppl)}
          onChange={set('pppl')}
          error={text(failures.pppl)}
        >
          <option value="">{t('login:signup.categoryPlaceholder')}</option>
          {signupCategories.map((category) => (
            <option key={category} value={category}>
              {t(`login:signup.categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('login:signup.position')}
          name="zw"
          placeholder={t('login:signup.positionPlaceholder')}
          value={String(form.zw)}
          onChange={set('zw')}
          error={text(failures.zw)}
          maxLength={100}
        />
      </div>
      <TextAreaField
        label={t('login:signup.remarks')}
        name="bz"
        value={String(form.bz)}
        onChange={set('bz')}
        error={text(failures.bz)}
        maxLength={500}
      />
      <Button type="submit" variant="primary" busy={busy} part="submit" css={{ minWidth: 160 }}>
        {t('login:signup.submit')}
      </Button>
    </form>
  );
}
