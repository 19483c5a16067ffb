import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/api/shell';
import { showsHref } from '../../../src/ui/menu/AreaMenu';

const item = (menuUrl: string, href: string): MenuNode => ({
  id: '1',
  parentId: '0',
  name: '营业时间',
  alias: 'hours',
  menuIcon: '',
  open: false,
  sn: 0,
  activeTab: '',
  tabsStyle: '',
  path: '',
  href,
  menuUrl,
  tenantId: '',
  isParent: false,
  check: false,
  sysMethods: [],
  children: [],
});

/** Which menu items show their href instead of their route (spec/workflow-office.md 2.1). */
describe('showsHref', () => {
  it('shows the href of an item that names no route, in any menu', () => {
    expect(showsHref(item('', '/guides/opening-hours.html'), 'workbench')).toBe(true);
  });

  it('follows the route of an item that names one, outside a backmenu', () => {
    expect(showsHref(item('template/preview/dyzl', 'https://x.example/a'), 'workbench')).toBe(
      false,
    );
  });

  it('shows the href in a menu whose alias contains backmenu, whatever route it names', () => {
    for (const menu of ['backmenu', 'erp_backmenu', 'backmenu-finance'])
      expect(showsHref(item('template/preview/dyzl', 'https://x.example/a'), menu)).toBe(true);
  });

  it('never shows an href an item does not have', () => {
    expect(showsHref(item('template/preview/dyzl', ''), 'backmenu')).toBe(false);
    expect(showsHref(item('', ''), 'workbench')).toBe(false);
  });
});
