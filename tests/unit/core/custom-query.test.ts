import { describe, expect, it } from 'vitest';
import {
  CustomQueryError,
  describeFailure,
  displayFields,
  filledValues,
  initialValues,
  isEditable,
  pageOf,
  parseConditionFields,
  prepareRestful,
  readExternalAnswer,
  rowsAt,
} from '../../../src/core/api/custom-query';
import { servicesAt } from '../../../src/core/config';
import { ApiError } from '../../../src/core/http';

const services = servicesAt('https://atrium.example');

/** The code of the CustomQueryError a call throws (fails the test when it throws none). */
function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CustomQueryError) return error.code;
    throw error;
  }
  throw new Error('no error thrown');
}

const restful = {
  url: '/form/form/customQuery/v1/demoExternal/stores',
  requestType: 'GET',
  header: '',
  dataParam: '',
};

describe('condition fields', () => {
  it('reads the JSON list, with the comment defaulting to the field', () => {
    const fields = parseConditionFields(
      '[{"field":"city","comment":"城市","defaultValue":"深圳","defaultType":"1"},{"field":"code","defaultValue":7,"defaultType":"2"}]',
    );
    expect(fields).toEqual([
      { field: 'city', comment: '城市', defaultValue: '深圳', defaultType: '1' },
      { field: 'code', comment: 'code', defaultValue: '7', defaultType: '2' },
    ]);
    expect(fields.map(isEditable)).toEqual([true, false]);
  });

  it('takes blank text as no conditions', () => {
    expect(parseConditionFields('')).toEqual([]);
    expect(parseConditionFields('  ')).toEqual([]);
    expect(parseConditionFields(null)).toEqual([]);
  });

  it('refuses broken JSON, a non-list and items without a field', () => {
    expect(codeOf(() => parseConditionFields('[{"field": "city", "defaultValue": '))).toBe(
      'badConditions',
    );
    expect(codeOf(() => parseConditionFields('{"field":"city"}'))).toBe('badConditions');
    expect(codeOf(() => parseConditionFields('[{"comment":"城市"}]'))).toBe('badConditions');
  });

  it('starts from the defaults, lets the page override them, and sends only filled values', () => {
    const fields = parseConditionFields(
      '[{"field":"city","defaultValue":"深圳"},{"field":"storeName","defaultValue":""}]',
    );
    expect(initialValues(fields)).toEqual({ city: '深圳', storeName: '' });
    expect(initialValues(fields, { city: '惠州' })).toEqual({ city: '惠州', storeName: '' });
    expect(filledValues({ city: '深圳', storeName: '  ' })).toEqual({ city: '深圳' });
  });
});

describe('the list key', () => {
  const answer = { code: 0, data: { list: [{ a: 1 }], nested: [{ items: [{ b: 2 }] }] } };

  it('follows dotted paths, array indices included', () => {
    expect(rowsAt(answer, 'data.list')).toEqual([{ a: 1 }]);
    expect(rowsAt(answer, 'data.nested.0.items')).toEqual([{ b: 2 }]);
    expect(rowsAt([{ c: 3 }], '')).toEqual([{ c: 3 }]);
    expect(rowsAt(answer, ' data . list ')).toEqual([{ a: 1 }]);
  });

  it('says where no array was found', () => {
    expect(codeOf(() => rowsAt({ data: { list: '暂无数据' } }, 'data.list'))).toBe('noArray');
    expect(codeOf(() => rowsAt({ data: null }, 'data.list'))).toBe('noArray');
    expect(codeOf(() => rowsAt(answer, 'data.missing.list'))).toBe('noArray');
    expect(codeOf(() => rowsAt(answer, ''))).toBe('noArrayRoot');
    try {
      rowsAt(answer, 'data.items');
    } catch (error) {
      expect((error as CustomQueryError).params).toEqual({ listKey: 'data.items' });
    }
  });
});

describe('an external answer', () => {
  it('tells an empty answer, text that is not JSON and a missing list apart', () => {
    expect(codeOf(() => readExternalAnswer('', 'data.list'))).toBe('emptyAnswer');
    expect(codeOf(() => readExternalAnswer('   \n', 'data.list'))).toBe('emptyAnswer');
    expect(codeOf(() => readExternalAnswer(undefined, 'data.list'))).toBe('emptyAnswer');
    expect(codeOf(() => readExternalAnswer('null', 'data.list'))).toBe('emptyAnswer');
    expect(codeOf(() => readExternalAnswer('服务维护中 (maintenance)', 'data.list'))).toBe(
      'notJson',
    );
    expect(
      codeOf(() => readExternalAnswer('{"code":0,"data":{"list":"暂无数据"}}', 'data.list')),
    ).toBe('noArray');
  });

  it('answers the rows, wrapping plain values', () => {
    expect(readExternalAnswer('{"data":{"list":[{"a":1},2]}}', 'data.list')).toEqual([
      { a: 1 },
      { value: 2 },
    ]);
  });
});

describe('preparing a restful call', () => {
  it('requires the address', () => {
    expect(codeOf(() => prepareRestful({ ...restful, url: '' }, {}, services))).toBe('emptyUrl');
    expect(codeOf(() => prepareRestful({ ...restful, url: '   ' }, {}, services))).toBe('emptyUrl');
  });

  it('refuses header and dataParam that are not JSON objects, and other methods', () => {
    expect(
      codeOf(() => prepareRestful({ ...restful, header: 'X-Demo: atrium' }, {}, services)),
    ).toBe('badHeader');
    expect(codeOf(() => prepareRestful({ ...restful, header: '["a"]' }, {}, services))).toBe(
      'badHeader',
    );
    expect(
      codeOf(() =>
        prepareRestful(
          { ...restful, requestType: 'POST', dataParam: '{"city": "深圳",' },
          {},
          services,
        ),
      ),
    ).toBe('badParams');
    expect(codeOf(() => prepareRestful({ ...restful, requestType: 'PUT' }, {}, services))).toBe(
      'badMethod',
    );
    expect(
      codeOf(() => prepareRestful({ ...restful, url: 'javascript:alert(1)' }, {}, services)),
    ).toBe('badUrl');
  });

  it('puts a path on our server, where the session may go, and merges the conditions', () => {
    const prepared = prepareRestful(
      {
        ...restful,
        requestType: 'post',
        header: '{"X-Demo":"atrium","X-Count":2}',
        dataParam: '{"city":"深圳","size":10}',
      },
      { city: '惠州' },
      services,
    );
    expect(prepared).toEqual({
      method: 'POST',
      url: 'https://atrium.example/form/form/customQuery/v1/demoExternal/stores',
      headers: { 'X-Demo': 'atrium', 'X-Count': '2' },
      data: { city: '惠州', size: 10 },
      ownServer: true,
    });
    expect(prepareRestful({ ...restful, url: '{form}/x' }, {}, services).url).toBe(
      'https://atrium.example/form/x',
    );
  });

  it('keeps the session away from an external address', () => {
    const prepared = prepareRestful(
      { ...restful, url: 'https://erp.example/api/stores' },
      {},
      services,
    );
    expect(prepared.ownServer).toBe(false);
    expect(prepared.method).toBe('GET');
  });
});

describe('columns, pages and messages', () => {
  it('shows displayfield, else resultfield, else the keys of the first row', () => {
    const rows = [{ storeCode: 'S01', city: '深圳' }];
    expect(
      displayFields({ displayfield: '[{"field":"city","comment":"城市"}]', resultfield: '' }, rows),
    ).toEqual([{ field: 'city', comment: '城市' }]);
    expect(
      displayFields({ displayfield: 'broken', resultfield: '[{"field":"storeCode"}]' }, rows),
    ).toEqual([{ field: 'storeCode', comment: 'storeCode' }]);
    expect(displayFields({ displayfield: '[]', resultfield: '' }, rows)).toEqual([
      { field: 'storeCode', comment: 'storeCode' },
      { field: 'city', comment: 'city' },
    ]);
  });

  it('pages a restful list in the browser', () => {
    const rows = Array.from({ length: 25 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual(rows.slice(0, 10));
    expect(pageOf(rows, 3, 10)).toEqual([20, 21, 22, 23, 24]);
    // No page size: the spec's 20 rows a page.
    expect(pageOf(rows, 0, 0)).toEqual(rows.slice(0, 20));
  });

  it('describes our errors by key and the server’s by its text', () => {
    expect(describeFailure(new CustomQueryError('noArray', { listKey: 'data.list' }))).toEqual({
      key: 'shell-elements:customQuery.errors.noArray',
      params: { listKey: 'data.list' },
    });
    expect(describeFailure(new ApiError('不支持的查询条件：x', 400))).toEqual({
      text: '不支持的查询条件：x',
    });
    expect(describeFailure(new Error('boom'))).toEqual({ key: 'common:errors.failed', params: {} });
  });
});
