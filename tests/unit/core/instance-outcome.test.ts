import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instanceOutcomeKey } from '../../../src/core/workflow/status';

/** Issue 13 item 7: a finished request says whether it was approved or refused. */
const texts = (language: string) =>
  (
    JSON.parse(readFileSync(`src/core/i18n/${language}/workflow.json`, 'utf8')) as {
      instStatus: Record<string, string>;
    }
  ).instStatus;

describe('the outcome of a request', () => {
  it('names an ended request approved or refused, in both languages', () => {
    const say = (language: string, status: string, result: string | null) =>
      texts(language)[instanceOutcomeKey(status, result).replace('workflow:instStatus.', '')];
    expect(say('zh-CN', 'end', 'agree')).toBe('已通过');
    expect(say('zh-CN', 'end', 'refuse')).toBe('未通过');
    expect(say('en-US', 'end', 'agree')).toBe('Approved');
    expect(say('en-US', 'end', 'refuse')).toBe('Refused');
    // Other endings say how they ended; a running one that it is running.
    expect(say('zh-CN', 'manualend', null)).toBe('已终止');
    expect(say('zh-CN', 'revoke', null)).toBe('已撤回');
    expect(say('zh-CN', 'running', null)).toBe('审批中');
  });
});
