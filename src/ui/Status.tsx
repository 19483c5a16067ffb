import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { useT } from './i18n';
import type { AsyncState } from './useAsync';
import { vars } from './theme';

const centred = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 10px;
  padding: 40px 16px;
  color: ${vars.textMuted};
`;

const spinner = css`
  width: 22px;
  height: 22px;
  border-radius: 50%;
  border: 2px solid ${vars.border};
  border-top-color: ${vars.primary};
  animation: atrium-spin 0.8s linear infinite;
  @keyframes atrium-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div css={centred} role="status" aria-live="polite" data-state="loading">
      <span css={spinner} aria-hidden />
      <span>{label ?? t('common:states.loading')}</span>
    </div>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <div css={centred} data-state="empty">
      <svg width="48" height="40" viewBox="0 0 48 40" aria-hidden>
        <rect
          x="6"
          y="10"
          width="36"
          height="24"
          rx="3"
          fill="none"
          stroke="currentColor"
          strokeOpacity=".35"
        />
        <path d="M6 18h12l3 4h6l3-4h12" fill="none" stroke="currentColor" strokeOpacity=".35" />
      </svg>
      <span>{children ?? t('common:states.empty')}</span>
    </div>
  );
}

/** A load that failed, and how to ask again (a Table's `failure`, LoadFailed's props). */
export interface LoadFailure {
  error: Error;
  onRetry: () => void;
}

/** The failure of a useAsync load, if it failed. */
export const failureOf = (load: AsyncState<unknown>): LoadFailure | undefined =>
  load.error ? { error: load.error, onRetry: load.reload } : undefined;

/**
 * A load that failed (network, timeout, a server error): what went wrong, in the reader's
 * language as the request layer worded it, and a button that asks again. Without it a reader
 * had to reload the whole page to try once more.
 */
export function LoadFailed({ error, onRetry }: LoadFailure) {
  const t = useT();
  return (
    <Alert
      action={
        <Button variant="text" onClick={onRetry} data-action="retry">
          {t('common:actions.retry')}
        </Button>
      }
    >
      {error.message}
    </Alert>
  );
}

/**
 * In place of a page whose load gave nothing to show: the failure with Retry, or, when the
 * load answered, that what was asked for is not there (no Retry: asking again changes nothing).
 */
export function NotLoaded({ load, notFound }: { load: AsyncState<unknown>; notFound: string }) {
  const failure = failureOf(load);
  return failure ? <LoadFailed {...failure} /> : <Alert>{notFound}</Alert>;
}
