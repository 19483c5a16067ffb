/**
 * Windowed fetching for long lists: the rows in view are asked for first, then a few pages
 * ahead; nothing asks for the whole list. The server keeps filters and sort; this keeps
 * the pages it has (a bounded number, the farthest from view dropped first), the cursor
 * after each page (so scrolling on is a keyset request, a jump an offset one), and the
 * total: counted once per filter and reused, an estimate until the exact count arrives,
 * corrected by the last page when it is reached.
 */
export interface PageRequest {
  page: number;
  pageSize: number;
  /** The cursor after the previous page, when it is known. */
  after?: string;
  count: 'estimate' | 'exact' | 'none';
}

export interface PageAnswer<Row> {
  rows: Row[];
  total: number | null;
  estimated?: boolean;
  next?: string;
}

export interface ListWindowState {
  /** Rows as far as known; null before the first answer. */
  total: number | null;
  estimated: boolean;
  /** True while any page is on its way. */
  loading: boolean;
  /** Why the first page's request failed (nothing to show), as the request layer worded it. */
  error: Error | null;
  /** Changes whenever a page arrives, so views know to redraw. */
  version: number;
}

export interface ListWindowOptions<Row> {
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PageAnswer<Row>>;
  pageSize?: number;
  /** Pages fetched beyond the last one in view. */
  ahead?: number;
  /** Pages kept in memory; farther ones are dropped (and fetched again if needed). */
  keep?: number;
  /** Requests under way at once. */
  parallel?: number;
  /** Asks for the exact count after an estimated first page. */
  exactCount?: boolean;
}

export class ListWindow<Row> {
  readonly pageSize: number;
  private readonly ahead: number;
  private readonly keep: number;
  private readonly parallel: number;
  private readonly pages = new Map<number, Row[]>();
  private readonly cursors = new Map<number, string>();
  private readonly inFlight = new Set<number>();
  private readonly controller = new AbortController();
  private readonly listeners = new Set<() => void>();
  private wanted: [number, number] = [0, 0];
  private state: ListWindowState = {
    total: null,
    estimated: false,
    loading: false,
    error: null,
    version: 0,
  };

  constructor(private readonly options: ListWindowOptions<Row>) {
    this.pageSize = options.pageSize ?? 100;
    this.ahead = options.ahead ?? 2;
    this.keep = options.keep ?? 30;
    this.parallel = options.parallel ?? 2;
  }

  get snapshot(): ListWindowState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The row at an index, or undefined while its page is not here. */
  row(index: number): Row | undefined {
    return this.pages.get(Math.floor(index / this.pageSize) + 1)?.[index % this.pageSize];
  }

  /** Rows in memory now (never the whole of a long list). */
  get held(): number {
    let rows = 0;
    for (const page of this.pages.values()) rows += page.length;
    return rows;
  }

  /** The rows from `first` to `last` (indexes, inclusive) are in view. */
  show(first: number, last: number): void {
    this.wanted = [Math.max(0, first), Math.max(first, last)];
    this.pump();
  }

  /** Stops every request; the window answers nothing more. */
  close(): void {
    this.controller.abort();
    this.listeners.clear();
  }

  private set(patch: Partial<ListWindowState>) {
    this.state = { ...this.state, ...patch, version: this.state.version + 1 };
    for (const listener of this.listeners) listener();
  }

  private lastPage(): number | null {
    const { total } = this.state;
    return total === null ? null : Math.max(1, Math.ceil(total / this.pageSize));
  }

  /** Pages in view first, then the ones ahead, then one behind. */
  private needed(): number[] {
    const [first, last] = this.wanted;
    const from = Math.floor(first / this.pageSize) + 1;
    const to = Math.floor(last / this.pageSize) + 1;
    const end = this.lastPage();
    const pages: number[] = [];
    for (let page = from; page <= to + this.ahead; page++) pages.push(page);
    if (from > 1) pages.push(from - 1);
    return pages.filter(
      (page) =>
        (this.state.total === null ? page === 1 : end !== null && page <= end) &&
        !this.pages.has(page),
    );
  }

  private pump() {
    if (this.controller.signal.aborted) return;
    for (const page of this.needed()) {
      if (this.inFlight.size >= this.parallel) break;
      // The page before is on its way: wait for its cursor (a keyset request) rather than
      // ask by offset, which costs the server every row before.
      if (this.inFlight.has(page) || this.inFlight.has(page - 1)) continue;
      void this.fetch(page);
    }
    const loading = this.inFlight.size > 0;
    if (loading !== this.state.loading) this.set({ loading });
  }

  private async fetch(page: number) {
    this.inFlight.add(page);
    const after = this.cursors.get(page - 1);
    const first = this.state.total === null;
    try {
      const answer = await this.options.fetchPage(
        {
          page,
          pageSize: this.pageSize,
          ...(after ? { after } : {}),
          count: first ? 'estimate' : 'none',
        },
        this.controller.signal,
      );
      if (this.controller.signal.aborted) return;
      this.pages.set(page, answer.rows);
      if (answer.next) this.cursors.set(page, answer.next);
      this.evict(page);
      const patch: Partial<ListWindowState> = {};
      if (first) {
        patch.total = answer.total ?? answer.rows.length;
        patch.estimated = Boolean(answer.estimated);
        if (answer.estimated && this.options.exactCount !== false) void this.countExactly();
      }
      // A short page is the last: the total is now known exactly, whatever was estimated.
      // An empty one past page 1 only says the end is before it (an estimate overshot).
      if (answer.rows.length > 0 && answer.rows.length < this.pageSize) {
        patch.total = (page - 1) * this.pageSize + answer.rows.length;
        patch.estimated = false;
      } else if (answer.rows.length === 0) {
        const before = (page - 1) * this.pageSize;
        patch.total = Math.min(patch.total ?? this.state.total ?? before, before);
      }
      this.inFlight.delete(page);
      this.set(patch);
    } catch (error) {
      this.inFlight.delete(page);
      if (this.controller.signal.aborted) return;
      if (first) this.set({ error: error as Error, total: 0, loading: false });
      return;
    }
    this.pump();
  }

  private async countExactly() {
    try {
      const answer = await this.options.fetchPage(
        { page: 1, pageSize: 1, count: 'exact' },
        this.controller.signal,
      );
      if (!this.controller.signal.aborted && answer.total !== null) {
        this.set({ total: answer.total, estimated: false });
        this.pump();
      }
    } catch {
      // The estimate stays, labelled as one.
    }
  }

  /** Drops the pages farthest from the one that just arrived, past the number kept. */
  private evict(near: number) {
    if (this.pages.size <= this.keep) return;
    const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - near) - Math.abs(a - near));
    for (const page of far.slice(0, this.pages.size - this.keep)) this.pages.delete(page);
  }
}

/** "rows x-y of N": the first and last row in view, counted from 1. */
export function rangeOf(first: number, last: number, total: number): [number, number] {
  if (total <= 0) return [0, 0];
  return [Math.min(first + 1, total), Math.min(last + 1, total)];
}
