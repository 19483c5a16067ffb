import { describe, expect, it } from 'vitest';
import { arrange } from '../../../src/elements/task/ActionBar';
import type { TaskButton } from '../../../src/core/workflow/buttons';

const buttons = (aliases: string): TaskButton[] =>
  aliases.split(' ').map((alias) => ({ alias, name: alias }) as TaskButton);
const aliases = (list: TaskButton[]) => list.map((button) => button.alias).join(' ');

describe('the task action bar', () => {
  const all = buttons(
    'oppose reject backToStart rejectToAnyNode delegate inqu commu addSign customSign copyTo flowImage approvalHistory taskDelay startTrans lockUnlock endProcess saveDraft agree',
  );

  it('puts the primary action first, the common ones of the step next and the rest under 更多', () => {
    const { shown, more } = arrange(all, 'task');
    expect(aliases(shown)).toBe('agree oppose reject backToStart');
    expect(aliases(more)).toBe(
      'rejectToAnyNode delegate inqu commu addSign customSign copyTo taskDelay startTrans lockUnlock endProcess saveDraft',
    );
    // A shared task: 签收 first after the primary; a vote: 反对, 弃权, 驳回.
    expect(aliases(arrange(all, 'shared').shown)).toBe('agree lockUnlock oppose reject');
    expect(aliases(arrange(buttons('agree oppose abandon reject delegate'), 'vote').shown)).toBe(
      'agree oppose abandon reject delegate',
    );
    // A returned request: resubmit, save, end.
    expect(aliases(arrange(buttons('agree endProcess saveDraft flowImage'), 'start').shown)).toBe(
      'agree saveDraft endProcess',
    );
  });

  it('keeps a phone to one row: the primary action, one more, and 更多', () => {
    const { shown, more } = arrange(all, 'task', true);
    expect(aliases(shown)).toBe('agree oppose');
    expect(more.length).toBeGreaterThan(1);
  });

  it('shows the flow chart and the history only as tabs', () => {
    const { shown, more } = arrange(buttons('agree oppose flowImage approvalHistory'));
    expect(aliases(shown)).toBe('agree oppose');
    expect(more).toEqual([]);
  });
});
