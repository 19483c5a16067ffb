import { describe, expect, it } from 'vitest';
import {
  addField,
  addSubTable,
  fieldsOf,
  moveField,
  nameProblem,
  removeField,
  removeSubTable,
  updateField,
  updateSubTable,
  type FieldGroup,
} from '../../src/core/forms/definition-edit';
import { formFieldTypes, type FormDefinition } from '../../src/core/forms/definition';
import { checkDefinition } from '../../server/domain/forms/definition-schema';

/**
 * The visual designer's edits (src/core/forms/definition-edit.ts): each answers a new
 * definition and leaves the old one as it was, and whatever a random run of them builds is a
 * definition the server's own check takes, as long as the designer's name check let each
 * name through.
 */
const base = (): FormDefinition => ({
  key: 'inspection',
  name: '巡检记录',
  fields: [
    { name: 'store', label: '门店', type: 'text' },
    { name: 'amount', label: '金额', type: 'money' },
  ],
  subTables: [],
});

const names = (definition: FormDefinition, group: FieldGroup = {}) =>
  fieldsOf(definition, group).map((field) => field.name);

describe('the designer edits a definition', () => {
  it('adds a field with a free name at the end, a choice field with a choice', () => {
    const before = base();
    const added = addField(before, {}, 'select', '新字段');
    expect(names(added.definition)).toEqual(['store', 'amount', 'field1']);
    expect(added.index).toBe(2);
    expect(added.definition.fields[2]!.options).toHaveLength(1);
    expect(names(before)).toEqual(['store', 'amount']);
    // The next takes the next free name, case aside.
    const renamed = updateField(added.definition, {}, 2, { name: 'FIELD2' });
    expect(names(addField(renamed, {}, 'text', 'x').definition)).toContain('field1');
  });

  it('moves within the group and stops at its ends', () => {
    const definition = base();
    expect(names(moveField(definition, {}, 0, 1))).toEqual(['amount', 'store']);
    expect(moveField(definition, {}, 0, -1)).toBe(definition);
    expect(moveField(definition, {}, 1, 1)).toBe(definition);
    expect(moveField(definition, {}, 7, -1)).toBe(definition);
  });

  it('clears optional settings instead of storing them empty, and keeps the label', () => {
    const definition = updateField(base(), {}, 0, { rules: '', required: false, label: '' });
    expect(definition.fields[0]).toEqual({ name: 'store', label: '', type: 'text' });
  });

  it('keeps names apart as the server does: the main fields and tables share one set', () => {
    const withTable = addSubTable(base(), '明细', '项目');
    expect(withTable.subTables[0]).toMatchObject({ name: 'table1', label: '明细' });
    expect(nameProblem(withTable, {}, 'Table1')).toBe('forms:designer.nameTaken');
    expect(nameProblem(withTable, {}, 'store', 'store')).toBeUndefined();
    expect(nameProblem(withTable, { table: 'table1' }, 'store')).toBeUndefined();
    for (const bad of ['', '1st', 'a-b', '名称', 'a'.repeat(41), 'a b', 'a\u0000'])
      expect(nameProblem(withTable, {}, bad)).toBe('forms:designer.nameFormat');
    const renamed = updateSubTable(withTable, 'table1', { name: 'works' });
    expect(renamed.subTables.map((sub) => sub.name)).toEqual(['works']);
    expect(removeSubTable(renamed, 'works').subTables).toEqual([]);
  });

  it('builds only definitions the server takes, over random runs of edits', () => {
    // A small generator with a seed: a failure prints the seed that replays it.
    for (let seed = 1; seed <= 200; seed++) {
      let state = seed;
      const next = (n: number) => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % n;
      };
      let definition = base();
      for (let step = 0; step < 25; step++) {
        const tables = definition.subTables.map((sub) => sub.name);
        const group: FieldGroup =
          tables.length && next(2) ? { table: tables[next(tables.length)] } : {};
        const count = fieldsOf(definition, group).length;
        switch (next(6)) {
          case 0: {
            const type = formFieldTypes[next(formFieldTypes.length)]!;
            if (count < 100)
              definition = addField(definition, group, type, `字段${step}`).definition;
            break;
          }
          case 1:
            definition = moveField(definition, group, next(count), next(2) ? 1 : -1);
            break;
          case 2:
            if (count > 1) definition = removeField(definition, group, next(count));
            break;
          case 3: {
            const name = ['amount', 'Store', 'qty', 'table1', 'x_1'][next(5)]!;
            const at = next(count);
            const current = fieldsOf(definition, group)[at]!.name;
            if (!nameProblem(definition, group, name, current))
              definition = updateField(definition, group, at, { name });
            break;
          }
          case 4:
            if (definition.subTables.length < 10)
              definition = addSubTable(definition, `明细${step}`, '项目');
            break;
          case 5:
            if (tables.length)
              definition = removeSubTable(definition, tables[next(tables.length)]!);
            break;
        }
      }
      expect(() => checkDefinition(definition), `seed ${seed}`).not.toThrow();
    }
  });
});
