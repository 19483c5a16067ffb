import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { QueryViewPage } from '../../ui/query-view/QueryViewPage';

/** A query view on any page (the statement shell shows the same at querySql/queryView). */
export function QueryView({ sqlAlias, alias }: { sqlAlias?: string; alias?: string }) {
  const t = useT();
  if (!sqlAlias || !alias) return <Alert>{t('shell-elements:queryView.missing')}</Alert>;
  return <QueryViewPage key={`${sqlAlias}/${alias}`} sqlAlias={sqlAlias} alias={alias} />;
}
