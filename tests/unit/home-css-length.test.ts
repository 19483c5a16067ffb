import { describe, expect, it } from 'vitest';
import { cssLength } from '../../src/elements/home/css-length';

describe('cssLength', () => {
  it.each([
    ['800', '800px'],
    [800, '800px'],
    ['800px', '800px'],
    [' 60% ', '60%'],
    ['12.5rem', '12.5rem'],
  ])('reads %j as %s', (value, css) => expect(cssLength(value, '1px')).toBe(css));

  it.each([undefined, null, '', 'auto', '800pxpx', '-5px', '1e3', 'calc(1px)', '80px;color:red'])(
    'falls back for %j',
    (value) => expect(cssLength(value, '560px')).toBe('560px'),
  );
});
