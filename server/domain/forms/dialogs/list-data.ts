// A tree dialog's node is the contract's.
import type { DialogNode } from '../../../../src/contract/custom-dialog';
import { badRequest, UserError } from '../../../lib/errors';
import {
  runNamedQuery,
  type Filters,
  type FilterValue,
  type NamedQuery,
  type QueryContext,
} from '../../shell/queries/registry';
import type { LoadedDialog } from './definition';
import { callEndpoint, type Endpoint } from './endpoint';
import { dialogQuery } from './queries';

/** What getListData asks for, already shaped by the route's schema. */
export interface ListRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
  querys?: { property: string; value?: unknown; operation?: string | undefined }[] | undefined;
  sorter?: { property: string; direction?: string | undefined }[] | undefined;
}

export type ListAnswer =
  | { rows: Record<string, unknown>[]; total: number; page: number; pageSize: number }
  | { nodes: DialogNode[]; total: number; page: number; pageSize: number };

/** Most rows of a dialog without paging, and most nodes of a tree. */
export const maxUnpagedRows = 1000;
const maxValueLength = 200;

/** The user's condition values, checked against the dialog's declared editable fields. */
function userFilters(dialog: LoadedDialog, request: ListRequest): Filters {
  const editable = new Map(
    dialog.conditions
      .filter((condition) => condition.defaultType === '1')
      .map((condition) => [condition.field, condition]),
  );
  const filters: Filters = {};
  for (const query of request.querys ?? []) {
    const declared = editable.get(query.property);
    if (!declared) throw badRequest('server:customDialogs.unknownField', { field: query.property });
    const value = query.value;
    let filter: FilterValue;
    if (declared.dbType === 'date' && Array.isArray(value) && value.length === 2)
      filter = [String(value[0] ?? ''), String(value[1] ?? '')];
    else if (typeof value === 'string' || typeof value === 'number') filter = String(value);
    else if (value === undefined || value === null) continue;
    else throw badRequest('server:customDialogs.badValue', { field: query.property });
    const text = Array.isArray(filter) ? filter.join('') : filter;
    if (text.length > maxValueLength)
      throw badRequest('server:customDialogs.badValue', { field: query.property });
    filters[query.property] = filter;
  }
  return filters;
}

/** Fixed conditions (defaultType 2) come from the definition only; a request cannot drop them. */
function fixedFilters(dialog: LoadedDialog): Filters {
  return Object.fromEntries(
    dialog.conditions
      .filter((condition) => condition.defaultType !== '1')
      .map((condition) => [condition.field, condition.defaultValue]),
  );
}

function sortOf(dialog: LoadedDialog, request: ListRequest) {
  const allowed = new Set(
    [...dialog.display, ...dialog.result, ...dialog.sort].map((field) => field.field),
  );
  const [given, ...more] = request.sorter ?? [];
  if (more.length > 0) throw badRequest('server:customDialogs.oneSort');
  if (given) {
    if (!allowed.has(given.property))
      throw badRequest('server:customDialogs.unknownSort', { field: given.property });
    const direction = (given.direction ?? 'ASC').toLowerCase();
    if (direction !== 'asc' && direction !== 'desc')
      throw badRequest('server:customDialogs.unknownSort', { field: given.property });
    return { column: given.property, direction: direction as 'asc' | 'desc' };
  }
  const first = dialog.sort[0];
  return first ? { column: first.field, direction: first.sortType } : undefined;
}

/** Only the declared fields leave the server (plus the tree's own id and parent). */
function projector(dialog: LoadedDialog) {
  const { row } = dialog;
  const fields = new Set(
    [...dialog.display, ...dialog.result]
      .map((field) => field.field)
      .concat(row.style === 'tree' ? [row.tree_id_field, row.tree_parent_field] : []),
  );
  return (source: Record<string, unknown>) =>
    Object.fromEntries([...fields].map((field) => [field, source[field] ?? null]));
}

/**
 * Nodes in tree order. With a search, the matching nodes and their ancestors, so every
 * match is reachable from a root; a node whose parent is missing becomes a root.
 */
function buildTree(
  dialog: LoadedDialog,
  all: Record<string, unknown>[],
  matching: Set<string> | null,
): DialogNode[] {
  const idField = dialog.row.tree_id_field;
  const parentField = dialog.row.tree_parent_field;
  const key = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const byId = new Map(all.map((row) => [key(row[idField]), row]));
  let kept = all;
  if (matching) {
    const keep = new Set<string>();
    for (const id of matching) {
      for (let at = id; at && !keep.has(at); at = key(byId.get(at)?.[parentField])) keep.add(at);
    }
    kept = all.filter((row) => keep.has(key(row[idField])));
  }
  const project = projector(dialog);
  const nodes = new Map<string, DialogNode>(
    kept.map((row) => [key(row[idField]), { ...project(row), children: [] }]),
  );
  const roots: DialogNode[] = [];
  for (const row of kept) {
    const node = nodes.get(key(row[idField]))!;
    const parent = nodes.get(key(row[parentField]));
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function pagingOf(dialog: LoadedDialog, request: ListRequest) {
  if (!dialog.row.need_page || dialog.row.style === 'tree')
    return { page: 1, pageSize: maxUnpagedRows };
  return { page: request.page ?? 1, pageSize: request.pageSize ?? dialog.row.page_size };
}

async function fromQuery(
  ctx: QueryContext,
  dialog: LoadedDialog,
  request: ListRequest,
): Promise<ListAnswer> {
  const named = dialogQuery(dialog.row.query_name);
  if (!named) throw new UserError(500, 'server:customDialogs.broken');
  const given = userFilters(dialog, request);
  const fixed = fixedFilters(dialog);
  const order = sortOf(dialog, request);
  const query: NamedQuery = order ? { ...named, orderBy: order } : named;
  const paging = pagingOf(dialog, request);
  if (dialog.row.style === 'tree') {
    const all = await runNamedQuery(query, ctx, fixed, paging);
    const searched = Object.keys(given).length > 0;
    const matches = searched
      ? await runNamedQuery(query, ctx, { ...fixed, ...given }, paging)
      : all;
    const ids = searched
      ? new Set(matches.rows.map((row) => String(row[dialog.row.tree_id_field] ?? '')))
      : null;
    const nodes = buildTree(dialog, all.rows, ids);
    return { nodes, total: matches.total, page: 1, pageSize: paging.pageSize };
  }
  const result = await runNamedQuery(query, ctx, { ...fixed, ...given }, paging);
  return { rows: result.rows.map(projector(dialog)), total: result.total, ...paging };
}

/** The value at a dotted key (`data.list`); the answer itself for an empty key. */
function at(answer: unknown, dotted: string): unknown {
  let node = answer;
  for (const part of dotted.split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

async function fromEndpoint(
  endpoint: Endpoint,
  dialog: LoadedDialog,
  request: ListRequest,
): Promise<ListAnswer> {
  const { row } = dialog;
  const given = userFilters(dialog, request);
  const order = sortOf(dialog, request);
  const paging = pagingOf(dialog, request);
  const serverPages = row.need_page && row.page_key !== '' && row.style === 'list';
  const params: Record<string, string> = {};
  for (const [field, value] of Object.entries({ ...fixedFilters(dialog), ...given }))
    params[field] = Array.isArray(value) ? value.join(',') : value;
  if (serverPages) {
    params[row.page_key] = String(paging.page);
    if (row.page_size_key) params[row.page_size_key] = String(paging.pageSize);
  }
  const answer = await callEndpoint(endpoint, row.request_type, row.url, params);
  const list = at(answer, row.list_key);
  if (!Array.isArray(list)) throw new UserError(502, 'server:customDialogs.externalFailed');
  let rows = list.filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object',
  );
  if (row.style === 'tree')
    return { nodes: buildTree(dialog, rows, null), total: rows.length, ...paging };
  const counted = Number(at(answer, row.total_key));
  if (serverPages) {
    const total = row.total_key && Number.isFinite(counted) ? counted : rows.length;
    return { rows: rows.map(projector(dialog)), total, ...paging };
  }
  // The endpoint answers everything at once: sorting and paging are ours.
  if (order) {
    const sign = order.direction === 'asc' ? 1 : -1;
    rows = [...rows].sort(
      (a, b) =>
        sign * String(a[order.column] ?? '').localeCompare(String(b[order.column] ?? ''), 'zh-CN'),
    );
  }
  const start = (paging.page - 1) * paging.pageSize;
  return {
    rows: rows.slice(start, start + paging.pageSize).map(projector(dialog)),
    total: rows.length,
    ...paging,
  };
}

/** getListData: one page of rows (list) or the nodes (tree) of a dialog. */
export function listData(
  ctx: QueryContext,
  endpoint: Endpoint,
  dialog: LoadedDialog,
  request: ListRequest,
): Promise<ListAnswer> {
  return dialog.row.ds_type === 'query'
    ? fromQuery(ctx, dialog, request)
    : fromEndpoint(endpoint, dialog, request);
}
