import { describe, expect, it } from 'vitest';
import { cardHeight } from '../../../src/ui/table/Cards';
import { cardValueLine } from '../../../src/ui/table/styles';
import { cellText, columnWidth, pinsOf, type Column } from '../../../src/ui/table/columns';

type Row = Record<string, unknown>;

describe('table columns', () => {
  it('keeps the width a column asks for when its header fits', () => {
    expect(columnWidth<Row>({ key: 'CONFIRM', title: '确认状态', width: 100 })).toBe(100);
    expect(columnWidth<Row>({ key: 'NY', title: '年月' })).toBe(140);
  });

  it('widens a column to its longer (English) header, sort mark included', () => {
    const english = columnWidth<Row>({ key: 'CONFIRM', title: 'Confirmation', width: 100 });
    expect(english).toBeGreaterThan(100);
    // A header takes two lines where it must (issue 36): its longest word and half of it all,
    // the sort mark wrapping with the words.
    const sortable = columnWidth<Row>({ key: 'KPJE', title: 'Invoice amount', width: 60 });
    const unsortable = columnWidth<Row>({
      key: 'KPJE',
      title: 'Invoice amount',
      width: 60,
      sortable: false,
    });
    expect(unsortable).toBe(80);
    expect(sortable - unsortable).toBe(7);
  });

  it('shows amounts with separators and two decimals, dates as YYYY-MM-DD', () => {
    const money: Column<Row> = { key: 'JE', title: '金额', kind: 'money' };
    const date: Column<Row> = { key: 'RQ', title: '日期', kind: 'date' };
    expect(cellText(money, { JE: '1234567.5' }, 0)).toBe('1,234,567.50');
    expect(cellText(date, { RQ: '2026-11-05T08:00:00' }, 0)).toBe('2026-11-05');
  });
});

describe('pinned columns', () => {
  const col = (key: string, extra: Partial<Column<object>> = {}): Column<object> => ({
    key,
    title: key,
    ...extra,
  });

  it('keeps the index, the first identity column and the actions in view by default', () => {
    const columns = [col('no', { kind: 'index' }), col('store'), col('month'), col('actions')];
    expect(pinsOf(columns, [60, 150, 100, 120])).toEqual([
      { side: 'left', offset: 0 },
      { side: 'left', offset: 60 },
      null,
      { side: 'right', offset: 0 },
    ]);
  });

  it('follows explicit pins only, once any column names one', () => {
    const columns = [col('a'), col('b', { pin: 'start' }), col('c', { pin: 'end' }), col('d')];
    expect(pinsOf(columns, [10, 20, 30, 40])).toEqual([
      null,
      { side: 'left', offset: 0 },
      { side: 'right', offset: 0 },
      null,
    ]);
  });
});

describe('cards', () => {
  it('are tall enough for a title, two fields a line and the actions', () => {
    const columns: Column<object>[] = ['a', 'b', 'c', 'd', 'actions'].map((key) => ({
      key,
      title: key,
    }));
    // Title (a), one line of two fields (b, c), a second line (d), actions, padding, gap.
    expect(cardHeight(columns)).toBe(30 + 2 * 42 + 44 + 26 + 8);
  });

  it('give a wide field (a time, a name) a line of its own, placed as the grid places it', () => {
    const column = (key: string, width?: number): Column<object> => ({
      key,
      title: key,
      ...(width ? { width } : {}),
    });
    // Title; b, c on a line; wide d alone; e alone (nothing after it).
    expect(cardHeight([column('a'), column('b'), column('c'), column('d', 150), column('e')])).toBe(
      30 + 3 * 42 + 26 + 8,
    );
    // A wide field after a single half one leaves the half line open: b, then d, then e.
    expect(cardHeight([column('a'), column('b'), column('d', 200), column('e')])).toBe(
      30 + 3 * 42 + 26 + 8,
    );
  });

  it('give a value that wraps (cardLines) a line of its own and room for each of its lines', () => {
    const columns: Column<object>[] = [
      { key: 'a', title: 'a' },
      { key: 'b', title: 'b' },
      { key: 'where', title: 'where', cardLines: 2 },
      { key: 'c', title: 'c' },
    ];
    // Title; b alone (the wrapping field will not share its line); where over two lines; c.
    expect(cardHeight(columns)).toBe(30 + 42 + (42 + cardValueLine) + 42 + 26 + 8);
  });

  it('give a title that wraps (cardLines) room for each of its lines', () => {
    const columns: Column<object>[] = [
      { key: 'kind', title: 'kind' },
      { key: 'subject', title: 'subject', cardTitle: true, cardLines: 2 },
      { key: 'b', title: 'b' },
    ];
    // A title over two lines; kind and b on one line.
    expect(cardHeight(columns)).toBe(30 + cardValueLine + 42 + 26 + 8);
  });
});
