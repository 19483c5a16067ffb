import { useEffect, useState, type FormEvent } from 'react';
import {
  dialogData,
  rowLabel,
  rowValue,
  type CustomDialogDefinition,
  type DialogPage,
  type DialogRow,
} from '../../core/api/custom-dialog';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { useT } from '../../ui/i18n';
import { Chips } from './Chips';
import { toggle, type Choice } from './choices';
import { NodeTree } from './NodeTree';
import { RowTable, type Sort } from './RowTable';

type Load =
  | { status: 'loading' }
  | { status: 'done'; page: DialogPage }
  | { status: 'failed'; message: string };

/**
 * The dialog itself: conditions, rows or nodes, paging and the draft choice. Nothing leaves
 * it until 确定; 取消, Esc and the close button drop the draft.
 */
export function ChooserDialog({
  title,
  definition,
  limit,
  initial,
  onCancel,
  onConfirm,
}: {
  title: string;
  definition: CustomDialogDefinition;
  limit: number;
  initial: Choice[];
  onCancel: () => void;
  onConfirm: (chosen: Choice[]) => void;
}) {
  const t = useT();
  const editable = definition.conditionfield.filter((field) => field.defaultType === '1');
  const blank = () =>
    Object.fromEntries(editable.map((field) => [field.field, field.defaultValue]));
  const [values, setValues] = useState<Record<string, string>>(blank);
  const [applied, setApplied] = useState<Record<string, string>>(values);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort | undefined>(undefined);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [draft, setDraft] = useState<Choice[]>(initial);
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    dialogData(definition.alias, {
      page,
      pageSize: definition.pageSize,
      values: applied,
      sort,
    }).then(
      (answer) => live && setLoad({ status: 'done', page: answer }),
      (error: unknown) =>
        live &&
        setLoad({
          status: 'failed',
          message: error instanceof Error ? error.message : t('customDialog:dialog.failed'),
        }),
    );
    return () => {
      live = false;
    };
  }, [definition, applied, page, sort, t]);

  const choose = (row: DialogRow) => {
    const choice = { value: rowValue(definition, row), label: rowLabel(definition, row), row };
    const next = toggle(draft, choice, limit);
    setRefused(next === draft);
    setDraft(next);
  };
  const isChosen = (row: DialogRow) =>
    draft.some((item) => item.value === rowValue(definition, row));
  const full = limit > 1 && draft.length >= limit;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setApplied({ ...values });
  };
  const searched = Object.values(applied).some((value) => value.trim() !== '');

  let content;
  if (load.status === 'loading')
    content = <div className="state">{t('customDialog:dialog.loading')}</div>;
  else if (load.status === 'failed')
    content = (
      <div className="state" role="alert" data-error>
        {load.message}
      </div>
    );
  else if ((load.page.rows ?? load.page.nodes ?? []).length === 0)
    content = (
      <div className="state" data-empty>
        {t('customDialog:dialog.empty')}
      </div>
    );
  else if (definition.style === 'tree')
    content = (
      <NodeTree
        definition={definition}
        nodes={load.page.nodes ?? []}
        single={limit === 1}
        expandAll={searched}
        isChosen={isChosen}
        blocked={full}
        onChoose={choose}
      />
    );
  else
    content = (
      <RowTable
        definition={definition}
        rows={load.page.rows ?? []}
        firstIndex={(load.page.page - 1) * load.page.pageSize + 1}
        single={limit === 1}
        isChosen={isChosen}
        blocked={full}
        sort={sort}
        onSort={(next) => {
          setPage(1);
          setSort(next);
        }}
        onChoose={choose}
      />
    );

  return (
    <Dialog
      title={title}
      open
      onClose={onCancel}
      width="780px"
      footer={
        <>
          <Button data-action="cancel" onClick={onCancel}>
            {t('customDialog:dialog.cancel')}
          </Button>
          <Button variant="primary" data-action="confirm" onClick={() => onConfirm(draft)}>
            {t('customDialog:dialog.ok')}
          </Button>
        </>
      }
    >
      {editable.length > 0 && (
        <form className="conditions" part="conditions" onSubmit={search} role="search">
          {editable.map((field) => (
            <TextField
              key={field.field}
              label={field.comment}
              name={field.field}
              value={values[field.field] ?? ''}
              maxLength={200}
              onChange={(event) =>
                setValues((current) => ({ ...current, [field.field]: event.target.value }))
              }
            />
          ))}
          <div className="actions">
            <Button type="submit" variant="primary" data-action="search">
              {t('customDialog:dialog.search')}
            </Button>
            <Button
              data-action="reset"
              onClick={() => {
                const cleared = blank();
                setValues(cleared);
                setPage(1);
                setApplied(cleared);
              }}
            >
              {t('customDialog:dialog.reset')}
            </Button>
          </div>
        </form>
      )}
      <div aria-live="polite" aria-busy={load.status === 'loading'}>
        {content}
      </div>
      {definition.style === 'list' && definition.needPage && load.status === 'done' && (
        <Pager
          page={load.page.page}
          pageSize={load.page.pageSize}
          total={load.page.total}
          onPage={setPage}
        />
      )}
      <div className="chosen-bar" data-chosen={draft.length}>
        <span>
          {draft.length === 0
            ? t('customDialog:dialog.chosenNone')
            : t('customDialog:dialog.chosen', { count: draft.length })}
        </span>
        {limit > 1 && (
          <span className={refused ? 'hint' : undefined} role={refused ? 'alert' : undefined}>
            {t(refused ? 'customDialog:dialog.limitReached' : 'customDialog:dialog.limit', {
              max: limit,
            })}
          </span>
        )}
        <Chips
          choices={draft}
          placeholder=""
          onRemove={(choice) => {
            setRefused(false);
            setDraft((current) => current.filter((item) => item.value !== choice.value));
          }}
        />
        {draft.length > 0 && (
          <Button variant="text" data-action="clear" onClick={() => setDraft([])}>
            {t('customDialog:dialog.clear')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
