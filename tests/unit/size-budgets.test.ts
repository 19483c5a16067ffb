import { describe, expect, it } from 'vitest';
import { overBudget, readBudgets, type BuiltChunk } from '../../scripts/size-budgets';

const kib = (n: number) => Math.round(n * 1024);
const budgets = { shared: 115, kits: { kit: 8 }, elementDefault: 15, elements: { task: 20 } };

describe('size budgets (issue 18)', () => {
  it('holds an element added later to the default, with no list to edit', () => {
    const chunks: BuiltChunk[] = [
      { fileName: 'elements/custom-dialog.js', isEntry: true, gzipBytes: kib(15.5) },
      { fileName: 'elements/form.js', isEntry: true, gzipBytes: kib(14.9) },
    ];
    const problems = overBudget(chunks, budgets);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('element custom-dialog');
    expect(problems[0]).toContain('15.5 KiB');
  });

  it('applies an element its own allowance, and the shared budget to the shared chunk', () => {
    expect(
      overBudget(
        [
          { fileName: 'elements/task.js', isEntry: true, gzipBytes: kib(19) },
          { fileName: 'elements/chunks/shared-AbC123.js', isEntry: false, gzipBytes: kib(115) },
        ],
        budgets,
      ),
    ).toEqual([]);
    const over = overBudget(
      [
        { fileName: 'elements/task.js', isEntry: true, gzipBytes: kib(21) },
        { fileName: 'elements/chunks/shared-AbC123.js', isEntry: false, gzipBytes: kib(116) },
      ],
      budgets,
    );
    expect(over).toHaveLength(2);
    expect(over[1]).toContain('the shared chunk');
  });

  it('holds a kit chunk to its own budget, by chunk name', () => {
    const over = overBudget(
      [
        { fileName: 'elements/chunks/kit-Zx9.js', isEntry: false, gzipBytes: kib(8.5) },
        { fileName: 'elements/chunks/lists-Zx9.js', isEntry: false, gzipBytes: kib(30) },
      ],
      budgets,
    );
    expect(over).toEqual([expect.stringContaining('the kit chunk')]);
  });

  it('leaves lazily loaded libraries alone (they load only where used)', () => {
    expect(
      overBudget(
        [{ fileName: 'elements/chunks/echarts-x.js', isEntry: false, gzipBytes: kib(190) }],
        budgets,
      ),
    ).toEqual([]);
  });

  it('reads the budgets of the repository', () => {
    const real = readBudgets();
    expect(real.shared).toBeGreaterThan(0);
    expect(real.elementDefault).toBeGreaterThan(0);
    expect(real.kits.kit).toBeGreaterThan(0);
  });
});
