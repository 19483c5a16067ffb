import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { createElement, useEffect, useState } from 'react';
import { Loading } from '../../../src/ui/Status';
import { elementPages } from '../element-pages';
import { $search } from '../router';

const panel = css`
  margin: 16px;
  padding: 20px 24px;
  background: #fff;
  border-radius: 8px;
  box-shadow: 0 1px 2px rgba(31, 35, 41, 0.06);
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
