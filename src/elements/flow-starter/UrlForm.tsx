import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { formOrigin, requestFormData, type HandshakeOutcome } from './handshake';

const panel = css`
  border: 1px dashed ${vars.border};
  border-radius: 8px;
  padding: 14px 16px;
  margin-bottom: 14px;
  display: flex;
  flex-wrap: wrap;
  gap: 10px 16px;
  align-items: center;
  p {
    margin: 0;
    flex: 1 1 240px;
    color: ${vars.textMuted};
  }
`;

type Problem = Exclude<HandshakeOutcome['kind'], 'data' | 'notHandled'>;

/**
 * A flow whose form is a URL form (docs/workflow.md, "URL forms"): the form opens in a
 * window of its own, and starting the flow asks that window for the data with the form-data
 * handshake. A form that never acknowledges may not take part at all: the user is asked
 * whether to start the flow anyway, without its data.
 */
export function useUrlForm(url: string | undefined, name: string) {
  const t = useT();
  const form = useRef<Window | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [asking, setAsking] = useState<((start: boolean) => void) | null>(null);

  const open = () => {
    if (!url) return;
    form.current = globalThis.open(url, `atrium-form-${name}`);
    setProblem(null);
  };

  /** The form's data; null when there is none to start with (the reason is shown). */
  const read = async (): Promise<Record<string, unknown> | null> => {
    if (!url) return {};
    setProblem(null);
    const outcome = await requestFormData(form.current, formOrigin(url));
    if (outcome.kind === 'data') return outcome.data;
    if (outcome.kind !== 'notHandled') {
      setProblem(outcome.kind);
      return null;
    }
    const anyway = await new Promise<boolean>((answer) => setAsking(() => answer));
    setAsking(null);
    return anyway ? {} : null;
  };

  /** After the start: the form's window has done its work. */
  const done = () => {
    form.current?.close();
    form.current = null;
  };

  const view = url ? (
    <div css={panel} data-url-form={url} part="url-form">
      <p>{t('workflow:urlForm.intro')}</p>
      <Button onClick={open} data-action="open-form">
        {t('workflow:urlForm.open')}
      </Button>
      {problem && (
        <div role="alert" data-problem={problem} css={{ flexBasis: '100%', color: vars.danger }}>
          {t(`workflow:urlForm.${problem}`)}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        name="start-anyway"
        title={t('workflow:urlForm.askTitle')}
        message={t('workflow:urlForm.notHandled')}
        onClose={() => asking?.(false)}
        onConfirm={async () => asking?.(true)}
      />
    </div>
  ) : null;

  return { view, read, done };
}
