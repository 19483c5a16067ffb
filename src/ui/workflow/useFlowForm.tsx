import { useCallback, useState, type ReactNode } from 'react';
import type { FormDefinition } from '../../core/forms/definition';
import {
  formData,
  localFlowForm,
  refusalText,
  validateForm,
  type FlowForm,
  type FormValues,
} from '../../core/workflow/form';
import { FormView } from '../forms/FormView';
import { useFormRecord } from '../forms/useFormRecord';
import { useFailureText, useLanguage } from '../i18n';
import { FlowFormView } from './FlowFormView';

const noOnlineForm: FormDefinition = { key: '', name: '', fields: [], subTables: [] };

export interface FlowFormState {
  view: ReactNode;
  /** Whether this user may change anything on it here. */
  anyEditable: boolean;
  /** Shows every failure; answers the data to send, or false when something is wrong. */
  check: () => FormValues | false;
  /** The data as it stands, unchecked (a draft). */
  data: () => FormValues;
  /** New values from the server (the task was reloaded). */
  reset: (values: FormValues) => void;
}

/**
 * The form of a flow as a start page, task or instance shows it: the flow's own form
 * (FlowFormView), or the online form it is bound to (FormView, with its sub-tables,
 * formulas and attachments). `editable` says which fields (or sub-tables) this user may
 * change; the server checks the same again.
 */
export function useFlowForm(
  form: FlowForm | undefined,
  initial: FormValues,
  editable: (name: string) => boolean,
): FlowFormState {
  const failureText = useFailureText();
  const language = useLanguage();
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = useFormRecord(form?.online ?? noOnlineForm, initial);
  const { replace } = record;
  const reset = useCallback(
    (next: FormValues) => {
      setValues(next);
      setErrors({});
      replace(next);
    },
    [replace],
  );
  const flow = form ?? { fields: [] };
  const online = flow.online;
  if (online) {
    const names = [...online.fields, ...online.subTables].map((item) => item.name);
    return {
      view: <FormView definition={online} state={record} readonly={(name) => !editable(name)} />,
      anyEditable: names.some(editable),
      check: () => (record.check() ? record.values : false),
      data: () => record.values,
      reset,
    };
  }
  return {
    view: (
      <FlowFormView
        form={flow}
        values={values}
        editable={editable}
        errors={errors}
        onChange={(name, value) => {
          setValues((current) => ({ ...current, [name]: value }));
          setErrors(({ [name]: _dropped, ...rest }) => rest);
        }}
      />
    ),
    anyEditable: flow.fields.some((field) => editable(field.name)),
    check: () => {
      // In the reader's language: a message that names another field names it as shown.
      const local = localFlowForm(flow, language);
      const failures = validateForm(local, values, editable);
      const hints = new Map(local.fields.map((field) => [field.name, field.hint]));
      setErrors(
        Object.fromEntries(
          Object.entries(failures).map(([name, failure]) => [
            name,
            refusalText(failureText(failure) ?? '', failure.key, hints.get(name)),
          ]),
        ),
      );
      return Object.keys(failures).length ? false : formData(flow, values);
    },
    data: () => formData(flow, values),
    reset,
  };
}
