import { flowImage } from '../../core/api/workflow';
import { Alert } from '../Alert';
import { useLanguage } from '../i18n';
import { Loading } from '../Status';
import { useAsync } from '../useAsync';
import { FlowViewer } from './FlowViewer';

/** The flow chart of an instance (done and current nodes, opinions) or of a definition. */
export function FlowImagePanel({
  instId,
  defId,
  height,
}: {
  instId?: string;
  defId?: string;
  height?: number;
}) {
  const language = useLanguage();
  const image = useAsync(
    () =>
      instId || defId
        ? flowImage({ ...(instId ? { instId } : {}), ...(defId ? { defId } : {}) })
        : Promise.resolve(undefined),
    [instId, defId, language],
  );
  if (image.loading && !image.data) return <Loading />;
  if (image.error) return <Alert>{image.error.message}</Alert>;
  if (!image.data) return null;
  return <FlowViewer image={image.data} {...(height ? { height } : {})} />;
}
