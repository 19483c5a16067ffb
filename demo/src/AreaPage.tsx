import { useEffect, useState, type ReactNode } from 'react';

const container = () => import('../../src/elements/menu-container/index');

/** A page of an area: inside the area's menu container, with its second-level menu. */
export function AreaPage({
  area,
  path,
  children,
}: {
  area: string;
  path: string;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(
    () => customElements.get('atrium-menu-container') !== undefined,
  );
  useEffect(() => {
    if (!ready) void container().then(() => setReady(true));
  }, [ready]);
  if (!ready) return null;
  return (
    <atrium-menu-container menu-alias={area} active={path}>
      {children}
    </atrium-menu-container>
  );
}
