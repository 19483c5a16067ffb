import { useEffect, useMemo, useState } from 'react';
import {
  choiceLimit,
  dialogByAlias,
  joinedValue,
  valuesOf,
  type CustomDialogDefinition,
} from '../../core/api/custom-dialog';
import { Button } from '../../ui/Button';
import { useEmit, useHost, useHostMethods } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { useFormValue } from '../../ui/plug/useFormValue';
import { ChooserDialog } from './ChooserDialog';
import { Chips } from './Chips';
import type { Choice } from './choices';

type DefinitionState =
  | { status: 'waiting' }
  | { status: 'found'; definition: CustomDialogDefinition }
  | { status: 'failed'; message: string };

/** The chosen values of a `value` set by the page: known choices keep their labels. */
function reconcile(values: string[], known: Choice[]): Choice[] {
  const byValue = new Map(known.map((choice) => [choice.value, choice]));
  return values.map((value) => byValue.get(value) ?? { value, label: value, row: null });
}

export function CustomDialogElement({
  alias,
  value,
  multiple = false,
  required = false,
  disabled = false,
  label,
  placeholder,
}: {
  alias?: string;
  name?: string;
  value?: string;
  multiple?: boolean;
  required?: boolean;
  disabled?: boolean;
  label?: string;
  placeholder?: string;
}) {
  const t = useT();
  const host = useHost();
  const emit = useEmit();
  const [state, setState] = useState<DefinitionState>({ status: 'waiting' });
  const [chosen, setChosen] = useState<Choice[]>([]);
  const [open, setOpen] = useState(false);
  const joined = joinedValue(valuesOf(value));

  useEffect(() => {
    const wanted = alias?.trim() ?? '';
    if (!wanted) {
      setState({ status: 'failed', message: t('customDialog:dialog.noAlias') });
      return;
    }
    let live = true;
    setState({ status: 'waiting' });
    dialogByAlias(wanted).then(
      (definition) => live && setState({ status: 'found', definition }),
      (error: unknown) =>
        live &&
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : t('customDialog:dialog.failed'),
        }),
    );
    return () => {
      live = false;
    };
  }, [alias, t]);

  // A value set by the page (attribute or property) becomes the chosen values.
  useEffect(() => {
    setChosen((current) =>
      joinedValue(current.map((choice) => choice.value)) === joined
        ? current
        : reconcile(valuesOf(joined), current),
    );
  }, [joined]);

  // The host page's form sees the value and its validity.
  useFormValue(joined, required && !joined ? t('customDialog:dialog.required') : null, 'button');

  const ready = state.status === 'found' && !disabled;
  useHostMethods(useMemo(() => ({ open: () => ready && setOpen(true) }), [ready]));

  const commit = (next: Choice[]) => {
    setChosen(next);
    const text = joinedValue(next.map((choice) => choice.value));
    host.setAttribute('value', text);
    emit('atrium-select', {
      alias: alias ?? '',
      value: text,
      rows: next.map((choice) => choice.row ?? {}),
    });
    host.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const title = state.status === 'found' ? state.definition.name : (label ?? '');
  return (
    <div part="control" data-alias={alias}>
      {label && (
        <div className="label" id="label">
          {required && (
            <span className="required" aria-hidden>
              *
            </span>
          )}
          {label}
        </div>
      )}
      <div className="box">
        <Chips
          choices={chosen}
          placeholder={placeholder || t('customDialog:dialog.placeholder')}
          onRemove={
            disabled ? undefined : (choice) => commit(chosen.filter((item) => item !== choice))
          }
        />
        <Button
          data-action="open-dialog"
          aria-haspopup="dialog"
          aria-describedby={label ? 'label' : undefined}
          disabled={!ready}
          onClick={() => setOpen(true)}
        >
          {t('customDialog:dialog.choose')}
        </Button>
      </div>
      {state.status === 'failed' && (
        <div className="error" role="alert" data-error>
          {state.message}
        </div>
      )}
      {state.status === 'found' && open && (
        <ChooserDialog
          title={title}
          definition={state.definition}
          limit={choiceLimit(state.definition, multiple)}
          initial={chosen}
          onCancel={() => setOpen(false)}
          onConfirm={(next) => {
            setOpen(false);
            commit(next);
          }}
        />
      )}
    </div>
  );
}
