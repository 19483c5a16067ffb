import { useEffect, useState } from 'react';
import {
  agentRules,
  removeAgentRules,
  saveAgentRule,
  type AgentRule,
} from '../../core/api/workflow';
import { RemoveDialog } from '../../ui/RemoveDialog';
import { useListEditing } from '../../ui/useListEditing';
import { businessDateTime, checkAgentRule } from '../../core/workflow/agents';
import { Button } from '../../ui/Button';
import { FormDialog, useSave } from '../../ui/FormDialog';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { useFailureText, useLanguage, useT } from '../../ui/i18n';
import { firstId, knownPerson, PeoplePicker, type Person } from '../../ui/people/PeoplePicker';
import { fittedHeight, RowActions } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { fieldPairStyle, toolbarStyle } from '../../ui/workflow/styles';
import { FlowChoice } from './FlowChoice';
import { LoadFailed } from '../../ui/Status';

/** The browser's datetime-local value for "yyyy-MM-dd HH:mm[:ss]". */
const toInput = (text: string) => (text ? text.slice(0, 16).replace(' ', 'T') : '');

function RuleDialog({
  rule,
  open,
  onClose,
  onSaved,
}: {
  rule: AgentRule | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const failureText = useFailureText();
  const [agent, setAgent] = useState<Person[]>(
    rule?.agentId ? [knownPerson(rule.agentId, rule.agentName)] : [],
  );
  const [startDate, setStartDate] = useState(toInput(rule?.startDate ?? ''));
  const [endDate, setEndDate] = useState(toInput(rule?.endDate ?? ''));
  const [type, setType] = useState<1 | 2>(rule?.type ?? 1);
  const [defKeys, setDefKeys] = useState<string[]>(
    rule?.defKeys ? rule.defKeys.split(',').filter(Boolean) : [],
  );
  const [enabled, setEnabled] = useState(rule ? rule.isEnabled === 'enabled' : true);
  const [note, setNote] = useState(rule?.note ?? '');
  const { error, setError, busy, submit } = useSave(onSaved);

  const save = () => {
    const input = { agentId: firstId(agent), startDate, endDate, type, defKeys };
    const failure = checkAgentRule(input);
    if (failure) return setError(failureText(failure) ?? '');
    void submit(() =>
      saveAgentRule({
        ...(rule ? { id: rule.id } : {}),
        ...input,
        startDate: businessDateTime(startDate)!,
        endDate: businessDateTime(endDate)!,
        isEnabled: enabled,
        note: note.trim(),
      }),
    );
  };

  return (
    <FormDialog
      name="agent"
      title={t(rule ? 'workflow:agents.edit' : 'workflow:agents.add')}
      open={open}
      width="560px"
      busy={busy}
      error={error}
      onSubmit={save}
      onClose={onClose}
    >
      <PeoplePicker
        label={t('workflow:agents.agentId')}
        required
        name="agentId"
        value={agent}
        onChange={setAgent}
      />
      <div css={fieldPairStyle}>
        <TextField
          label={t('workflow:agents.startDate')}
          required
          type="datetime-local"
          name="startDate"
          value={startDate}
          onChange={(event) => setStartDate(event.target.value)}
        />
        <TextField
          label={t('workflow:agents.endDate')}
          required
          type="datetime-local"
          name="endDate"
          value={endDate}
          onChange={(event) => setEndDate(event.target.value)}
        />
      </div>
      <SelectField
        label={t('workflow:agents.scope')}
        name="type"
        value={String(type)}
        onChange={(event) => setType(event.target.value === '2' ? 2 : 1)}
      >
        <option value="1">{t('workflow:agents.allFlows')}</option>
        <option value="2">{t('workflow:agents.someFlows')}</option>
      </SelectField>
      {type === 2 && <FlowChoice chosen={defKeys} onChange={setDefKeys} />}
      <label css={{ display: 'flex', gap: 8, marginBottom: 14 }}>
        <input
          type="checkbox"
          name="enabled"
          checked={enabled}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        {t('workflow:agents.enabled')}
      </label>
      <TextAreaField
        label={t('workflow:agents.note')}
        name="note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </FormDialog>
  );
}

export function AgentRules({
  action,
  itemId,
}: {
  action?: string | undefined;
  itemId?: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const rules = useAsync(agentRules, [language]);
  const { editing, setEditing, setRemoving, dialogEvents, removeEvents } = useListEditing<
    { rule: AgentRule | null },
    AgentRule
  >(rules.reload);
  useEffect(() => {
    if (action === 'add') setEditing({ rule: null });
    else if (action === 'edit' && itemId && rules.data) {
      const rule = rules.data.find((item) => item.id === itemId);
      if (rule) setEditing({ rule });
    }
  }, [action, itemId, rules.data, setEditing]);
  return (
    <div data-settings="agent">
      <div css={toolbarStyle}>
        <Button variant="primary" onClick={() => setEditing({ rule: null })} data-action="add">
          {t('workflow:agents.add')}
        </Button>
      </div>
      {rules.error && <LoadFailed error={rules.error} onRetry={rules.reload} />}
      <Table<AgentRule>
        columns={[
          { key: 'agentName', title: t('workflow:agents.agent'), width: 100 },
          {
            key: 'type',
            title: t('workflow:agents.scope'),
            width: 160,
            value: (row) => row.type,
            render: (row) =>
              row.type === 1 ? t('workflow:agents.allFlows') : row.authNames || row.defKeys,
          },
          { key: 'startDate', title: t('workflow:agents.startDate'), width: 160 },
          { key: 'endDate', title: t('workflow:agents.endDate'), width: 160 },
          {
            key: 'isEnabled',
            title: t('workflow:columns.status'),
            width: 70,
            render: (row) =>
              t(
                row.isEnabled === 'enabled'
                  ? 'workflow:agents.enabled'
                  : 'workflow:agents.disabled',
              ),
          },
          { key: 'note', title: t('workflow:agents.note'), width: 200 },
          {
            key: 'actions',
            title: t('workflow:columns.actions'),
            width: 120,
            render: (row) => (
              <RowActions
                actions={[
                  {
                    name: 'edit',
                    label: t('workflow:agents.edit'),
                    onClick: () => setEditing({ rule: row }),
                  },
                  {
                    name: 'delete',
                    label: t('workflow:list.delete'),
                    onClick: () => setRemoving(row),
                  },
                ]}
              />
            ),
          },
        ]}
        rows={rules.data ?? []}
        rowKey={(row) => row.id}
        height={fittedHeight(rules.data?.length ?? 0, 480)}
        loading={rules.loading}
        empty={t('workflow:agents.none')}
      />
      <RuleDialog
        key={editing ? (editing.rule?.id ?? 'new') : 'closed'}
        rule={editing?.rule ?? null}
        open={editing !== null}
        {...dialogEvents}
      />
      <RemoveDialog
        title={t('workflow:list.delete')}
        message={t('workflow:agents.deleteConfirm')}
        remove={removeAgentRules}
        {...removeEvents}
      />
    </div>
  );
}
