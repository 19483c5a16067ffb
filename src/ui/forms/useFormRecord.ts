import { useMemo, useState } from 'react';
import { computeFormulas } from '../../core/forms/compute';
import type { FormDefinition } from '../../core/forms/definition';
import { validateRecord, type FailurePath } from '../../core/forms/validate';
import type { RuleFailure } from '../../core/rules/types';
import { useLanguage } from '../i18n';
import { fieldLabel } from './FieldInput';

type Values = Record<string, unknown>;

/**
 * A record being edited: values with their formulas recomputed on every change (the same
 * computeFormulas the server runs on save), the rule failures shown once the user tried to
 * save, and the formula errors of the moment.
 */
export function useFormRecord(definition: FormDefinition, initial: Values) {
  const language = useLanguage();
  const [entered, setEntered] = useState<Values>(initial);
  const [checked, setChecked] = useState(false);
  const computed = useMemo(() => computeFormulas(definition, entered), [definition, entered]);
  const values = computed.values;
  // Every failure of the moment; they show once the user has tried to save.
  const problems: Record<FailurePath, RuleFailure> = useMemo(
    () => validateRecord(definition, values, (field) => fieldLabel(field, language)),
    [definition, values, language],
  );
  return {
    values,
    problems,
    failures: checked ? problems : {},
    formulaErrors: computed.errors,
    set: (name: string, value: unknown) => setEntered((was) => ({ ...was, [name]: value })),
    setRow: (table: string, index: number, name: string, value: unknown) =>
      setEntered((was) => {
        const rows = [...((was[table] ?? []) as Values[])];
        rows[index] = { ...rows[index], [name]: value };
        return { ...was, [table]: rows };
      }),
    addRow: (table: string) =>
      setEntered((was) => ({ ...was, [table]: [...((was[table] ?? []) as Values[]), {}] })),
    removeRow: (table: string, index: number) =>
      setEntered((was) => ({
        ...was,
        [table]: ((was[table] ?? []) as Values[]).filter((_, at) => at !== index),
      })),
    replace: setEntered,
    /** Shows every failure; answers whether the record may be sent. */
    check: () => {
      setChecked(true);
      return Object.keys(problems).length === 0 && computed.errors.length === 0;
    },
  };
}

export type FormRecordState = ReturnType<typeof useFormRecord>;
