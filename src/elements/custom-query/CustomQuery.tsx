import { useMemo, useState } from 'react';
import { describeFailure } from '../../core/api/custom-query';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { QueryResults } from './QueryResults';
import { useDefinition } from './useDefinition';

export interface CustomQueryProps {
  alias?: string;
  waitSeconds?: number;
  height?: number;
  heading?: boolean;
  params?: Record<string, unknown>;
}

/** The spec's wait for an alias to resolve (shell.md section 7). */
const defaultWaitSeconds = 15;

export function CustomQuery({
  alias,
  waitSeconds = defaultWaitSeconds,
  height = 400,
  heading = false,
  params,
}: CustomQueryProps) {
  const t = useT();
  const state = useDefinition(alias, waitSeconds);
  const [version, setVersion] = useState(0);
  useHostMethods(useMemo(() => ({ refresh: () => setVersion((v) => v + 1) }), []));

  if (state.status === 'waiting') {
    return (
      <div data-state="waiting">
        <Loading label={t('shell-elements:customQuery.waiting')} />
      </div>
    );
  }
  if (state.status === 'failed') {
    const failure = describeFailure(state.error);
    return (
      <Alert>
        <span data-error-code={'key' in failure ? failure.key.split('.').pop() : 'server'}>
          {'text' in failure ? failure.text : t(failure.key, failure.params)}
        </span>
      </Alert>
    );
  }
  const { definition } = state;
  return (
    <section aria-label={definition.name} data-alias={definition.alias}>
      {heading && <h3 css={{ margin: '0 0 10px', fontSize: 15 }}>{definition.name}</h3>}
      <QueryResults definition={definition} params={params} height={height} version={version} />
    </section>
  );
}
