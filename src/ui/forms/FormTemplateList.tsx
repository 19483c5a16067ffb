import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import {
  deleteFormRecords,
  exportRecords,
  formRecords,
  importRecords,
  importTemplateFile,
  type FormFilter,
  type FormTemplate,
  type ImportProblem,
} from '../../core/api/forms';
import { peopleByIds } from '../../core/api/directory';
import { notify } from '../../core/notices';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { useLanguage, useT } from '../i18n';
import { Pager } from '../Pager';
import { Table } from '../table/Table';
import type { Column } from '../table/columns';
import { saveResponse } from '../table/save';
import type { SortState } from '../table/sort';
import { failureOf } from '../Status';
import { useAsync } from '../useAsync';
import { ConfirmDialog } from '../workflow/ConfirmDialog';
import { BatchEditDialog } from './BatchEditDialog';
import { fieldLabel } from './FieldInput';
import { ListConditions, querysOf, type ConditionValues } from './ListConditions';
import { useTotal } from './useTotal';

type Row = Record<string, unknown>;

const bar = css`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  h2 {
    font-size: 17px;
    margin: 0;
    flex: 1;
    min-width: 160px;
  }
`;

const problems = css`
  margin: 8px 0;
  ul {
    margin: 4px 0 0;
    padding-left: 20px;
  }
`;

/** Reads a streamed download to the end, telling how much has arrived. */
/**
 * An online form's records (template/preview of a form template, atrium-data-template):
 * conditions, a server-sorted and paged table with selection, add, open, delete, export of
 * every matching record, and import with a per-row report.
 */
export function FormTemplateList({
  template,
  onOpen,
  onDrafts,
  presets = {},
}: {
  template: FormTemplate;
  onOpen: (action: 'add' | 'edit' | 'get', id?: string) => void;
  onDrafts?: (() => void) | undefined;
  /** Condition values set in advance (a menu link's), applied from the start. */
  presets?: ConditionValues | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const [values, setValues] = useState<ConditionValues>(presets);
  const [applied, setApplied] = useState<ConditionValues>(presets);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);
  const [batch, setBatch] = useState(false);
  const [progress, setProgress] = useState('');
  const [report, setReport] = useState<{ message: string; problems: ImportProblem[] } | null>(null);
  const [reload, setReload] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const { permission } = template;
  // A bound table's records (dyzl): its named query's order, saved whole, no batch or drafts.
  const bound = template.list === 'query';
  const pageSize = template.pageSize || 20;
  const filter = (): FormFilter => ({
    pageBean: { page, pageSize },
    querys: querysOf(template.conditions, applied),
    ...(sort
      ? { sorter: [{ property: sort.key, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' }] }
      : {}),
  });
  const fieldOf = (name: string) => template.form.fields.find((each) => each.name === name);
  const counted = useTotal(template.templateKey, filter, [template, applied, sort, reload]);
  const rows = useAsync(
    () => formRecords(template.templateKey, { ...filter(), count: counted.mode(page) }),
    [template, applied, page, sort, reload],
  );
  useEffect(() => counted.take(rows.data), [rows.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const list = rows.data?.rows ?? [];
  const name = template.name;
  // People columns show names, not the ids the records keep (one call per page of rows).
  const peopleColumns = template.columns
    .filter((column) => fieldOf(column.field)?.type === 'user')
    .map((column) => column.field);
  const peopleIds = [
    ...new Set(list.flatMap((row) => peopleColumns.map((field) => row[field])).filter(Boolean)),
  ].map(String);
  const people = useAsync(
    () => (peopleIds.length ? peopleByIds(peopleIds) : Promise.resolve([])),
    [peopleIds.join(',')],
  );

  const columns: Column<Row>[] = [
    ...(permission.del || permission.edit
      ? [
          {
            key: 'select',
            title: '',
            width: 44,
            sortable: false,
            render: (row: Row) => (
              <input
                type="checkbox"
                aria-label={t('forms:list.selectRow', { id: String(row.ID_) })}
                checked={selected.includes(String(row.ID_))}
                onChange={(event) =>
                  setSelected((was) =>
                    event.target.checked
                      ? [...was, String(row.ID_)]
                      : was.filter((id) => id !== String(row.ID_)),
                  )
                }
                data-select={String(row.ID_)}
              />
            ),
          },
        ]
      : []),
    ...template.columns.map((column) => {
      const field = fieldOf(column.field);
      const kind = field?.type === 'money' ? ('money' as const) : ('text' as const);
      const options = field?.options ?? [];
      // A choice shows its label (the store's name); the server sorts on its value.
      const value = (row: Row) => {
        const found = options.find((option) => option.value === row[column.field]);
        return found ? fieldLabel(found, language) : row[column.field];
      };
      const person = (row: Row) =>
        people.data?.find((each) => each.id === row[column.field])?.fullname ?? row[column.field];
      return {
        key: column.field,
        title: fieldLabel(column, language),
        width: column.width ?? 140,
        kind,
        ...(options.length ? { value } : field?.type === 'user' ? { value: person } : {}),
      };
    }),
    {
      key: 'actions',
      title: t('forms:list.actions'),
      width: 90,
      sortable: false,
      render: (row: Row) => (
        <Button
          variant="text"
          onClick={() => onOpen(permission.edit ? 'edit' : 'get', String(row.ID_))}
          data-action="open-record"
        >
          {permission.edit ? t('forms:list.edit') : t('forms:list.view')}
        </Button>
      ),
    },
  ];

  const runExport = async () => {
    setProgress(t('forms:list.exporting', { size: '' }));
    try {
      const response = await exportRecords(template.templateKey, {
        ...filter(),
        pageBean: { page: 1, pageSize },
      });
      await saveResponse(response, `${name}.xlsx`, (bytes) =>
        setProgress(t('forms:list.exporting', { size: `${Math.round(bytes / 1024)} KB` })),
      );
    } finally {
      setProgress('');
    }
  };
  const runImport = async (file: File) => {
    setReport(null);
    const answer = await importRecords(template.templateKey, file, (fraction) =>
      setProgress(t('forms:list.importing', { percent: Math.round(fraction * 100) })),
    );
    setProgress('');
    if (answer.ok) {
      notify('success', answer.message);
      setReload((n) => n + 1);
    } else setReport({ message: answer.message, problems: answer.problems });
  };
  const runTemplate = async () => {
    await saveResponse(
      await importTemplateFile(template.templateKey),
      `${name}.xlsx`,
      () => undefined,
    );
  };

  return (
    <section data-template={template.templateKey} data-form-list>
      <div css={bar}>
        <h2>{name}</h2>
        {permission.add && (
          <Button variant="primary" onClick={() => onOpen('add')} data-action="add">
            {t('forms:list.add')}
          </Button>
        )}
        {permission.del && (
          <Button disabled={!selected.length} onClick={() => setConfirm(true)} data-action="delete">
            {t('forms:list.delete')}
          </Button>
        )}
        {permission.edit && !bound && (
          <Button
            disabled={!selected.length}
            onClick={() => setBatch(true)}
            data-action="batch-edit"
          >
            {t('forms:list.batchEdit')}
          </Button>
        )}
        {permission.export && (
          <Button
            onClick={() => void runExport()}
            disabled={Boolean(progress)}
            data-action="export"
          >
            {t('forms:list.export')}
          </Button>
        )}
        {permission.import && (
          <>
            <Button
              onClick={() => fileInput.current?.click()}
              disabled={Boolean(progress)}
              data-action="import"
            >
              {t('forms:list.import')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".xlsx"
              hidden
              data-import-file
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void runImport(file);
              }}
            />
            <Button variant="text" onClick={() => void runTemplate()} data-action="import-template">
              {t('forms:list.importTemplate')}
            </Button>
          </>
        )}
        {onDrafts && !bound && (
          <Button variant="text" onClick={onDrafts} data-action="drafts">
            {t('forms:list.drafts')}
          </Button>
        )}
      </div>
      {progress && (
        <div role="status" data-progress>
          {progress}
        </div>
      )}
      {report && (
        <div css={problems} data-import-report>
          <Alert>{report.message}</Alert>
          <div>{t('forms:list.importProblems')}</div>
          <ul>
            {report.problems.map((problem, index) => (
              <li key={index} data-problem-row={problem.row}>
                {t('forms:list.row', { row: problem.row })}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ListConditions
        conditions={template.conditions}
        values={values}
        onChange={setValues}
        onSubmit={() => {
          setPage(1);
          setApplied({ ...values });
        }}
        onReset={() => {
          setValues({});
          setApplied({});
          setPage(1);
        }}
      />
      <Table
        columns={columns}
        source={{
          count: list.length,
          row: (index) => list[index],
          onRange: () => undefined,
          sort,
          sortable: bound ? [] : template.columns.map((column) => column.field),
        }}
        rowKey={(row, index) => String(row.ID_ ?? index)}
        height={Math.min(560, 40 + Math.max(list.length, 3) * 36)}
        loading={rows.loading}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        failure={failureOf(rows)}
      />
      <Pager
        page={page}
        pageSize={pageSize}
        total={counted.total}
        loading={rows.loading}
        countText={
          counted.estimated
            ? t('forms:list.countEstimated', { count: counted.total ?? 0 })
            : undefined
        }
        onPage={setPage}
      />
      {batch && (
        <BatchEditDialog
          template={template}
          ids={selected}
          open={batch}
          onClose={() => setBatch(false)}
          onDone={() => {
            setBatch(false);
            setReload((n) => n + 1);
          }}
        />
      )}
      <ConfirmDialog
        open={confirm}
        name="delete"
        title={t('forms:list.delete')}
        message={t('forms:list.confirmDelete', { count: selected.length })}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          notify('success', await deleteFormRecords(template, selected));
          setConfirm(false);
          setSelected([]);
          setReload((n) => n + 1);
        }}
      />
    </section>
  );
}
