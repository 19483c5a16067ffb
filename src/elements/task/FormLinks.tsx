import { css } from '@emotion/react';
import type { FlowForm } from '../../core/workflow/form';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';

const bar = css`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
  margin-bottom: 8px;
`;

/**
 * The ways to an online form's own pages from an instance or a task (docs/workflow.md,
 * "Online forms in flows"): 查看表单 opens /previewInstForm (read only) for whoever reads the
 * instance; 编辑表单 opens /formManage/{instId}/edit for the holder of an open task whose
 * node may change fields. Nothing for a flow whose form is not an online form.
 */
export function FormLinks({
  form,
  defId,
  instId,
  mayEdit = false,
}: {
  form: FlowForm | undefined;
  defId: string;
  instId: string;
  mayEdit?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  if (!form?.online) return null;
  const id = encodeURIComponent;
  return (
    <div css={bar} part="form-links">
      <Button
        variant="text"
        onClick={() => navigate(`/previewInstForm/${id(defId || '0')}/${id(instId)}`)}
        data-action="view-form"
      >
        {t('workflow:instanceForm.view')}
      </Button>
      {mayEdit && (
        <Button
          variant="text"
          onClick={() => navigate(`/formManage/${id(instId)}/edit`)}
          data-action="edit-form"
        >
          {t('workflow:instanceForm.edit')}
        </Button>
      )}
    </div>
  );
}
