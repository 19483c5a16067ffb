import { useEffect, useId, useRef } from 'react';
import { reportTarget } from '../../core/api/shell';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

/**
 * The report page: a hidden form posting the user's account and DTID to the report server
 * configured for the alias; the report opens in the content area.
 */
export function ReportPage({ alias }: { alias: string }) {
  const t = useT();
  const target = useAsync(() => reportTarget(alias), [alias]);
  const form = useRef<HTMLFormElement>(null);
  const frameName = `report-${useId().replace(/:/g, '')}`;
  useEffect(() => {
    if (target.data) form.current?.submit();
  }, [target.data]);
  if (target.loading) return <Loading label={t('shell:statement.report')} />;
  if (!target.data)
    return (
      <Alert>{t('shell:statement.reportFailed', { message: target.error?.message ?? '' })}</Alert>
    );
  return (
    <>
      <form
        ref={form}
        method={target.data.method}
        action={target.data.url}
        target={frameName}
        hidden
        data-report={alias}
      >
        {Object.entries(target.data.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <iframe
        name={frameName}
        title={target.data.name}
        style={{ width: '100%', height: 'calc(100vh - 120px)', border: 0 }}
      />
    </>
  );
}
