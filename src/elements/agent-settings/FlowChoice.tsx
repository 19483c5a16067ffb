import { useRef } from 'react';
import { definitionByKey, flowList } from '../../core/api/workflow';
import { queryFilter } from '../../core/workflow/query';
import { useLanguage, useT } from '../../ui/i18n';
import { useAsync } from '../../ui/useAsync';

/**
 * Flows to tick: those the user may start, plus any the setting already names (the server
 * offers non-admin users no list of every flow).
 */
export function FlowChoice({
  chosen,
  disabled,
  onChange,
}: {
  chosen: string[];
  disabled?: boolean;
  onChange: (keys: string[]) => void;
}) {
  const t = useT();
  const language = useLanguage();
  // Flows the setting names but the user may not start are named by their definition.
  const initial = useRef(chosen);
  const flows = useAsync(async () => {
    const startable = (await flowList(queryFilter({ page: 1, pageSize: 500 }))).flatMap(
      (group) => group.flowList,
    );
    const others = initial.current.filter((key) => !startable.some((flow) => flow.defKey === key));
    const named = await Promise.all(
      others.map((key) => definitionByKey(key, true).catch(() => ({ defKey: key, name: key }))),
    );
    return [...startable, ...named].map((flow) => ({ key: flow.defKey, name: flow.name }));
  }, [language]);
  const options = flows.data ?? [];
  return (
    <fieldset css={{ border: 0, padding: 0, margin: '0 0 14px' }} disabled={disabled} data-flows>
      <legend css={{ fontSize: 13, marginBottom: 4 }}>{t('workflow:agents.flows')}</legend>
      {options.map((option) => (
        <label key={option.key} css={{ display: 'inline-flex', gap: 6, marginRight: 16 }}>
          <input
            type="checkbox"
            value={option.key}
            checked={chosen.includes(option.key)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, option.key]
                  : chosen.filter((key) => key !== option.key),
              )
            }
          />
          {option.name}
        </label>
      ))}
    </fieldset>
  );
}
