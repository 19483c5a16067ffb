import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesText, parseFiles } from '../../src/core/api/workflow';
import {
  derivedValues,
  editableTest,
  encodeData,
  formData,
  validateForm,
  type FlowForm,
} from '../../src/core/workflow/form';

/** The seeded leave request form: the same file the server deploys. */
const leave = JSON.parse(
  readFileSync('server/db/seed/workflow/flows/leave.form.json', 'utf8'),
) as FlowForm;
const contract = JSON.parse(
  readFileSync('server/db/seed/workflow/flows/contract.form.json', 'utf8'),
) as FlowForm;

const valid = {
  leaveType: 'annual',
  startDate: '2026-12-01',
  endDate: '2026-12-02',
  days: '2',
  reason: '探亲',
};

describe('flow forms', () => {
  it('passes a complete leave request and sends numbers as numbers', () => {
    expect(validateForm(leave, valid)).toEqual({});
    expect(formData(leave, { ...valid, handover: ' ' })).toEqual({
      leaveType: 'annual',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      days: 2,
      reason: '探亲',
    });
  });

  it('names each failing field with the rule engine message key', () => {
    const failures = validateForm(leave, {
      leaveType: '',
      startDate: '2026-12-05',
      endDate: '2026-12-01',
      days: '0.25',
      reason: 'x'.repeat(501),
    });
    expect(failures.leaveType?.key).toBe('rules:form.required');
    expect(failures.endDate?.key).toBe('rules:form.dateRangeEnd');
    expect(failures.endDate?.params).toMatchObject({ target: '开始日期' });
    expect(failures.days?.key).toBe('rules:form.decimal');
    expect(failures.reason?.key).toBe('rules:form.max');
    expect(failures.startDate).toBeUndefined();
  });

  it('refuses a select value that is not an option', () => {
    expect(validateForm(leave, { ...valid, leaveType: 'holiday' }).leaveType?.key).toBe(
      'workflow:form.notAnOption',
    );
  });

  it('checks the regex and money rules of the contract form', () => {
    const base = {
      title: '租赁合同',
      counterparty: '某公司',
      amount: '1000.50',
      signDate: '2026-11-20',
    };
    expect(validateForm(contract, base)).toEqual({});
    expect(validateForm(contract, { ...base, contractNo: 'ab-1' }).contractNo?.key).toBe(
      'rules:form.regex',
    );
    expect(validateForm(contract, { ...base, amount: '1.234' }).amount?.key).toBe(
      'rules:form.decimal',
    );
    expect(validateForm(contract, { ...base, amount: '0' }).amount?.key).toBe(
      'rules:form.minValue',
    );
  });

  it('leaves read-only fields to the server', () => {
    const only = editableTest(['days']);
    expect(validateForm(leave, { days: '3' }, only)).toEqual({});
    expect(validateForm(leave, { days: 'x' }, only).days?.key).toBeDefined();
    expect(editableTest('*')('anything')).toBe(true);
    expect(editableTest([])('days')).toBe(false);
    expect(editableTest('days,reason')('reason')).toBe(true);
  });

  it('encodes the data as base64 of UTF-8 JSON', () => {
    const encoded = encodeData({ reason: '探亲', days: 2 });
    expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual({
      reason: '探亲',
      days: 2,
    });
  });
});

describe('opinion files', () => {
  it('round-trips the platform JSON text and ignores broken text', () => {
    const files = [{ id: 'f1', name: '说明.pdf', size: 1024 }];
    expect(parseFiles(filesText(files))).toEqual(files);
    expect(filesText([])).toBe('');
    expect(parseFiles('')).toEqual([]);
    expect(parseFiles('not json')).toEqual([]);
    expect(parseFiles('[{"name":"no id"}]')).toEqual([]);
  });
});

describe('请假天数 from the leave dates', () => {
  it('fills the working days when either date changes, both days counted', () => {
    // Thursday to Sunday: the weekend is no leave.
    const values = { startDate: '2026-12-10', endDate: '2026-12-13' };
    expect(derivedValues(leave, values, 'endDate')).toEqual({ days: '2' });
    expect(derivedValues(leave, values, 'startDate')).toEqual({ days: '2' });
    // Over the National Day holidays (1-3 October) and a weekend: Wednesday and Monday.
    expect(
      derivedValues(leave, { startDate: '2026-09-30', endDate: '2026-10-05' }, 'endDate'),
    ).toEqual({ days: '2' });
    expect(
      derivedValues(leave, { startDate: '2026-12-07', endDate: '2026-12-11' }, 'endDate'),
    ).toEqual({ days: '5' });
    expect(derivedValues(leave, values, 'reason')).toEqual({});
    // A reversed or half-filled range leaves the days as they are.
    expect(
      derivedValues(leave, { startDate: '2026-12-10', endDate: '2026-12-08' }, 'endDate'),
    ).toEqual({});
    expect(derivedValues(leave, { startDate: '2026-12-10' }, 'startDate')).toEqual({});
  });

  it('refuses more days than the dates span, allows fewer (half days)', () => {
    const base = { ...valid, startDate: '2026-12-10', endDate: '2026-12-11' };
    expect(validateForm(leave, { ...base, days: '2' }).days).toBeUndefined();
    expect(validateForm(leave, { ...base, days: '1.5' }).days).toBeUndefined();
    expect(validateForm(leave, { ...base, days: '3' }).days).toEqual({
      key: 'rules:form.daysWithin',
      params: { days: 2 },
    });
  });
});
