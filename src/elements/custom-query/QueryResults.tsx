import { useEffect, useMemo, useState } from 'react';
import {
  customListPageSize,
  CustomQueryError,
  describeFailure,
  displayFields,
  filledValues,
  initialValues,
  isEditable,
  pageOf,
  labelOf,
  parseConditionFields,
  runDataSource,
  runRestful,
  type CustomQueryDefinition,
  type QueryPage,
} from '../../core/api/custom-query';
import { Alert } from '../../ui/Alert';
import { Pager } from '../../ui/Pager';
import { useEmit } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { Table } from '../../ui/table/Table';
import type { Column } from '../../ui/table/columns';
import { useAsync } from '../../ui/useAsync';
import { ConditionForm } from './ConditionForm';

type Row = Record<string, unknown>;

/** Rows of one request: a page of ours, or a restful answer's whole list. */
async function fetchRows(
  definition: CustomQueryDefinition,
  conditions: Record<string, string>,
  page: number,
): Promise<QueryPage> {
  if (definition.dsType === 'dataSource') return runDataSource(definition.alias, conditions, page);
  if (definition.dsType === 'restful') {
    const rows = await runRestful(definition, conditions);
    return { rows, total: rows.length };
  }
  throw new CustomQueryError('badSource', { type: definition.dsType || '""' });
}

/** A found definition: its condition form, its rows in the table, paging. */
export function QueryResults({
  definition,
  params,
  height,
  version,
}: {
  definition: CustomQueryDefinition;
  params: Record<string, unknown> | undefined;
  height: number;
  version: number;
}) {
  const t = useT();
  const language = useLanguage();
  const emit = useEmit();
  const parsed = useMemo(() => {
    try {
      return { fields: parseConditionFields(definition.conditionfield) };
    } catch (error) {
      return { error };
    }
  }, [definition]);
  const fields = useMemo(() => parsed.fields ?? [], [parsed]);
  const defaults = useMemo(() => initialValues(fields, params ?? {}), [fields, params]);
  const [values, setValues] = useState(defaults);
  const [applied, setApplied] = useState(defaults);
  const [page, setPage] = useState(1);
  useEffect(() => {
    setValues(defaults);
    setApplied(defaults);
    setPage(1);
  }, [defaults]);

  const pageSize = definition.pageSize > 0 ? definition.pageSize : customListPageSize;
  // Our server pages; a restful answer is paged here, so turning pages asks nothing again.
  const serverPage = definition.dsType === 'dataSource' ? page : 0;
  const result = useAsync(async () => {
    if (parsed.error) throw parsed.error;
    return fetchRows(definition, filledValues(applied), Math.max(1, serverPage));
  }, [definition, parsed, applied, serverPage, version]);

  useEffect(() => {
    if (result.data)
      emit('atrium-query-result', { alias: definition.alias, total: result.data.total });
  }, [result.data, definition.alias, emit]);
  useEffect(() => {
    if (!result.error) return;
    const failure = describeFailure(result.error);
    emit('atrium-query-error', {
      alias: definition.alias,
      code: result.error instanceof CustomQueryError ? result.error.code : 'server',
      message: 'text' in failure ? failure.text : t(failure.key, failure.params),
    });
    // The event reports the failure once; a language switch does not repeat it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result.error, definition.alias, emit]);

  // Our server always pages; a restful list is paged here unless the query says needPage false.
  const paged = definition.dsType === 'dataSource' || definition.needPage !== false;
  const rows = useMemo(() => {
    const all = result.data?.rows ?? [];
    return definition.dsType === 'dataSource' || !paged ? all : pageOf(all, page, pageSize);
  }, [result.data, definition.dsType, paged, page, pageSize]);
  const columns = useMemo<Column<Row>[]>(
    () =>
      displayFields(definition, result.data?.rows ?? []).map((field) => ({
        key: field.field,
        title: labelOf(field, language),
        width: 160,
      })),
    [definition, result.data, language],
  );

  if (result.error) {
    const failure = describeFailure(result.error);
    return (
      <Alert>
        <span
          data-error-code={result.error instanceof CustomQueryError ? result.error.code : 'server'}
        >
          {'text' in failure ? failure.text : t(failure.key, failure.params)}
        </span>
      </Alert>
    );
  }
  const total = result.data?.total ?? 0;
  const editable = fields.filter(isEditable);
  return (
    <div data-rows={rows.length} data-total={total}>
      {editable.length > 0 && (
        <ConditionForm
          fields={editable}
          values={values}
          onChange={setValues}
          onSubmit={() => {
            setApplied(values);
            setPage(1);
          }}
          onReset={() => {
            setValues(defaults);
            setApplied(defaults);
            setPage(1);
          }}
        />
      )}
      <Table
        columns={columns}
        rows={rows}
        rowKey={(_row, index) => String(index)}
        height={Math.min(height, rows.length > 0 ? 44 + rows.length * 36 : 160)}
        loading={result.loading}
      />
      {paged && total > 0 && (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          loading={result.loading}
          onPage={setPage}
        />
      )}
    </div>
  );
}
