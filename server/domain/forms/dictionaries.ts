import type { FieldOptions, FormDefinition, FormField } from '../../../src/core/forms/definition';
import type { Db } from '../../db/database';

/**
 * Named option lists a select may take its choices from (FormField.dictionary). Fixed lists
 * live here; 'stores' reads the stores table so a new store appears without a new definition.
 */
const fixed: Record<string, FieldOptions> = {
  workKind: [
    { value: 'decoration', label: '装修', labelEn: 'Decoration' },
    { value: 'electrical', label: '电气', labelEn: 'Electrical' },
    { value: 'plumbing', label: '给排水', labelEn: 'Plumbing' },
    { value: 'fireSafety', label: '消防', labelEn: 'Fire safety' },
    { value: 'signage', label: '招牌', labelEn: 'Signage' },
  ],
  inspectionResult: [
    { value: 'pass', label: '合格', labelEn: 'Pass' },
    { value: 'rectify', label: '限期整改', labelEn: 'Rectify by deadline' },
    { value: 'fail', label: '不合格', labelEn: 'Fail' },
  ],
  meetingRoom: [
    { value: 'R301', label: '301 会议室', labelEn: 'Room 301' },
    { value: 'R302', label: '302 会议室', labelEn: 'Room 302' },
    { value: 'R501', label: '501 大会议室', labelEn: 'Room 501 (large)' },
  ],
  contractKind: [
    { value: 'lease', label: '租赁', labelEn: 'Lease' },
    { value: 'joint', label: '联营', labelEn: 'Joint operation' },
    { value: 'selfRun', label: '自营', labelEn: 'Self-run' },
  ],
};

/** Whether a dictionary of that name exists (the fixed lists and the stores). */
export function isDictionary(name: string): boolean {
  return name === 'stores' || Object.hasOwn(fixed, name);
}

export async function dictionary(db: Db, name: string): Promise<FieldOptions> {
  if (name === 'stores') {
    const rows = await db
      .selectFrom('stores')
      .select(['code', 'name', 'name_en'])
      .orderBy('code')
      .execute();
    return rows.map((row) => ({ value: row.code, label: row.name, labelEn: row.name_en }));
  }
  return fixed[name] ?? [];
}

/** A select's choices, listed in the definition or from its dictionary. */
export async function optionsOf(db: Db, field: FormField): Promise<FieldOptions> {
  if (field.options?.length) return field.options;
  return field.dictionary ? dictionary(db, field.dictionary) : [];
}

/** The definition with every dictionary select's choices filled in, for the browser. */
export async function withChoices(db: Db, definition: FormDefinition): Promise<FormDefinition> {
  const fill = (fields: FormField[]) =>
    Promise.all(
      fields.map(async (field) =>
        field.dictionary && !field.options?.length
          ? { ...field, options: await dictionary(db, field.dictionary) }
          : field,
      ),
    );
  return {
    ...definition,
    fields: await fill(definition.fields),
    subTables: await Promise.all(
      definition.subTables.map(async (sub) => ({ ...sub, fields: await fill(sub.fields) })),
    ),
  };
}
