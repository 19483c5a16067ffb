import { describe, expect, it } from 'vitest';
import { cellText, columnWidth, type Column } from '../../../src/ui/table/columns';

type Row = Record<string, unknown>;

describe('table columns', () => {
  it('keeps the width a column asks for when its header fits', () => {
    expect(columnWidth<Row>({ key: 'CONFIRM', title: '确认状态', width: 100 })).toBe(100);
    expect(columnWidth<Row>({ key: 'NY', title: '年月' })).toBe(140);
  });

  it('widens a column to its longer (English) header, sort mark included', () => {
    const english = columnWidth<Row>({ key: 'CONFIRM', title: 'Confirmation', width: 100 });
    expect(english).toBeGreaterThan(100);
    const unsortable = columnWidth<Row>({
      key: 'CONFIRM',
      title: 'Confirmation',
      width: 100,
      sortable: false,
    });
    expect(english - unsortable).toBe(16);
  });

  it('shows amounts with separators and two decimals, dates as YYYY-MM-DD', () => {
    const money: Column<Row> = { key: 'JE', title: '金额', kind: 'money' };
    const date: Column<Row> = { key: 'RQ', title: '日期', kind: 'date' };
    expect(cellText(money, { JE: '1234567.5' }, 0)).toBe('1,234,567.50');
    expect(cellText(date, { RQ: '2026-11-05T08:00:00' }, 0)).toBe('2026-11-05');
  });
});
