import { Type } from 'typebox';

/** `account` of the platform's calls: optional, and only ever the caller's own. */
export const accountQuery = Type.Object({
  account: Type.Optional(Type.String({ maxLength: 100 })),
});

const menuNodeFields = {
  id: Type.String(),
  parentId: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  menuIcon: Type.String(),
  open: Type.Boolean(),
  sn: Type.Integer(),
  activeTab: Type.String(),
  tabsStyle: Type.String(),
  path: Type.String(),
  href: Type.String(),
  menuUrl: Type.String(),
  tenantId: Type.String(),
  isParent: Type.Boolean(),
  check: Type.Boolean(),
  sysMethods: Type.Array(Type.String()),
};

/** A SysMenu node; children are nodes too (the schema checks three levels, enough for ours). */
const level3 = Type.Object({ ...menuNodeFields, children: Type.Array(Type.Unknown()) });
const level2 = Type.Object({ ...menuNodeFields, children: Type.Array(level3) });
export const menuNode = Type.Object({ ...menuNodeFields, children: Type.Array(level2) });

export const sideMenuItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  alias: Type.String(),
  menuIcon: Type.String(),
  menuUrl: Type.String(),
  href: Type.String(),
  sn: Type.Integer(),
  hasChildren: Type.Boolean(),
});

// The app centre's entries and the home columns are the widgets' contract.
export { appEntry, columnConfig } from '../../../../src/contract/widgets';
