import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  endInstance,
  fetchList,
  instanceInfo,
  markRead,
  opinions,
  replyToCopy,
  retrieveTask,
  revokeChildren,
  revokeInstance,
  saveFollows,
  urge,
  type ListRow,
  type OpinionRecord,
} from '../../core/api/workflow';
import { notify } from '../../core/notices';
import { $session } from '../../core/session';
import { queryFilter } from '../../core/workflow/query';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Loading, NotLoaded } from '../../ui/Status';
import { Tabs } from '../../ui/Tabs';
import { useAsync } from '../../ui/useAsync';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { InstanceForm } from '../../ui/workflow/InstanceForm';
import { FlowImagePanel } from '../../ui/workflow/FlowImagePanel';
import { childRevokeCall, OpinionHistory } from '../../ui/workflow/OpinionHistory';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { FollowDialog, UrgeDialog } from './InstanceDialogs';
import { FormLinks } from './FormLinks';
import { Summary } from './Summary';

type Dialog = 'withdraw' | 'urge' | 'follow' | 'end' | null;

const barStyle = { display: 'flex', flexWrap: 'wrap', gap: 8 } as const;

/**
 * An instance read-only: its form, history and chart, with what the reader may still do:
 * the applicant withdraws, urges or ends it; anyone following it picks the steps to
 * follow; the owner of an agent task takes it back; a carbon copy is read and answered.
 */
export function InstanceView({
  instId,
  mode,
  noticeId,
}: {
  instId: string;
  mode: string;
  noticeId?: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const session = useStore($session);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState('form');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const info = useAsync(() => instanceInfo(instId), [instId, language, version]);
  const history = useAsync(() => opinions(instId), [instId, language, version]);
  // The owner of an agent task finds it among the tasks they delegated.
  const delegated = useAsync(
    () =>
      mode === 'agent'
        ? fetchList(
            'myDelegate',
            queryFilter({ page: 1, pageSize: 50, equal: { procInstId: instId } }),
          )
        : Promise.resolve({ rows: [] as ListRow[], total: 0, page: 1, pageSize: 50 }),
    [mode, instId, version],
  );

  // Opening a carbon copy to read marks it read.
  useEffect(() => {
    if (mode === 'todoRead' && noticeId) void markRead([noticeId]).catch(() => undefined);
  }, [mode, noticeId]);

  if (info.loading && !info.data) return <Loading />;
  if (info.error || !info.data)
    return (
      <div css={pageStyle}>
        <NotLoaded load={info} notFound={t('workflow:task.notFound')} />
      </div>
    );
  const instance = info.data;
  const running = instance.status === 'running';
  const me = session?.userId ?? '';
  const applicant = me !== '' && (instance.starterId === me || instance.createBy === me);

  const act = async (name: string, call: () => Promise<string>, after?: () => void) => {
    setBusy(name);
    try {
      notify('success', await call());
      setDialog(null);
      if (after) after();
      else setVersion((current) => current + 1);
    } finally {
      setBusy(null);
    }
  };
  const quietly = (promise: Promise<void>) => void promise.catch(() => undefined);
  const callBack = (record: OpinionRecord) => {
    const call = childRevokeCall(record);
    if (call) quietly(act('callBack', () => revokeChildren(call, record.taskId)));
  };

  return (
    <div css={pageStyle} data-instance={instId} data-mode={mode}>
      <Summary
        instance={instance}
        badge={<span className="acting">{t('workflow:task.readOnly')}</span>}
      />
      {mode === 'agent' && (
        <Alert tone="info">
          <span data-agent-mode>{t('workflow:task.agentMode')}</span>
        </Alert>
      )}
      {running || delegated.data?.rows.length ? (
        <div css={panelStyle}>
          <div css={barStyle} part="actions">
            {delegated.data?.rows.map((row) => (
              <Button
                key={row.id}
                variant="primary"
                busy={busy === `retrieve-${row.id}`}
                data-action="retrieve"
                onClick={() =>
                  quietly(
                    act(
                      `retrieve-${row.id}`,
                      () => retrieveTask(String(row.taskId ?? row.id)),
                      () => navigate(`/task/${encodeURIComponent(String(row.taskId ?? row.id))}/0`),
                    ),
                  )
                }
              >
                {t('workflow:task.retrieve')} · {String(row.name ?? '')}
              </Button>
            ))}
            {applicant && running && (
              <>
                <Button onClick={() => setDialog('withdraw')} data-action="withdraw">
                  {t('workflow:task.withdraw')}
                </Button>
                <Button onClick={() => setDialog('urge')} data-action="urge">
                  {t('workflow:task.urge')}
                </Button>
                <Button onClick={() => setDialog('end')} data-action="end">
                  {t('workflow:task.end')}
                </Button>
              </>
            )}
            {running && (
              <Button onClick={() => setDialog('follow')} data-action="follow">
                {t('workflow:task.follow')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
      {(mode === 'todoRead' || mode === 'doneRead') && noticeId && (
        <section css={panelStyle} data-reply>
          <TextAreaField
            label={t('workflow:task.reply')}
            name="reply"
            placeholder={t('workflow:task.replyPlaceholder')}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
          <Button
            variant="primary"
            busy={busy === 'reply'}
            data-action="reply"
            onClick={() => {
              if (!reply.trim()) return notify('error', t('workflow:errors.opinionRequired'));
              quietly(
                act(
                  'reply',
                  () => replyToCopy(noticeId, reply.trim()),
                  () => setReply(''),
                ),
              );
            }}
          >
            {t('workflow:task.reply')}
          </Button>
        </section>
      )}
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
              <FormLinks form={instance.form} defId={instance.procDefId} instId={instance.id} />
              <InstanceForm form={instance.form} values={instance.data ?? {}} />
            </>
          )}
          {tab === 'history' && (
            <OpinionHistory
              records={history.data ?? []}
              pending={instance.status === 'running' ? (instance.pending ?? []) : []}
              canCallBack={running}
              onCallBack={callBack}
            />
          )}
          {tab === 'image' && <FlowImagePanel instId={instId} />}
        </Tabs>
      </section>
      <ConfirmDialog
        open={dialog === 'withdraw'}
        name="withdraw"
        title={t('workflow:actions.title.withdraw')}
        message={t('workflow:list.withdrawConfirm', { subject: instance.subject })}
        reasonLabel={t('workflow:list.withdrawCause')}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('withdraw', () => revokeInstance(instId, undefined, reason))}
      />
      <ConfirmDialog
        open={dialog === 'end'}
        name="end"
        title={t('workflow:actions.title.endProcess')}
        message={t('workflow:actions.endConfirm')}
        reasonLabel={t('workflow:actions.reason')}
        onClose={() => setDialog(null)}
        onConfirm={(reason) => act('end', () => endInstance(instId, reason))}
      />
      <UrgeDialog
        instId={instId}
        open={dialog === 'urge'}
        onClose={() => setDialog(null)}
        onSubmit={(opinion, urgency) => act('urge', () => urge(instId, opinion, urgency))}
      />
      <FollowDialog
        instId={instId}
        open={dialog === 'follow'}
        onClose={() => setDialog(null)}
        onSubmit={(nodeIds) => act('follow', () => saveFollows(instId, nodeIds))}
      />
    </div>
  );
}
