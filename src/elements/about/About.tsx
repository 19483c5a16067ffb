import { css } from '@emotion/react';
import { listStores } from '../../core/api/portal';
import { useLanguage, useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const styles = css`
  p {
    line-height: 1.8;
    margin: 0 0 12px;
  }
  .lead {
    font-size: 16px;
    color: ${vars.text};
  }
  ul {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
    gap: 10px;
    padding: 0;
    list-style: none;
    margin: 0 0 16px;
  }
  li {
    padding: 12px 14px;
    border: 1px solid ${vars.border};
    border-left: 3px solid ${vars.accent};
    border-radius: ${vars.radius};
  }
  small {
    display: block;
    color: ${vars.textMuted};
  }
  h3 {
    font-size: 15px;
    margin: 20px 0 10px;
  }
`;

export function About() {
  const t = useT();
  const language = useLanguage();
  const stores = useAsync(listStores, []);
  return (
    <section css={styles}>
      <p className="lead">{t('login:about.lead')}</p>
      <p>{t('login:about.body')}</p>
      <h3>{t('login:about.stores')}</h3>
      <ul part="stores">
        {stores.data?.map((store) => (
          <li key={store.code}>
            {language === 'en-US' ? store.nameEn : store.name}
            <small>{(language === 'en-US' && store.cityEn) || store.city}</small>
          </li>
        ))}
      </ul>
      <p>{t('login:about.contact')}</p>
    </section>
  );
}
