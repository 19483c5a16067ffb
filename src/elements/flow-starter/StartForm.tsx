import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import {
  definitionById,
  definitionByKey,
  draftById,
  instanceInfo,
  leadersServed,
  saveStartDraft,
  startFlow,
  startRights,
  type FlowDefinition,
} from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import type { FormValues } from '../../core/workflow/form';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useEmit } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Loading, NotLoaded } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { useFlowForm } from '../../ui/workflow/useFlowForm';
import { useUrlForm } from './UrlForm';

const actions = css`
  display: flex;
  gap: 8px;
  justify-content: flex-end;
  border-top: 1px solid ${vars.border};
  padding-top: 14px;
`;

interface Loaded {
  flow: FlowDefinition;
  /** The start right: false carries the server's message. */
  allowed: boolean;
  refusal: string;
  values: FormValues;
  leaderId: string;
  leaderName: string;
  draftSubject: string;
}

const everything = () => true;

async function load(
  ref: { defId?: string | undefined; defKey?: string | undefined },
  leaderId: string,
  draftId: string | undefined,
  copyInstId: string | undefined,
): Promise<Loaded> {
  const draft = draftId ? await draftById(draftId) : undefined;
  const flow = ref.defId
    ? await definitionById(ref.defId)
    : await definitionByKey(ref.defKey ?? draft?.defKey ?? '');
  const rights = await startRights(flow.defKey);
  const copied = copyInstId && !draft ? (await instanceInfo(copyInstId)).data : undefined;
  const leader = draft?.leaderId || leaderId;
  const acting = leader && leader !== '0' ? leader : '0';
  const leaders = acting !== '0' ? await leadersServed() : [];
  return {
    flow,
    allowed: rights.value !== false,
    refusal: rights.message ?? '',
    values: draft?.data ?? copied ?? {},
    leaderId: acting,
    leaderName: leaders.find((item) => item.leaderId === acting)?.leaderName ?? '',
    draftSubject: draft?.subject ?? '',
  };
}

/**
 * The start form of a flow: the start right first, then every field of the form, checked
 * with its rule strings before the server checks them again. Submit starts the flow;
 * a draft keeps what was typed (the rules are not checked for drafts).
 */
export function StartForm({
  defId,
  defKey,
  leaderId,
  draftId,
  copyInstId,
}: {
  defId?: string | undefined;
  defKey?: string | undefined;
  leaderId: string;
  draftId?: string | undefined;
  copyInstId?: string | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const emit = useEmit();
  const loaded = useAsync(
    () => load({ defId, defKey }, leaderId, draftId, copyInstId),
    [defId, defKey, leaderId, draftId, copyInstId, language],
  );
  const [savedDraft, setSavedDraft] = useState(draftId);
  const [busy, setBusy] = useState<'start' | 'draft' | null>(null);
  const flowForm = useFlowForm(loaded.data?.flow.form, {}, everything);
  // A URL form is filled in a window of its own and read with the handshake at the start.
  const urlForm = useUrlForm(loaded.data?.flow.form?.url, loaded.data?.flow.defKey ?? '');
  const { reset } = flowForm;
  useEffect(() => {
    if (loaded.data) reset(loaded.data.values);
  }, [loaded.data, reset]);

  if (loaded.loading && !loaded.data) return <Loading />;
  if (loaded.error || !loaded.data)
    return (
      <div css={pageStyle}>
        <NotLoaded load={loaded} notFound={t('workflow:starter.notFound')} />
      </div>
    );
  const { flow, allowed, refusal } = loaded.data;
  if (!allowed)
    return (
      <div css={pageStyle} data-state="no-rights">
        <section css={panelStyle}>
          <h2>{flow.name}</h2>
          <Alert>{refusal || t('workflow:starter.noRights')}</Alert>
        </section>
      </div>
    );
  const acting = loaded.data.leaderId;

  const submit = async () => {
    const data = flow.form?.url ? {} : flowForm.check();
    if (data === false) return notify('error', t('workflow:errors.formInvalid'));
    setBusy('start');
    try {
      if (flow.form?.url) {
        const sent = await urlForm.read();
        if (sent === null) return;
        Object.assign(data, sent);
      }
      const answer = await startFlow({
        defId: flow.id,
        data,
        ...(savedDraft ? { draftId: savedDraft } : {}),
        leaderId: acting,
      });
      notify('success', answer.message);
      urlForm.done();
      if (emit('atrium-started', { instId: answer.instId, defKey: flow.defKey }, true))
        navigate('/v-flow/v-request');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    } finally {
      setBusy(null);
    }
  };
  const saveDraft = async () => {
    setBusy('draft');
    try {
      const data = flow.form?.url ? await urlForm.read() : flowForm.data();
      if (data === null) return;
      const answer = await saveStartDraft({
        defId: flow.id,
        data,
        ...(savedDraft ? { draftId: savedDraft } : {}),
        leaderId: acting,
      });
      setSavedDraft(answer.instId);
      notify('success', answer.message);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    } finally {
      setBusy(null);
    }
  };

  return (
    <div css={pageStyle} data-flow={flow.defKey} data-draft={savedDraft ?? ''}>
      <section css={panelStyle}>
        <h2>
          {flow.name}
          {acting !== '0' && (
            <span css={{ marginLeft: 12, fontSize: 13, color: vars.warning }} data-leader={acting}>
              {t('workflow:starter.startedFor', { name: loaded.data.leaderName })}
            </span>
          )}
        </h2>
        {loaded.data.draftSubject && (
          <p css={{ color: vars.textMuted, marginTop: -6 }}>
            {t('workflow:starter.draftOf', { subject: loaded.data.draftSubject })}
          </p>
        )}
        {flow.desc && <p css={{ color: vars.textMuted, marginTop: 0 }}>{flow.desc}</p>}
        {urlForm.view ?? flowForm.view}
        <div css={actions} part="actions">
          <Button onClick={() => navigate('/v-flow/v-flowList')} data-action="back">
            {t('workflow:starter.back')}
          </Button>
          <Button
            busy={busy === 'draft'}
            disabled={busy !== null}
            onClick={() => void saveDraft()}
            data-action="save-draft"
          >
            {t('workflow:starter.saveDraft')}
          </Button>
          <Button
            variant="primary"
            busy={busy === 'start'}
            disabled={busy !== null}
            onClick={() => void submit()}
            data-action="submit"
          >
            {t('workflow:starter.submit')}
          </Button>
        </div>
      </section>
    </div>
  );
}
