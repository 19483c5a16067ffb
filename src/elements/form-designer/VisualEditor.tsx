import { useMemo } from 'react';
import { addSubTable, removeSubTable, updateSubTable } from '../../core/forms/definition-edit';
import { definitionProblems } from '../../core/forms/definition-check';
import { parseRules } from '../../core/rules';
import type { FormDefinition, FormField, SubTable } from '../../core/forms/definition';
import { Button } from '../../ui/Button';
import { fieldLabel } from '../../ui/forms/FieldInput';
import { useLanguage, useT, type Translate } from '../../ui/i18n';
import { FieldList } from './FieldList';
import { LabelInputs, NameInput } from './NameInputs';
import { lacksArgument } from './rule-kinds';
import { pairStyle } from './styles';

/**
 * The designer's visual view (docs/forms.md, "The designer"): the form's names, its main
 * fields and each sub-table as lists to order and configure, and the problems of each field
 * (the formulas and rules the server would refuse, and what the server's schema says) beside
 * it, in the reader's language. Every change answers a whole new definition.
 */
export function VisualEditor({
  definition,
  onChange,
}: {
  definition: FormDefinition;
  onChange: (definition: FormDefinition) => void;
}) {
  const t = useT();
  const problems = useMemo(() => problemsByGroup(definition, t), [definition, t]);
  return (
    <div data-visual-editor>
      <div css={pairStyle}>
        <LabelInputs
          label={definition.name}
          labelEn={definition.nameEn}
          names={['formName', 'formNameEn']}
          captions={['forms:designer.formName', 'forms:designer.formNameEn']}
          onChange={(patch) =>
            onChange(
              withoutEmptyName({
                ...definition,
                ...('label' in patch && { name: patch.label ?? '' }),
                ...('labelEn' in patch && { nameEn: patch.labelEn }),
              }),
            )
          }
        />
      </div>
      <FieldList
        definition={definition}
        group={{}}
        title={t('forms:designer.mainFields')}
        problems={problems.get('') ?? new Map()}
        onChange={onChange}
      />
      {definition.subTables.map((sub, index) => (
        // By place: a table renamed while typing keeps its inputs (and the focus).
        <SubTableEditor
          key={index}
          definition={definition}
          sub={sub}
          problems={problems.get(sub.name) ?? new Map()}
          onChange={onChange}
        />
      ))}
      <Button
        data-action="add-sub-table"
        disabled={definition.subTables.length >= 10}
        onClick={() =>
          onChange(
            addSubTable(definition, t('forms:designer.newSubTable'), t('forms:designer.newField')),
          )
        }
      >
        {t('forms:designer.addSubTable')}
      </Button>
    </div>
  );
}

function SubTableEditor({
  definition,
  sub,
  problems,
  onChange,
}: {
  definition: FormDefinition;
  sub: SubTable;
  problems: Map<string, string[]>;
  onChange: (definition: FormDefinition) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const label = fieldLabel(sub, language) || sub.name;
  return (
    <FieldList
      definition={definition}
      group={{ table: sub.name }}
      title={`${t('forms:designer.subTables')} · ${label}`}
      problems={problems}
      onChange={onChange}
      headerActions={
        <>
          <div css={[pairStyle, { flexBasis: '100%' }]}>
            <LabelInputs
              label={sub.label}
              labelEn={sub.labelEn}
              names={['tableLabel', 'tableLabelEn']}
              onChange={(patch) => onChange(updateSubTable(definition, sub.name, patch))}
            />
            <NameInput
              definition={definition}
              group={{}}
              current={sub.name}
              caption={t('forms:designer.tableName')}
              inputName="tableName"
              onChange={(name) => onChange(updateSubTable(definition, sub.name, { name }))}
            />
          </div>
          <Button
            variant="text"
            data-action="remove-sub-table"
            onClick={() => onChange(removeSubTable(definition, sub.name))}
          >
            {t('forms:designer.removeTable', { label })}
          </Button>
        </>
      }
    />
  );
}

/**
 * Each field's problems, worded: by group ('' the main fields, else the sub-table's name),
 * then by field name. What the designer can tell before the server: the formulas and rules
 * (the same check the server runs), a missing label, a choice field without choices, a rule
 * without the value it needs (maxLength without its length refuses every value as broken).
 */
function problemsByGroup(definition: FormDefinition, t: Translate) {
  const byGroup = new Map<string, Map<string, string[]>>();
  const add = (table: string | undefined, field: string, message: string) => {
    const group = byGroup.get(table ?? '') ?? new Map<string, string[]>();
    group.set(field, [...(group.get(field) ?? []), message]);
    byGroup.set(table ?? '', group);
  };
  for (const problem of definitionProblems(definition))
    add(problem.table, problem.field, t(problem.key, problem.params));
  const check = (fields: FormField[], table?: string) => {
    for (const field of fields) {
      if (!field.label.trim()) add(table, field.name, t('forms:designer.labelRequired'));
      if (field.type === 'select' && !field.options?.length && !field.dictionary)
        add(table, field.name, t('forms:designer.optionsMissing'));
      for (const rule of parseRules(field.rules).filter(lacksArgument))
        add(
          table,
          field.name,
          t('forms:designer.ruleArgumentMissing', {
            rule: t(`forms:designer.ruleKinds.${rule.name}`),
          }),
        );
    }
  };
  check(definition.fields);
  for (const sub of definition.subTables) check(sub.fields, sub.name);
  return byGroup;
}

/** An English name cleared is left out, as the server stores none. */
function withoutEmptyName(definition: FormDefinition): FormDefinition {
  const { nameEn, ...rest } = definition;
  return nameEn ? { ...rest, nameEn } : rest;
}
