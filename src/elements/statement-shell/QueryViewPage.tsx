import { useState } from 'react';
import { queryFilter, queryView, queryViewRows } from '../../core/api/statement';
import { useLanguage } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { ConditionForm } from './ConditionForm';
import { PagedTable } from './PagedTable';

/** A query view: its conditions, then its rows a page at a time (querySql/queryView). */
export function QueryViewPage({ sqlAlias, alias }: { sqlAlias: string; alias: string }) {
  const language = useLanguage();
  const view = useAsync(() => queryView(sqlAlias, alias), [sqlAlias, alias, language]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  const definition = view.data;
  const rows = useAsync(
    () =>
      definition
        ? queryViewRows(
            sqlAlias,
            alias,
            queryFilter(definition.conditions, applied, page, definition.pageSize),
          )
        : Promise.resolve({ rows: [], total: 0, page: 1, pageSize: 10 }),
    [definition, applied, page],
  );
  if (!definition) return view.loading ? <Loading /> : null;
  return (
    <section data-view={`${sqlAlias}/${alias}`}>
      <h2 css={{ fontSize: 17, margin: '0 0 12px' }}>{definition.name}</h2>
      <ConditionForm
        conditions={definition.conditions}
        values={values}
        onChange={setValues}
        onSubmit={() => {
          setPage(1);
          setApplied({ ...values });
        }}
      />
      <PagedTable
        columns={definition.columns}
        rows={rows.data?.rows ?? []}
        total={rows.data?.total ?? 0}
        page={page}
        pageSize={definition.pageSize}
        loading={rows.loading}
        onPage={setPage}
      />
    </section>
  );
}
