import type { FormDefinition, FormField } from '../../../../src/core/forms/definition';
import { parseRules } from '../../../../src/core/rules/rule-string';
import { badRequest } from '../../../lib/errors';

/**
 * The dyzl form (合同打印资料): one field per column of contract_prints the user types, with
 * the rules the server checks on every save (checkRecord). The SMS flags, store name and
 * creation time are the server's and are not fields; the list shows them.
 */
export const contractPrintForm: FormDefinition = {
  key: 'dyzl',
  name: '合同打印资料',
  nameEn: 'Contract print data',
  fields: [
    {
      name: 'F_MDID',
      label: '门店',
      labelEn: 'Store',
      type: 'select',
      dictionary: 'stores',
      required: true,
    },
    {
      name: 'F_GYSDM',
      label: '往来单位编码',
      labelEn: 'Vendor code',
      type: 'text',
      rules: 'max:20|regex:^[0-9A-Za-z]+$',
    },
    { name: 'F_GYSMC', label: '商户名称', labelEn: 'Merchant', type: 'text', rules: 'max:100' },
    { name: 'F_PPMC', label: '品牌', labelEn: 'Brand', type: 'text', rules: 'max:60' },
    {
      name: 'F_HTH',
      label: '合同号',
      labelEn: 'Contract no.',
      type: 'text',
      rules: 'max:40|regex:^[0-9A-Za-z-]+$',
    },
    { name: 'F_LXR', label: '品牌联系人', labelEn: 'Brand contact', type: 'text', rules: 'max:30' },
    {
      name: 'F_LXSJH',
      label: '联系人手机号',
      labelEn: 'Contact mobile',
      type: 'text',
      rules: 'phone',
    },
    {
      name: 'F_ZSRY',
      label: '招商对接人员',
      labelEn: 'Merchant liaison',
      type: 'text',
      rules: 'max:30',
    },
    {
      name: 'F_ZSRYSJH',
      label: '对接人员手机号',
      labelEn: 'Liaison mobile',
      type: 'text',
      rules: 'phone',
    },
  ].map((field) => ({ required: field.name !== 'F_GYSDM', ...field }) as FormField),
  subTables: [],
};

/** What a field's binding to its column fixes: everything but labels, rules, marks, order. */
const fixedParts = (field: FormField) =>
  JSON.stringify([
    field.type,
    field.dictionary ?? null,
    field.options ?? null,
    field.formula ?? null,
    field.capitalsOf ?? null,
    field.indexed ?? false,
  ]);

/** Forms whose records live in a table of their own, by form key. */
const boundForms: Record<string, FormDefinition> = { [contractPrintForm.key]: contractPrintForm };

/**
 * An administrator may edit a bound form's labels, rules, required marks (adding them only:
 * the table and the SMS need the values), field order, widths and name. Adding, removing or
 * renaming a field, changing its type or choices, formulas, sub-tables, and the exists rule
 * (it looks in form_records, where these records are not) would break the binding: refused.
 */
export function assertBindingKept(definition: FormDefinition): void {
  const bound = boundForms[definition.key];
  if (!bound) return;
  const names = (fields: FormField[]) => fields.map((field) => field.name).sort();
  if (
    definition.subTables.length ||
    JSON.stringify(names(definition.fields)) !== JSON.stringify(names(bound.fields))
  )
    throw badRequest('server:forms.boundFieldsFixed', {
      names: bound.fields.map((field) => field.name).join(', '),
    });
  for (const field of definition.fields) {
    const original = bound.fields.find((each) => each.name === field.name)!;
    if (fixedParts(field) !== fixedParts(original))
      throw badRequest('server:forms.boundFieldChanged', { name: field.name });
    if (original.required && !field.required)
      throw badRequest('server:forms.boundFieldRequired', { name: field.name });
    if (parseRules(field.rules).some((rule) => rule.name === 'exists'))
      throw badRequest('server:forms.boundNoExists', { name: field.name });
  }
}
