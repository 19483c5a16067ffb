import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { createElement, useEffect, useState } from 'react';
import { useT } from '../../../src/ui/i18n';
import { Loading } from '../../../src/ui/Status';
import { vars } from '../../../src/ui/theme';
import { CodeFailed } from '../CodeFailed';
import { pageCode } from '../element-code';
import { elementPages } from '../element-pages';
import { CodeLoadError, loadCode } from '../load-code';
import { $search } from '../router';

/** The card other portal pages draw themselves (same surface, border and radius). */
const panel = css`
  margin: 16px;
  padding: 16px 20px;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
`;

/** Read by screen readers, not shown (the element's own title is its h2). */
const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/**
 * A route whose page is one element, with attributes from the route's parameters. Elements
 * title themselves with an h2 (a host page has its own h1), so the page's h1 is the portal's
 * name.
 */
export default function ElementPage(params: Record<string, string>) {
  const t = useT();
  const search = useStore($search);
  const page = elementPages[params.element ?? '']!;
  const defined = customElements.get(page.tag) !== undefined;
  const [, setLoaded] = useState(0);
  // The element's code within the spec's 120 s, or what happened and a retry.
  const [failure, setFailure] = useState<{ page: unknown; kind: CodeLoadError['kind'] }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (defined) return;
    let current = true;
    void loadCode(pageCode(page)).then(
      () => current && setLoaded((count) => count + 1),
      (error: unknown) =>
        current &&
        setFailure({ page, kind: error instanceof CodeLoadError ? error.kind : 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [page, defined, attempt]);
  if (!defined && failure?.page === page)
    return (
      <CodeFailed
        kind={failure.kind}
        onRetry={() => {
          setFailure(undefined);
          setAttempt((count) => count + 1);
        }}
      />
    );
  if (!defined) return <Loading />;
  const attributes = Object.fromEntries(
    Object.entries(page.attributes?.(params, new URLSearchParams(search)) ?? {}).filter(
      ([, value]) => value !== undefined,
    ),
  );
  // A new element for each page kind: state of one page never leaks into the next.
  const element = createElement(page.tag, {
    key: params.element,
    ...attributes,
    'data-page': params.element,
  });
  return (
    <>
      <h1 css={visuallyHidden}>{t('portal:brand.name')}</h1>
      {page.panel ? <div css={panel}>{element}</div> : element}
    </>
  );
}
