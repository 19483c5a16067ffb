import { useState } from 'react';
import { flowList, savePhrase, type Phrase } from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { queryFilter } from '../../core/workflow/query';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!expression.trim()) return setError(t('workflow:phrases.expressionRequired'));
    if (!/^\d+$/.test(sn.trim())) return setError(t('workflow:phrases.snInvalid'));
    setBusy(true);
    try {
      const message = await savePhrase({
        ...(phrase ? { id: phrase.id } : {}),
        expression: expression.trim(),
        defKey,
        sn: Number(sn),
      });
      notify('success', message);
      onSaved();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('common:errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(phrase ? 'workflow:phrases.edit' : 'workflow:phrases.add')}
      open={editing !== null}
      onClose={onClose}
      width="480px"
      footer={
        <>
          <Button onClick={onClose}>{t('workflow:actions.cancel')}</Button>
          {!readOnly && (
            <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
              {t('common:actions.save')}
            </Button>
          )}
        </>
      }
    >
      <div data-dialog="phrase">
        {error && <Alert>{error}</Alert>}
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
      </div>
    </Dialog>
  );
}
