import { isFormTemplate } from '../../core/api/forms';
import { dataTemplate, dataTemplateRows, queryFilter } from '../../core/api/statement';
import { FormTemplateList } from '../../ui/forms/FormTemplateList';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { ConditionForm } from '../../ui/query-view/ConditionForm';
import { PagedTable } from '../../ui/query-view/PagedTable';
import { useAppliedConditions } from '../../ui/query-view/useAppliedConditions';

/** A data template's list (template/preview): conditions, rows, add, open a record. */
export function TemplateList({
  templateKey,
  presets,
  onOpen,
  onDrafts,
}: {
  templateKey: string;
  /** Condition values the address sets in advance (template/preview/{key}/{single}/{presets}). */
  presets: Record<string, string>;
  onOpen: (action: 'add' | 'edit' | 'get', id?: string) => void;
  onDrafts?: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const template = useAsync(() => dataTemplate(templateKey), [templateKey, language]);
  const { applied, page, setPage, form } = useAppliedConditions(presets);
  const pageSize = 20;
  const info = template.data;
  const rows = useAsync(
    () =>
      info && (!isFormTemplate(info) || info.list === 'query')
        ? dataTemplateRows(templateKey, queryFilter(info.conditions, applied, page, pageSize))
        : Promise.resolve({ rows: [], total: 0, page: 1, pageSize }),
    [info, applied, page],
  );
  // A template the caller may not open says so where its list would be (not only in a toast).
  if (!info) return template.loading ? <Loading /> : <Alert>{template.error?.message ?? ''}</Alert>;
  // An online form's template: its own list (sort, selection, export, import, drafts); a
  // bound table's (dyzl) keeps the plain list of its named query.
  if (isFormTemplate(info) && info.list !== 'query')
    return (
      <FormTemplateList template={info} presets={presets} onOpen={onOpen} onDrafts={onDrafts} />
    );
  return (
    <section data-template={templateKey}>
      <div css={{ display: 'flex', alignItems: 'center', marginBottom: 12 }}>
        <h2 css={{ fontSize: 17, margin: 0, flex: 1 }}>{info.name}</h2>
        {info.permission.add && (
          <Button variant="primary" onClick={() => onOpen('add')} data-action="add">
            {t('shell:statement.add')}
          </Button>
        )}
      </div>
      <ConditionForm conditions={info.conditions} {...form} />
      <PagedTable
        columns={info.columns}
        rows={rows.data?.rows ?? []}
        total={rows.data?.total}
        page={page}
        pageSize={pageSize}
        loading={rows.loading}
        onPage={setPage}
        extra={[
          {
            key: 'actions',
            title: '',
            width: 90,
            render: (row) => (
              <Button
                variant="text"
                onClick={() => onOpen(info.permission.edit ? 'edit' : 'get', String(row.ID_))}
                data-action="open-record"
              >
                {info.permission.edit ? t('shell:statement.edit') : t('shell:statement.view')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
