import { css } from '@emotion/react';
import { useEffect, useMemo, useState } from 'react';
import { instanceInfo, saveInstanceForm, taskDetail } from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { editableTest } from '../../core/workflow/form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Loading, NotLoaded } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { pageStyle, panelStyle } from '../../ui/workflow/styles';
import { useFlowForm } from '../../ui/workflow/useFlowForm';
import { Summary } from './Summary';

const bar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: 12px;
`;

/** The instance, and what the caller's own open task there may change (edit mode). */
async function load(instId: string, edit: boolean) {
  const instance = await instanceInfo(instId);
  const detail = edit && instance.myTaskId ? await taskDetail(instance.myTaskId) : undefined;
  return { instance, editable: detail?.editable ?? [], taskId: instance.myTaskId ?? null };
}

/**
 * The form of an instance alone (/previewInstForm, /formManage/{instId}/{type}): read only,
 * or, with `edit`, the fields the caller's open task may change, saved through
 * saveFormData without acting on the task (the server checks the node and the rules).
 */
export function InstanceFormPage({ instId, edit }: { instId: string; edit: boolean }) {
  const t = useT();
  const language = useLanguage();
  const [version, setVersion] = useState(0);
  const loaded = useAsync(() => load(instId, edit), [instId, edit, language, version]);
  const data = loaded.data;
  const editable = useMemo(() => editableTest(data?.editable), [data]);
  const flowForm = useFlowForm(data?.instance.form, {}, editable);
  const { reset } = flowForm;
  useEffect(() => {
    if (data) reset(data.instance.data ?? {});
  }, [data, reset]);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  if (loaded.loading && !data) return <Loading />;
  if (loaded.error || !data)
    return (
      <div css={pageStyle}>
        <NotLoaded load={loaded} notFound={t('workflow:task.notFound')} />
      </div>
    );
  const save = async () => {
    const values = flowForm.check();
    if (values === false) return notify('error', t('workflow:errors.formInvalid'));
    setBusy(true);
    try {
      notify('success', await saveInstanceForm(instId, values));
      setVersion((current) => current + 1);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    } finally {
      setBusy(false);
    }
  };
  const canEdit = edit && flowForm.anyEditable;
  return (
    <div css={pageStyle} data-instance-form={instId} data-editable={String(canEdit)}>
      <Summary instance={data.instance} />
      {edit && !data.taskId && <Alert tone="info">{t('workflow:instanceForm.readOnly')}</Alert>}
      <section css={panelStyle} part="form" aria-label={t('workflow:instanceForm.title')}>
        {flowForm.view}
        {(canEdit || data.taskId) && (
          <div css={bar}>
            {canEdit && (
              <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
                {t('workflow:instanceForm.save')}
              </Button>
            )}
            {data.taskId && (
              <Button onClick={() => navigate(`/task/${data.taskId}`)} data-action="open-task">
                {t('workflow:instanceForm.openTask')}
              </Button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
