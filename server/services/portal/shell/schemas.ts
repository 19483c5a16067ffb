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

export const appEntry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  // Spelled out, not mapped from an array: a mapped list types every entry as never.
  type: Type.Union([
    Type.Literal(2),
    Type.Literal(3),
    Type.Literal(5),
    Type.Literal(6),
    Type.Literal(8),
  ]),
  menuId: Type.String(),
  menuName: Type.String(),
  path: Type.String(),
  templateKey: Type.String(),
  sqlAlias: Type.String(),
  alias: Type.String(),
  formId: Type.String(),
  defKey: Type.String(),
  url: Type.String(),
});

export const columnConfig = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  widget: Type.String(),
  colType: Type.Integer(),
  dataMode: Type.Integer(),
  dataFrom: Type.String(),
  dataParam: Type.String(),
  requestType: Type.String(),
  needPage: Type.Boolean(),
  colHeight: Type.Integer(),
  colUrl: Type.String(),
  templateHtml: Type.String(),
  displayRights: Type.Boolean(),
});

/** A column's place in the home grid, as saved by the layout editor. */
export const layoutCell = Type.Object({
  alias: Type.String({ minLength: 1, maxLength: 100 }),
  x: Type.Integer({ minimum: 0, maximum: 11 }),
  y: Type.Integer({ minimum: 0, maximum: 200 }),
  w: Type.Integer({ minimum: 1, maximum: 12 }),
  h: Type.Integer({ minimum: 1, maximum: 24 }),
});
