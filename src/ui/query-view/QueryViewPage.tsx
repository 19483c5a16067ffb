import { useState } from 'react';
import { exportQueryView, queryFilter, queryView, queryViewRows } from '../../core/api/statement';
import { Button } from '../Button';
import { saveResponse } from '../table/save';
import { useLanguage, useT } from '../i18n';
import { failureOf, LoadFailed, Loading } from '../Status';
import { useAsync } from '../useAsync';
import { ConditionForm } from './ConditionForm';
import { PagedTable } from './PagedTable';
import { useAppliedConditions } from './useAppliedConditions';

/** A query view: its conditions, then its rows a page at a time (querySql/queryView). */
export function QueryViewPage({ sqlAlias, alias }: { sqlAlias: string; alias: string }) {
  const t = useT();
  const language = useLanguage();
  const [progress, setProgress] = useState('');
  const view = useAsync(() => queryView(sqlAlias, alias), [sqlAlias, alias, language]);
  const { applied, page, setPage, form } = useAppliedConditions();
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
  if (!definition) {
    if (view.loading) return <Loading />;
    const failure = failureOf(view);
    return failure ? <LoadFailed {...failure} /> : null;
  }
  // Every row under the applied conditions, streamed; the file name carries the count.
  const runExport = async () => {
    setProgress(t('common:table.export'));
    try {
      const filter = queryFilter(definition.conditions, applied, 1, definition.pageSize);
      await saveResponse(
        await exportQueryView(sqlAlias, alias, filter),
        `${definition.name} (${rows.data?.total ?? 0}).xlsx`,
        (bytes) =>
          setProgress(
            t('common:table.exportingBytes', {
              total: rows.data?.total ?? 0,
              size: (bytes / 1_048_576).toFixed(1),
            }),
          ),
      );
    } finally {
      setProgress('');
    }
  };
  return (
    <section data-view={`${sqlAlias}/${alias}`}>
      <div css={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <h2 css={{ fontSize: 17, margin: 0, flex: 1 }}>{definition.name}</h2>
        {progress && (
          <span role="status" data-progress>
            {progress}
          </span>
        )}
        <Button disabled={Boolean(progress)} onClick={() => void runExport()} data-action="export">
          {t('common:table.exportXlsx')}
        </Button>
      </div>
      <ConditionForm conditions={definition.conditions} {...form} />
      <PagedTable
        columns={definition.columns}
        rows={rows.data?.rows ?? []}
        total={rows.data?.total}
        page={page}
        pageSize={definition.pageSize}
        loading={rows.loading}
        onPage={setPage}
        failure={failureOf(rows)}
      />
    </section>
  );
}
