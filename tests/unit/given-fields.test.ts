import { describe, expect, it } from 'vitest';
import { givenFields } from '../../server/lib/given-fields';

describe('givenFields', () => {
  it('passes on the named fields that hold a value, and nothing else', () => {
    const body = {
      opinion: '同意',
      files: [] as string[],
      cause: '',
      voteAmount: 0,
      taskId: undefined as string | undefined,
      instId: null as string | null,
      other: 'not named',
    };
    const given = givenFields(body, 'opinion', 'files', 'cause', 'voteAmount', 'taskId', 'instId');
    expect(given).toEqual({ opinion: '同意', files: [] });
    expect(Object.keys(given)).toEqual(['opinion', 'files']);
  });
});
