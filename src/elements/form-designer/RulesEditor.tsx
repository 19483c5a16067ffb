import { useState } from 'react';
import type { FormField } from '../../core/forms/definition';
import { formatDate } from '../../core/dates';
import { formatRules, parseRules, type Rule } from '../../core/rules';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { fieldLabel } from '../../ui/forms/FieldInput';
import { useLanguage, useT } from '../../ui/i18n';
import { argumentsOf, ruleKinds, ruleOf, type RuleArgument } from './rule-kinds';
import { rulesStyle, settingsGrid } from './styles';

const kindNames = Object.keys(ruleKinds);
/** The choice of a literal date in a field list (no field name starts with `*`). */
const fixedDate = '*date';

/**
 * A field's validation rules, visually (docs/forms.md, "The designer"): one row per rule, its
 * kind chosen from a list in words and its arguments as inputs (a length, a limit, another
 * field of the group, a date, a pattern), added and removed in place. The rule text (`a|b:1`)
 * is the advanced view under it: both edit the one `rules` string, so a rule the list does
 * not offer still shows, as written, and keeps.
 */
export function RulesEditor({
  rules,
  siblings,
  onChange,
}: {
  rules: string;
  /** The other fields of the group: what a rule may name. */
  siblings: FormField[];
  onChange: (rules: string) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const list = parseRules(rules);
  const [adding, setAdding] = useState('');
  const save = (next: Rule[]) => onChange(formatRules(next));
  const change = (index: number, rule: Rule) =>
    save(list.map((each, at) => (at === index ? rule : each)));
  const kindLabel = (name: string) =>
    name in ruleKinds ? t(`forms:designer.ruleKinds.${name}`) : name;
  const add = (name: string) => {
    const kind = ruleKinds[name];
    if (!kind) return;
    save([...list, ruleOf(name, kind.start)]);
    setAdding('');
  };
  const fields = siblings.map((other) => ({
    name: other.name,
    label: fieldLabel(other, language) || other.name,
  }));
  return (
    <fieldset css={[settingsGrid, rulesStyle]} data-rules>
      <legend>{t('forms:designer.rules')}</legend>
      {list.length === 0 && <p className="none">{t('forms:designer.noRules')}</p>}
      <ol>
        {list.map((rule, index) => (
          <li key={index} className="rule" data-rule={rule.name}>
            <select
              aria-label={t('forms:designer.ruleKind')}
              name="ruleKind"
              value={rule.name}
              onChange={(event) => {
                const kind = ruleKinds[event.target.value];
                change(index, ruleOf(event.target.value, kind?.start ?? []));
              }}
            >
              {!(rule.name in ruleKinds) && <option value={rule.name}>{rule.name}</option>}
              {kindNames.map((name) => (
                <option key={name} value={name}>
                  {kindLabel(name)}
                </option>
              ))}
            </select>
            <RuleArguments
              rule={rule}
              fields={fields}
              caption={kindLabel(rule.name)}
              onChange={(inputs) => change(index, ruleOf(rule.name, inputs))}
            />
            <Button
              variant="text"
              data-action="remove-rule"
              aria-label={t('forms:designer.removeRule', { rule: kindLabel(rule.name) })}
              onClick={() => save(list.filter((_, at) => at !== index))}
            >
              ×
            </Button>
          </li>
        ))}
      </ol>
      <select
        aria-label={t('forms:designer.addRule')}
        name="addRule"
        value={adding}
        onChange={(event) => add(event.target.value)}
      >
        <option value="">{t('forms:designer.addRule')}</option>
        {kindNames.map((name) => (
          <option key={name} value={name}>
            {kindLabel(name)}
          </option>
        ))}
      </select>
      <details>
        <summary>{t('forms:designer.rulesText')}</summary>
        <TextField
          label={t('forms:designer.rules')}
          name="rules"
          maxLength={500}
          value={rules}
          hint={t('forms:designer.rulesHint')}
          onChange={(event) => onChange(event.target.value)}
        />
      </details>
    </fieldset>
  );
}

/** The inputs of one rule's arguments, each named for the rule and what it asks. */
function RuleArguments({
  rule,
  fields,
  caption,
  onChange,
}: {
  rule: Rule;
  fields: { name: string; label: string }[];
  caption: string;
  onChange: (inputs: string[]) => void;
}) {
  const t = useT();
  const inputs = argumentsOf(rule);
  const kinds: RuleArgument[] = ruleKinds[rule.name]?.args ?? ['text'];
  const set = (at: number, value: string) =>
    onChange(inputs.map((input, index) => (index === at ? value : input)));
  return (
    <span className="arguments">
      {kinds.map((kind, at) => {
        const value = inputs[at] ?? '';
        const what = t(`forms:designer.ruleArguments.${argumentName(rule.name, kind, at)}`);
        const label = t('forms:designer.ruleArgument', { rule: caption, argument: what });
        if (kind === 'field' || kind === 'fieldOrDate') {
          const known = fields.some((field) => field.name === value);
          const isDate = kind === 'fieldOrDate' && value !== '' && !known;
          return (
            <span key={at} className="pair">
              <select
                aria-label={label}
                name={`ruleArg${at}`}
                value={isDate ? fixedDate : value}
                onChange={(event) =>
                  set(
                    at,
                    event.target.value === fixedDate ? formatDate(new Date()) : event.target.value,
                  )
                }
              >
                <option value="">{t('forms:designer.chooseField')}</option>
                {!known && value !== '' && kind === 'field' && (
                  <option value={value}>{value}</option>
                )}
                {fields.map((field) => (
                  <option key={field.name} value={field.name}>
                    {field.label}
                  </option>
                ))}
                {kind === 'fieldOrDate' && (
                  <option value={fixedDate}>{t('forms:designer.fixedDate')}</option>
                )}
              </select>
              {isDate && (
                <input
                  type="date"
                  aria-label={t('forms:designer.ruleArgument', {
                    rule: caption,
                    argument: t('forms:designer.ruleArguments.date'),
                  })}
                  value={value.slice(0, 10)}
                  onChange={(event) => set(at, event.target.value)}
                />
              )}
            </span>
          );
        }
        return (
          <input
            key={at}
            aria-label={label}
            placeholder={what}
            name={`ruleArg${at}`}
            inputMode={kind === 'count' || kind === 'number' ? 'decimal' : undefined}
            spellCheck={false}
            maxLength={kind === 'pattern' || kind === 'text' ? 300 : 20}
            value={value}
            onChange={(event) => set(at, event.target.value)}
          />
        );
      })}
    </span>
  );
}

/** What an argument asks, as its caption's key: daysWithin's two fields are its dates. */
function argumentName(rule: string, kind: RuleArgument, at: number): string {
  if (rule === 'daysWithin') return at === 0 ? 'start' : 'end';
  return kind;
}
