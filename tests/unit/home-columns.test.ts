import { describe, expect, it } from 'vitest';
import { chartTypeOf, decideWidget } from '../../src/elements/home/decide';
import { fillTemplate } from '../../src/elements/home/template';
import { chartOption, hasZoom } from '../../src/elements/chart-column/options';
import { toQuerys } from '../../src/elements/chart-column/Conditions';

const ours = (widget: string) => ['todo', 'attendance', 'news'].includes(widget);
const column = (fields: Partial<Parameters<typeof decideWidget>[0]>) => ({
  colType: 0,
  dataMode: 0,
  dataParam: '',
  widget: 'html',
  ...fields,
});

describe('the column container decides the widget from configuration', () => {
  it('colType 1 or 4 is a chart with chart type 2, else a report', () => {
    expect(decideWidget(column({ colType: 1, dataParam: '{"chartType":2}' }), ours)).toBe('chart');
    expect(decideWidget(column({ colType: 4, dataParam: '{"chartType":"2"}' }), ours)).toBe(
      'chart',
    );
    expect(decideWidget(column({ colType: 4, dataParam: '{"chartType":1}' }), ours)).toBe('report');
    expect(decideWidget(column({ colType: 1, dataParam: 'not json' }), ours)).toBe('report');
    expect(chartTypeOf({ dataParam: '' })).toBeNull();
  });

  it('dataMode 1, 3 and 4, plain HTML otherwise; our own widgets by name', () => {
    expect(decideWidget(column({ dataMode: 1 }), ours)).toBe('customQuery');
    expect(decideWidget(column({ dataMode: 3 }), ours)).toBe('template');
    expect(decideWidget(column({ dataMode: 4 }), ours)).toBe('dataTemplate');
    expect(decideWidget(column({ dataMode: 2 }), ours)).toBe('html');
    expect(decideWidget(column({ dataMode: 1, widget: 'attendance' }), ours)).toBe('attendance');
    expect(decideWidget(column({ widget: 'unknown' }), ours)).toBe('html');
  });
});

describe('dataMode 3 templates', () => {
  it('fills fields and repeats rows, escaping values', () => {
    const html = fillTemplate(
      '<h4>{{title}}</h4><ul>{{#rows}}<li>{{name}} {{who.id}}</li>{{/rows}}</ul>',
      { title: 'A & B' },
      [{ name: '<img src=x onerror=alert(1)>', who: { id: 7 } }, { name: 'two' }],
    );
    expect(html).toBe(
      '<h4>A &amp; B</h4><ul><li>&lt;img src=x onerror=alert(1)&gt; 7</li><li>two </li></ul>',
    );
  });
});

describe('the chart column', () => {
  const data = (style: number, rows: number) => ({
    style,
    rows,
    legend: ['a'],
    xAxis: ['x'],
    series: [{ name: 'a', data: [1] }],
  });

  it('gets a zoom slider past 20 rows for line and bar, never for a pie', () => {
    expect(hasZoom(data(1, 21))).toBe(true);
    expect(hasZoom(data(2, 20))).toBe(false);
    expect(hasZoom(data(3, 500))).toBe(false);
    expect(chartOption(data(2, 21), false).dataZoom).toHaveLength(2);
    expect(chartOption(data(1, 21), false).series[0]!.type).toBe('line');
    expect(chartOption(data(3, 2), true).series[0]!.type).toBe('pie');
  });

  it('sends conditions with their codes and leaves empty values out', () => {
    const fields = [
      { field: 'store', condition: 'IN', dbType: 'varchar' },
      { field: 'day', condition: 'BETWEEN', dbType: 'date' },
      { field: 'amount', condition: 'GE', dbType: 'number' },
      { field: 'name', condition: 'LK', dbType: 'varchar' },
    ].map((field) => ({
      ...field,
      comment: field.field,
      defaultType: '',
      defaultValue: '',
    })) as Parameters<typeof toQuerys>[0];
    expect(
      toQuerys(fields, { store: 'a, b，c', day: ['2026-01-01', ''], amount: ' ', name: '' }),
    ).toEqual([
      { property: 'store', value: ['a', 'b', 'c'], operation: 'IN' },
      { property: 'day', value: ['2026-01-01', ''], operation: 'BETWEEN' },
    ]);
    expect(toQuerys(fields, { day: ['', ''] })).toEqual([]);
  });
});
