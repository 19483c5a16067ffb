import { useT } from '../../src/ui/i18n';
import { LoadFailed } from '../../src/ui/Status';

/** In place of a page whose code did not arrive: what happened, and a retry. */
export function CodeFailed({
  kind,
  onRetry,
}: {
  kind: 'timedOut' | 'failed';
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div data-state="code-failed" data-kind={kind} style={{ padding: 16 }}>
      <LoadFailed error={new Error(t(`portal:code.${kind}`))} onRetry={onRetry} />
    </div>
  );
}
