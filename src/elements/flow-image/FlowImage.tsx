import { mainDefId } from '../../core/api/workflow';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { FlowImagePanel } from '../../ui/workflow/FlowImagePanel';
import { panelStyle } from '../../ui/workflow/styles';

export function FlowImage({
  instId,
  defId,
  defKey,
  height = 420,
}: {
  instId?: string;
  defId?: string;
  defKey?: string;
  height?: number;
}) {
  const t = useT();
  // A flow named by key is drawn in its main (newest) version.
  const resolved = useAsync(
    async () => (instId || defId ? defId : defKey ? mainDefId(defKey) : undefined),
    [instId, defId, defKey],
  );
  if (resolved.loading) return <Loading />;
  if (resolved.error) return <Alert>{resolved.error.message}</Alert>;
  if (!instId && !resolved.data) return <Alert>{t('workflow:starter.notFound')}</Alert>;
  return (
    <div css={panelStyle}>
      <FlowImagePanel
        {...(instId ? { instId } : {})}
        {...(resolved.data ? { defId: resolved.data } : {})}
        height={height}
      />
    </div>
  );
}
