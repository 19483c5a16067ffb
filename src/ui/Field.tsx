import { css } from '@emotion/react';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { vars } from './theme';

const fieldStyle = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 14px;
`;

const labelStyle = css`
  font-size: 13px;
  color: ${vars.textMuted};
  .required {
    color: ${vars.danger};
    margin-right: 2px;
  }
`;

export const controlStyle = css`
  height: 38px;
  width: 100%;
  padding: 0 12px;
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  background: ${vars.surface};
  color: ${vars.text};
  font: inherit;
  transition:
    border-color 0.15s,
    box-shadow 0.15s;
  &::placeholder {
    color: #a0a5ad;
  }
  &:hover {
    border-color: #c0c4cc;
  }
  &:focus {
    outline: none;
    border-color: ${vars.primary};
    box-shadow: 0 0 0 3px color-mix(in srgb, ${vars.primary} 15%, transparent);
  }
  &[aria-invalid='true'] {
    border-color: ${vars.danger};
  }
  &:disabled {
    background: ${vars.surfaceMuted};
    cursor: not-allowed;
  }
`;

const errorStyle = css`
  font-size: 12px;
  color: ${vars.danger};
  min-height: 0;
`;

interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
  hint?: ReactNode;
  children: (ids: { inputId: string; errorId: string }) => ReactNode;
}

/** Label, control and message, wired for screen readers (aria-invalid, aria-describedby). */
export function FieldFrame({ label, error, required, hint, children }: FieldFrameProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div css={fieldStyle}>
      <label htmlFor={inputId} css={labelStyle}>
        {required && (
          <span className="required" aria-hidden>
            *
          </span>
        )}
        {label}
      </label>
      {children({ inputId, errorId })}
      {error ? (
        <div id={errorId} role="alert" css={errorStyle} data-error>
          {error}
        </div>
      ) : (
        hint && <div css={[errorStyle, { color: vars.textMuted }]}>{hint}</div>
      )}
    </div>
  );
}

type Common = {
  label: ReactNode;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
};

export function TextField({
  label,
  error,
  required,
  hint,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} required={required} hint={hint}>
      {({ inputId, errorId }) => (
        <input
          id={inputId}
          css={controlStyle}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  error,
  required,
  hint,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error} required={required} hint={hint}>
      {({ inputId, errorId }) => (
        <select
          id={inputId}
          css={controlStyle}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={required || undefined}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  required,
  hint,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} error={error} required={required} hint={hint}>
      {({ inputId, errorId }) => (
        <textarea
          id={inputId}
          css={[
            controlStyle,
            { height: 'auto', minHeight: 72, padding: '8px 12px', resize: 'vertical' },
          ]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...area}
        />
      )}
    </FieldFrame>
  );
}
