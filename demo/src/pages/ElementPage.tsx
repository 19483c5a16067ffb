import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { createElement, useEffect, useState } from 'react';
import { Loading } from '../../../src/ui/Status';
import { vars } from '../../../src/ui/theme';
import { elementPages } from '../element-pages';
import { $search } from '../router';

/** The card other portal pages draw themselves (same surface, border and radius). */
const panel = css`
  margin: 16px;
  padding: 16px 20px;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
`;

/** A route whose page is one element, with attributes from the route's parameters. */
export default function ElementPage(params: Record<string, string>) {
  const search = useStore($search);
  const page = elementPages[params.element ?? '']!;
  const defined = customElements.get(page.tag) !== undefined;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (!defined) void page.load().then(() => setLoaded((count) => count + 1));
  }, [page, defined]);
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
  return page.panel ? <div css={panel}>{element}</div> : element;
}
