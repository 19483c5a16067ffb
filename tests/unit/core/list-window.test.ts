import { describe, expect, it } from 'vitest';
import { ListWindow, rangeOf, type PageRequest } from '../../../src/core/list-window';

/**
 * The windowing rules of src/core/list-window.ts over an in-memory list that answers like
 * the server (pages by offset or after a cursor, counts by mode).
 */
function serverOf(size: number, estimate = size) {
  const rows = Array.from({ length: size }, (_, index) => `row-${index}`);
  const asked: PageRequest[] = [];
  const fetchPage = async (request: PageRequest) => {
    asked.push(request);
    const start = request.after ? Number(request.after) + 1 : (request.page - 1) * request.pageSize;
    const page = rows.slice(start, start + request.pageSize);
    const last = start + page.length - 1;
    return {
      rows: page,
      total:
        request.count === 'none' ? null : request.count === 'exact' ? size : Math.min(estimate),
      estimated: request.count === 'estimate' && estimate !== size,
      ...(page.length === request.pageSize ? { next: String(last) } : {}),
    };
  };
  return { asked, fetchPage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
async function idle(list: ListWindow<string>) {
  for (let i = 0; i < 50 && (i === 0 || list.snapshot.loading); i++) await settle();
}

describe('ListWindow', () => {
  it('asks for the pages in view and a few ahead, never the whole list', async () => {
    const server = serverOf(10_000);
    const list = new ListWindow<string>({ fetchPage: server.fetchPage, pageSize: 100 });
    list.show(0, 20);
    await idle(list);
    expect(list.snapshot.total).toBe(10_000);
    expect(list.row(0)).toBe('row-0');
    expect(server.asked.map((each) => each.page)).toEqual([1, 2, 3]);
    expect(server.asked.every((each) => each.pageSize === 100)).toBe(true);
    expect(list.held).toBeLessThanOrEqual(300);
  });

  it('goes on after the cursor of the page before, and counts only the first page', async () => {
    const server = serverOf(1_000);
    const list = new ListWindow<string>({ fetchPage: server.fetchPage, pageSize: 100 });
    for (let first = 0; first < 1_000; first += 50) {
      list.show(first, first + 20);
      await idle(list);
    }
    expect(list.row(999)).toBe('row-999');
    const later = server.asked.filter((each) => each.page > 1);
    expect(later.every((each) => each.after !== undefined && each.count === 'none')).toBe(true);
    expect(server.asked.filter((each) => each.count !== 'none')).toHaveLength(1);
  });

  it('replaces an estimate by the exact count, and by the end it finds', async () => {
    const server = serverOf(2_345, 3_000);
    const list = new ListWindow<string>({ fetchPage: server.fetchPage, pageSize: 100 });
    list.show(0, 10);
    await idle(list);
    expect(list.snapshot).toMatchObject({ total: 2_345, estimated: false });
    expect(server.asked.some((each) => each.count === 'exact' && each.pageSize === 1)).toBe(true);
    const noExact = serverOf(2_345, 3_000);
    const estimated = new ListWindow<string>({
      fetchPage: noExact.fetchPage,
      pageSize: 100,
      exactCount: false,
    });
    estimated.show(0, 10);
    await idle(estimated);
    expect(estimated.snapshot).toMatchObject({ total: 3_000, estimated: true });
    estimated.show(2_900, 2_950);
    await idle(estimated);
    estimated.show(2_300, 2_344);
    await idle(estimated);
    expect(estimated.snapshot).toMatchObject({ total: 2_345, estimated: false });
    expect(estimated.row(2_344)).toBe('row-2344');
  });

  it('keeps a bounded number of pages, dropping the farthest', async () => {
    const server = serverOf(100_000);
    const list = new ListWindow<string>({ fetchPage: server.fetchPage, pageSize: 50, keep: 6 });
    for (let first = 0; first < 20_000; first += 40) {
      list.show(first, first + 20);
      await idle(list);
    }
    expect(list.held).toBeLessThanOrEqual(6 * 50);
    expect(list.row(19_990)).toBe('row-19990');
    expect(list.row(0)).toBeUndefined();
  });

  it('asks nothing more once closed', async () => {
    const server = serverOf(1_000);
    const list = new ListWindow<string>({ fetchPage: server.fetchPage });
    list.close();
    list.show(0, 10);
    await settle();
    expect(server.asked).toHaveLength(0);
  });

  it('says which rows are in view, counted from 1', () => {
    expect(rangeOf(0, 19, 1_000)).toEqual([1, 20]);
    expect(rangeOf(990, 1_010, 1_000)).toEqual([991, 1_000]);
    expect(rangeOf(0, 10, 0)).toEqual([0, 0]);
  });
});
