import { describe, expect, it } from 'vitest';
import { arrange } from '../../../src/elements/task/ActionBar';
import type { TaskButton } from '../../../src/core/workflow/buttons';

const buttons = (aliases: string): TaskButton[] =>
  aliases.split(' ').map((alias) => ({ alias, name: alias }) as TaskButton);
const aliases = (list: TaskButton[]) => list.map((button) => button.alias).join(' ');

describe('the task action bar', () => {
  it('puts the primary action first, the common ones next and the rest under 更多', () => {
    const { shown, more } = arrange(
      buttons(
        'oppose reject backToStart rejectToAnyNode delegate inqu commu addSign customSign copyTo flowImage approvalHistory taskDelay startTrans lockUnlock endProcess saveDraft agree',
      ),
    );
    expect(aliases(shown)).toBe('agree oppose reject backToStart lockUnlock delegate');
    expect(aliases(more)).toBe(
      'saveDraft rejectToAnyNode inqu commu addSign customSign copyTo taskDelay startTrans endProcess',
    );
  });

  it('shows the flow chart and the history only as tabs', () => {
    const { shown, more } = arrange(buttons('agree oppose flowImage approvalHistory'));
    expect(aliases(shown)).toBe('agree oppose');
    expect(more).toEqual([]);
  });
});
