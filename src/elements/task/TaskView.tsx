import { useEffect, useMemo, useState } from 'react';
import {
  complete,
  leadersServed,
  lockUnlock,
  opinions,
  revokeChildren,
  saveTaskDraft,
  taskButtons,
  taskDetail,
  type OpinionFile,
  type OpinionRecord,
} from '../../core/api/workflow';
import { notify } from '../../core/notices';
import { orderButtons, type TaskButton } from '../../core/workflow/buttons';
import { editableTest, type FormValues } from '../../core/workflow/form';
import { lockMessage } from '../../core/workflow/lock';
import { Alert } from '../../ui/Alert';
import { useEmit } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Loading, NotLoaded } from '../../ui/Status';
import { Tabs } from '../../ui/Tabs';
import { useAsync } from '../../ui/useAsync';
import { FlowImagePanel } from '../../ui/workflow/FlowImagePanel';
import { childRevokeCall, OpinionHistory } from '../../ui/workflow/OpinionHistory';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { useFlowForm } from '../../ui/workflow/useFlowForm';
import { ActionBar, type StepKind } from './ActionBar';
import { ReturnedBanner } from './ReturnedBanner';
import { FormLinks } from './FormLinks';
import { askFirst, finishing, needOpinion, peopleAliases } from './actions';
import { OpinionBox } from './OpinionBox';
import type { PeopleAlias } from './PeopleDialog';
import { Summary } from './Summary';
import { TaskDialogs, type TaskDialog } from './TaskDialogs';

/**
 * A task to act on: its summary, buttons, form, opinion box, history and chart. Successes
 * show the server's message for 1.5 s; failures are shown by the request layer.
 */
export function TaskView({
  taskId,
  leaderId,
  readonly,
}: {
  taskId: string;
  leaderId: string | null;
  readonly: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const emit = useEmit();
  const [version, setVersion] = useState(0);
  const loaded = useAsync(async () => {
    const [detail, buttons] = await Promise.all([taskDetail(taskId), taskButtons(taskId)]);
    return { detail, buttons };
  }, [taskId, language, version]);
  const instId = loaded.data?.detail.task.procInstId;
  const history = useAsync(
    () => (instId ? opinions(instId) : Promise.resolve([] as OpinionRecord[])),
    [instId, language, version],
  );
  // The name of the leader acted for, from the leaders the user serves as secretary.
  const leaders = useAsync(
    () => (leaderId ? leadersServed() : Promise.resolve([])),
    [leaderId, language],
  );
  const [opinion, setOpinion] = useState('');
  const [opinionError, setOpinionError] = useState<string>();
  const [files, setFiles] = useState<OpinionFile[]>([]);
  const [tab, setTab] = useState('form');
  const [dialog, setDialog] = useState<TaskDialog>(null);
  const [dialogCount, setDialogCount] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  const detail = loaded.data?.detail;

  const buttons = useMemo(
    () =>
      loaded.data && !readonly
        ? orderButtons(loaded.data.buttons.buttons, loaded.data.buttons.isAddSign)
        : [],
    [loaded.data, readonly],
  );
  const canAct = !readonly && loaded.data?.buttons.readOnly === false && buttons.length > 0;
  const editable = useMemo(
    () => (canAct && detail ? editableTest(detail.editable) : () => false),
    [canAct, detail],
  );
  const flowForm = useFlowForm(detail?.form, {}, editable);
  const { reset } = flowForm;
  useEffect(() => {
    if (detail) reset(detail.data ?? {});
  }, [detail, reset]);

  if (loaded.loading && !loaded.data) return <Loading />;
  if (loaded.error || !detail || !loaded.data)
    return (
      <div css={pageStyle}>
        <NotLoaded load={loaded} notFound={t('workflow:task.notFound')} />
      </div>
    );

  const reload = () => setVersion((current) => current + 1);
  const leave = (action: string) => {
    if (emit('atrium-task-done', { taskId, action }, true))
      navigate(leaderId ? '/v-flow/v-leader' : '/flow/todo');
  };
  /** Runs an action: the server's message for 1.5 s, then leave or reload; throws on failure. */
  const run = async (alias: string, call: () => Promise<string>) => {
    setBusy(alias);
    try {
      const message = await call();
      notify('success', message);
      if (finishing.has(alias)) leave(alias);
      else {
        setDialog(null);
        reload();
      }
    } finally {
      setBusy(null);
    }
  };
  const quietly = (promise: Promise<void>) => void promise.catch(() => undefined);

  /** The form's data when this node may change it, after the rule check. */
  const checkedData = (): FormValues | undefined | false => {
    if (!flowForm.anyEditable) return undefined;
    const data = flowForm.check();
    if (data === false) {
      setTab('form');
      notify('error', t('workflow:errors.formInvalid'));
    }
    return data;
  };
  const requireOpinion = (): boolean => {
    if (opinion.trim()) return true;
    setTab('form');
    setOpinionError(t('workflow:errors.opinionRequired'));
    return false;
  };
  /** What a button that says no or sends the flow back will do, in words, before it acts. */
  const outcomeOf = (alias: string): string | undefined => {
    const back = detail.returnsTo;
    if (alias === 'oppose') {
      const outcome = detail.task.opposeOutcome ?? 'end';
      return t(`workflow:actions.opposeOutcome.${outcome}`, { name: detail.instance.creator });
    }
    if (alias === 'reject' && back) {
      return t('workflow:actions.rejectOutcome', {
        node: back.previous.nodeName,
        name: back.previous.name,
      });
    }
    if (alias === 'backToStart' && back) {
      return t('workflow:actions.backToStartOutcome', { name: back.applicant });
    }
    return undefined;
  };
  const openDialog = (next: TaskDialog) => {
    setDialogCount((count) => count + 1);
    setDialog(next);
  };

  const press = (button: TaskButton) => {
    const alias = button.alias;
    setOpinionError(undefined);
    if (alias === 'flowImage') return setTab('image');
    if (alias === 'approvalHistory') return setTab('history');
    if (alias === 'print') return globalThis.print?.();
    if (alias === 'rejectToAnyNode') return openDialog({ kind: 'return' });
    if (alias === 'taskDelay') return openDialog({ kind: 'delay' });
    if (alias === 'endProcess') return openDialog({ kind: 'end' });
    if (peopleAliases.has(alias))
      return openDialog({ kind: 'people', alias: alias as PeopleAlias });
    if (alias === 'lockUnlock')
      return quietly(
        (async () => {
          setBusy(alias);
          try {
            const outcome = lockMessage(await lockUnlock(taskId));
            notify(outcome.ok ? 'success' : 'warning', t(outcome.key));
            reload();
          } finally {
            setBusy(null);
          }
        })(),
      );
    if (alias === 'saveDraft') {
      const data = checkedData();
      if (data === false) return;
      return quietly(run(alias, () => saveTaskDraft(taskId, data ?? flowForm.data())));
    }
    if (needOpinion.has(alias) && !requireOpinion()) return;
    const data = alias === 'agree' ? checkedData() : undefined;
    if (data === false) return;
    const call = () =>
      complete({
        taskId,
        actionName: alias,
        opinion: opinion.trim(),
        files,
        ...(data ? { data } : {}),
      });
    if (askFirst.has(alias)) {
      return openDialog({
        kind: 'confirm',
        alias,
        name: button.name,
        call,
        outcome: outcomeOf(alias),
      });
    }
    quietly(run(alias, call));
  };

  const callBack = (record: OpinionRecord) => {
    const call = childRevokeCall(record);
    if (call) quietly(run('callBack', () => revokeChildren(call, record.taskId)));
  };

  const { task, instance } = detail;
  const handled = task.state !== 'open';
  const stepKind: StepKind =
    task.nodeType === 'START'
      ? 'start'
      : task.kind === 'sign'
        ? 'vote'
        : task.assigneeId === null
          ? 'shared'
          : 'task';
  return (
    <div css={pageStyle} data-task={taskId} data-state={task.state} data-readonly={String(!canAct)}>
      <Summary
        instance={instance}
        task={task}
        badge={
          leaderId ? (
            <span className="acting" data-acting-for={leaderId}>
              {t('workflow:task.actingFor', {
                name:
                  leaders.data?.find((leader) => leader.leaderId === leaderId)?.leaderName ?? '',
              })}
            </span>
          ) : !canAct ? (
            <span className="acting">{t('workflow:task.readOnly')}</span>
          ) : null
        }
      />
      {detail.returnedBy && !handled && <ReturnedBanner reason={detail.returnedBy} />}
      {handled && <Alert tone="info">{t('workflow:task.handled')}</Alert>}
      {!canAct && !handled && <Alert tone="info">{t('workflow:task.noButtons')}</Alert>}
      <section css={panelStyle}>
        <Tabs
          items={[
            { id: 'form', label: t('workflow:task.tabs.form') },
            { id: 'history', label: t('workflow:task.tabs.history') },
            { id: 'image', label: t('workflow:task.tabs.image') },
          ]}
          active={tab}
          onChange={setTab}
        >
          {tab === 'form' && (
            <>
              <FormLinks
                form={detail.form}
                defId={instance.procDefId}
                instId={instance.id}
                mayEdit={canAct && !handled && flowForm.anyEditable}
              />
              {flowForm.view}
            </>
          )}
          {tab === 'history' && (
            <OpinionHistory
              records={history.data ?? []}
              pending={instance.status === 'running' ? (instance.pending ?? []) : []}
              canCallBack={instance.status === 'running'}
              onCallBack={callBack}
            />
          )}
          {tab === 'image' && <FlowImagePanel instId={instance.id} />}
        </Tabs>
      </section>
      {canAct && tab === 'form' && (
        <OpinionBox
          defKey={instance.procDefKey}
          opinion={opinion}
          files={files}
          error={opinionError}
          onOpinion={(text) => {
            setOpinionError(undefined);
            setOpinion(text);
          }}
          onFiles={setFiles}
        />
      )}
      {/* Under the opinion it sends, and kept in view at the foot of the page. */}
      {canAct && <ActionBar buttons={buttons} kind={stepKind} busy={busy} onPress={press} />}
      <TaskDialogs
        dialog={dialog}
        count={dialogCount}
        taskId={taskId}
        opinion={opinion}
        files={files}
        onClose={() => setDialog(null)}
        run={run}
      />
    </div>
  );
}
