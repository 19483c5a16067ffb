import { css } from '@emotion/react';
import { languages, setLanguage, type Language } from '../../src/core/language';
import { useLanguage, useT } from '../../src/ui/i18n';

const style = css`
  height: 30px;
  padding: 0 8px;
  border-radius: 6px;
  border: 1px solid rgba(0, 0, 0, 0.15);
  background: rgba(255, 255, 255, 0.9);
  font: inherit;
  font-size: 13px;
`;

export function LanguageSwitcher() {
  const t = useT();
  const language = useLanguage();
  return (
    <select
      css={style}
      aria-label={t('portal:language')}
      value={language}
      onChange={(event) => setLanguage(event.target.value as Language)}
      data-control="language"
    >
      {languages.map((code) => (
        <option key={code} value={code}>
          {t(`common:languages.${code}`)}
        </option>
      ))}
    </select>
  );
}
