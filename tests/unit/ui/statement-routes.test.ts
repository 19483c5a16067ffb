import { describe, expect, it } from 'vitest';
import { parseContent, parsePresets } from '../../../src/elements/statement-shell/routes';

describe('statement-area addresses', () => {
  it('reads a template list with its single flag and preset conditions', () => {
    expect(parseContent('/template/preview/inspection')).toEqual({
      kind: 'templateList',
      templateKey: 'inspection',
      single: false,
      presets: {},
    });
    const query = encodeURIComponent('result=fail&store=S02');
    expect(parseContent(`/template/preview/inspection/true/${query}`)).toEqual({
      kind: 'templateList',
      templateKey: 'inspection',
      single: true,
      presets: { result: 'fail', store: 'S02' },
    });
    const json = encodeURIComponent(JSON.stringify({ result: 'fail', floor: 3 }));
    expect(parseContent(`/template/preview/inspection/false/${json}`)).toMatchObject({
      presets: { result: 'fail', floor: '3' },
    });
  });

  it('keeps only text and numbers, within limits, from whatever the address holds', () => {
    expect(parsePresets('{"a":{"b":1},"c":[1],"d":null,"e":true,"f":"ok"}')).toEqual({ f: 'ok' });
    expect(parsePresets('{not json')).toEqual({});
    expect(parsePresets('[1,2]')).toEqual({ '[1,2]': '' });
    expect(parsePresets(`a=${'x'.repeat(201)}&b=1`)).toEqual({ b: '1' });
    const many = Array.from({ length: 50 }, (_, i) => `f${i}=${i}`).join('&');
    expect(Object.keys(parsePresets(many))).toHaveLength(20);
    expect(parsePresets('__proto__=x')).toEqual({ ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(parsePresets('{"__proto__":{"polluted":"yes"}}'))).toBe(
      Object.prototype,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsePresets(undefined)).toEqual({});
    expect(parsePresets('  ')).toEqual({});
  });
});
