import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/api/shell';
import { couldBeMenuRoute, menuAliases, menuEntryTarget } from '../../../demo/src/menu-routes';

const node = (alias: string, menuUrl = '', href = '', children: MenuNode[] = []): MenuNode => ({
  id: alias,
  parentId: '0',
  name: alias,
  alias,
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
  children,
});

/** A front menu as the demo's: an area of relative routes, and a back-office menu. */
const tree = [
  node('home', '/home'),
  node('workbench', '/statement/workbench', '', [
    node('wb-dyzl', 'template/preview/dyzl'),
    node('wb-kqyc', 'querySql/queryView/kqyc/kqycmx'),
    node('wb-hours', '', '/guides/opening-hours.html'),
    node('wb-report', '/templateReport/salesDaily'),
  ]),
  node('erp_backmenu', '', '', [
    node('bk-hours', 'template/preview/dyzl', '/guides/opening-hours.html'),
    node('bk-dyzl', 'template/preview/dyzl'),
  ]),
];

/**
 * Where a bookmarked /{menuAlias}/{itemAlias} leads once the menus are read (spec/
 * workflow-office.md 2.1; issue 39, items 1 and 3).
 */
describe('menuEntryTarget', () => {
  it("leads /{menuAlias}/{itemAlias} to the item's page", () => {
    expect(menuEntryTarget(tree, '/workbench/wb-dyzl')).toBe('/workbench/template/preview/dyzl');
    expect(menuEntryTarget(tree, '/workbench/wb-kqyc')).toBe(
      '/workbench/querySql/queryView/kqyc/kqycmx',
    );
    expect(menuEntryTarget(tree, '/workbench/wb-report')).toBe('/templateReport/salesDaily');
    expect(menuEntryTarget(tree, '/workbench/wb-hours')).toBe('/statement/href/template/wb-hours');
    expect(menuEntryTarget(tree, '/workbench')).toBe('/statement/workbench');
  });

  it('shows the href of an item in a menu whose alias contains backmenu, whatever its route', () => {
    expect(menuEntryTarget(tree, '/erp_backmenu/bk-hours')).toBe(
      '/statement/href/template/bk-hours',
    );
    expect(menuEntryTarget(tree, '/erp_backmenu')).toBe('/statement/href/template/bk-hours');
    // An item without an href follows its route there too.
    expect(menuEntryTarget(tree, '/erp_backmenu/bk-dyzl')).toBe(
      '/erp_backmenu/template/preview/dyzl',
    );
  });

  it('finds nothing for an item the menu does not hold, or a malformed address', () => {
    expect(menuEntryTarget(tree, '/workbench/nosuch')).toBeNull();
    expect(menuEntryTarget(tree, '/workbench/bk-hours')).toBeNull();
    expect(menuEntryTarget(tree, '/nosuch/wb-dyzl')).toBeNull();
    expect(menuEntryTarget(tree, '/workbench/%E0%A4%A')).toBeNull();
    expect(menuEntryTarget(tree, '/workbench/wb-dyzl/more')).toBeNull();
  });

  it('waits for the menus only for addresses of their shape', () => {
    expect(couldBeMenuRoute('/workbench/wb-dyzl')).toBe(true);
    expect(couldBeMenuRoute('/workbench/template/preview/dyzl')).toBe(true);
    expect(couldBeMenuRoute('/workbench/no/such/item')).toBe(false);
    expect(menuAliases(tree)).toEqual(['workbench', 'erp_backmenu']);
  });
});
