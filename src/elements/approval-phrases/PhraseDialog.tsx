import { useState } from 'react';
import { flowList, savePhrase, type Phrase } from '../../core/api/workflow';
import { queryFilter } from '../../core/workflow/query';
import { FormDialog, useSave } from '../../ui/FormDialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

/** Adding or changing a phrase: its text (required, at most 500), its flow and its order. */
export function PhraseDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: { phrase: Phrase | null; readOnly: boolean } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const phrase = editing?.phrase ?? null;
  const readOnly = editing?.readOnly ?? false;
  const flows = useAsync(
    async () =>
      editing
        ? (await flowList(queryFilter({ page: 1, pageSize: 500 }))).flatMap(
            (group) => group.flowList,
          )
        : [],
    [editing !== null],
  );
  const [expression, setExpression] = useState(phrase?.expression ?? '');
  const [defKey, setDefKey] = useState(phrase?.defKey ?? '');
  const [sn, setSn] = useState(String(phrase?.sn ?? 0));
  const { error, setError, busy, submit } = useSave(onSaved);

  const save = () => {
    if (!expression.trim()) return setError(t('workflow:phrases.expressionRequired'));
    if (!/^\d+$/.test(sn.trim())) return setError(t('workflow:phrases.snInvalid'));
    void submit(() =>
      savePhrase({
        ...(phrase ? { id: phrase.id } : {}),
        expression: expression.trim(),
        defKey,
        sn: Number(sn),
      }),
    );
  };

  return (
    <FormDialog
      name="phrase"
      title={t(
        readOnly
          ? 'workflow:phrases.viewTitle'
          : phrase
            ? 'workflow:phrases.edit'
            : 'workflow:phrases.add',
      )}
      open={editing !== null}
      width="480px"
      readOnly={readOnly}
      busy={busy}
      error={error}
      onSubmit={save}
      onClose={onClose}
    >
      {readOnly && phrase?.type === 1 && (
        <p css={{ margin: '0 0 8px', color: vars.textMuted, fontSize: 13 }} data-hint="system">
          {t('workflow:phrases.systemHint')}
        </p>
      )}
      <TextAreaField
        label={t('workflow:phrases.expression')}
        required
        name="expression"
        maxLength={500}
        disabled={readOnly}
        value={expression}
        onChange={(event) => {
          setError('');
          setExpression(event.target.value);
        }}
      />
      <SelectField
        label={t('workflow:phrases.flow')}
        name="defKey"
        disabled={readOnly}
        value={defKey}
        onChange={(event) => setDefKey(event.target.value)}
      >
        <option value="">{t('workflow:phrases.allFlows')}</option>
        {flows.data?.map((flow) => (
          <option key={flow.defKey} value={flow.defKey}>
            {flow.name}
          </option>
        ))}
        {defKey && !flows.data?.some((flow) => flow.defKey === defKey) && (
          <option value={defKey}>{defKey}</option>
        )}
      </SelectField>
      <TextField
        label={t('workflow:phrases.sn')}
        name="sn"
        inputMode="numeric"
        disabled={readOnly}
        value={sn}
        onChange={(event) => {
          setError('');
          setSn(event.target.value);
        }}
      />
    </FormDialog>
  );
}
