import type { MenuNode } from '../../src/core/api/shell';

/**
 * Addresses named by menus (spec/shell.md section 2, "Menu entries named by alias add routes
 * at runtime"; spec/workflow-office.md 2.1, "Selecting an item goes to /{menuAlias}/{itemAlias}").
 * They exist only once the user's menus are read, so the host resolves an address no route
 * matches against those menus before it declares 404 (issue 39, item 1): a bookmark, a mail
 * link or a reload of such an address opens it, after sign-in when it needs one.
 */

/** Menu aliases whose items open statement-area pages: each adds `/{alias}/...` routes. */
export function menuAliases(nodes: MenuNode[]): string[] {
  return nodes.flatMap((node) => [
    ...(node.children.some((child) => child.menuUrl && !child.menuUrl.startsWith('/'))
      ? [node.alias]
      : []),
    ...menuAliases(node.children),
  ]);
}

/** The pages of the statement area a menu alias adds under itself (`/{alias}/template/...`). */
const statementPage =
  /^\/[^/]+\/(template\/(preview|form)\/|href\/template\/|querySql\/queryView\/|draftList\/?$)/;

/**
 * Whether an address has the shape of one a menu adds: `/{alias}`, `/{menuAlias}/{itemAlias}`
 * or a statement page under an alias. Only such an address waits for the menus (and for a
 * sign-in); any other that no route matches is not found at once, signed in or not.
 */
export function couldBeMenuRoute(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return (parts.length > 0 && parts.length <= 2) || statementPage.test(path);
}

/** The node with that alias under `parent` (at any depth), with the node right above it. */
function byAlias(
  nodes: MenuNode[],
  alias: string,
  parent: MenuNode | null = null,
): { node: MenuNode; parent: MenuNode | null } | null {
  for (const node of nodes) {
    if (node.alias === alias) return { node, parent };
    const found = byAlias(node.children, alias, node);
    if (found) return found;
  }
  return null;
}

/**
 * The page a menu entry shows: its route (absolute, or a statement-area page under the alias
 * of the menu right above it, which adds that route), its embedded address, or for a node
 * its first entry that shows something.
 */
function entryPage(entry: MenuNode, parent: MenuNode | null): string | null {
  // In a menu whose alias contains backmenu an item shows its href whatever route it names
  // (spec/workflow-office.md 2.1; showsHref in src/ui/menu/AreaMenu.tsx).
  if (entry.href && !entry.children.length && parent?.alias.includes('backmenu'))
    return `/statement/href/template/${entry.alias}`;
  if (entry.menuUrl.startsWith('/')) return entry.menuUrl.split('?')[0]!;
  if (entry.menuUrl)
    return parent ? `/${parent.alias}/${entry.menuUrl}` : `/statement/${entry.menuUrl}`;
  if (entry.href) return `/statement/href/template/${entry.alias}`;
  for (const child of entry.children) {
    const page = entryPage(child, entry);
    if (page) return page;
  }
  return null;
}

/**
 * Where `/{menuAlias}/{itemAlias}` or `/{alias}` leads: the page of that entry of the user's
 * menus (the item must lie under the menu it is named with). Null when the address names no
 * entry the user sees: then it is not found.
 */
export function menuEntryTarget(tree: MenuNode[], path: string): string | null {
  let parts: string[];
  try {
    parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (parts.length === 0 || parts.length > 2) return null;
  const menu = byAlias(tree, parts[0]!);
  if (!menu) return null;
  const entry = parts.length === 1 ? menu : byAlias(menu.node.children, parts[1]!, menu.node);
  const page = entry ? entryPage(entry.node, entry.parent) : null;
  // Never back to the same address (a loop): that address is simply not found.
  return page && page !== path ? page : null;
}
