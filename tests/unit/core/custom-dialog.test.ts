import { describe, expect, it } from 'vitest';
import {
  choiceLimit,
  joinedValue,
  rowLabel,
  rowValue,
  valuesOf,
  type CustomDialogDefinition,
} from '../../../src/core/api/custom-dialog';
import { toggle, type Choice } from '../../../src/elements/custom-dialog/choices';

/** The custom dialog's pure rules: a row's value and label, the choice limit, toggling. */
const definition = (selectNum: number): CustomDialogDefinition => ({
  alias: 'merchantContracts',
  name: '商户合同',
  style: 'list',
  selectNum,
  displayfield: [
    { field: 'contractNo', comment: '合同号' },
    { field: 'storeName', comment: '门店' },
  ],
  resultfield: [
    { field: 'contractNo', comment: '合同号' },
    { field: 'merchantName', comment: '商户' },
  ],
  sortfield: [],
  conditionfield: [],
  dsType: 'query',
  requestType: 'GET',
  needPage: true,
  pageSize: 10,
  listKey: '',
  pageKey: '',
  pageSizeKey: '',
  totalKey: '',
  treeIdField: '',
  treeParentField: '',
});

const choice = (value: string): Choice => ({ value, label: value, row: { contractNo: value } });

describe('custom dialog rules', () => {
  it('takes the value from the first result field and the label from the next one', () => {
    const row = { contractNo: 'HT-1', merchantName: '丽人坊', storeName: '宝安店' };
    expect(rowValue(definition(1), row)).toBe('HT-1');
    expect(rowLabel(definition(1), row)).toBe('丽人坊');
    expect(rowLabel(definition(1), { contractNo: 'HT-2', merchantName: '' })).toBe('HT-2');
    const tree = { ...definition(1), resultfield: [], treeIdField: 'id' };
    expect(rowValue(tree, { id: 'S01/L1' })).toBe('S01/L1');
  });

  it('joins and splits form values', () => {
    expect(joinedValue(['a', '', 'b'])).toBe('a,b');
    expect(valuesOf(' a, ,b ')).toEqual(['a', 'b']);
    expect(valuesOf(undefined)).toEqual([]);
  });

  it('limits the choice: one replaces, n stops at n, 0 and multiple allow any number', () => {
    expect(choiceLimit(definition(1), false)).toBe(1);
    expect(choiceLimit(definition(1), true)).toBe(0);
    expect(choiceLimit(definition(2), true)).toBe(2);
    expect(toggle([choice('a')], choice('b'), 1)).toEqual([choice('b')]);
    const two = [choice('a'), choice('b')];
    expect(toggle(two, choice('c'), 2)).toBe(two);
    expect(toggle(two, choice('a'), 2)).toEqual([choice('b')]);
    expect(toggle(two, choice('c'), 0)).toEqual([...two, choice('c')]);
  });
});
