import { css } from '@emotion/react';
import { createElement, useEffect, useState } from 'react';
import { sysModule, tabElement, type SysModuleItem } from '../../core/api/sys-modules';
import { Alert } from '../../ui/Alert';
import { useLanguage, useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { Tabs } from '../../ui/Tabs';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { useDefined } from '../../ui/plug/useDefined';

const frame = css`
  min-width: 0;
  h2 {
    font-size: 17px;
    margin: 0 0 8px;
  }
  [role='tablist'] {
    overflow-x: auto;
    white-space: nowrap;
    margin-bottom: 12px;
  }
  .unavailable {
    padding: 24px 0;
    color: ${vars.textMuted};
  }
`;

function TabBody({ item }: { item: SysModuleItem }) {
  const t = useT();
  const { tag, attributes } = tabElement(item);
  const defined = useDefined(tag);
  if (!defined) {
    return (
      <div className="unavailable" data-unavailable={tag}>
        {t('sysModule:module.unavailable', { tag })}
      </div>
    );
  }
  return createElement(tag, { ...attributes, 'data-tab': `${item.type}:${item.key}` });
}

const tabId = (item: SysModuleItem, index: number) => `${index}-${item.type}`;

export function SysModule({ moduleId }: { moduleId?: string }) {
  const t = useT();
  const language = useLanguage();
  const answer = useAsync(
    () => (moduleId ? sysModule(moduleId) : Promise.resolve(null)),
    [moduleId, language],
  );
  const [active, setActive] = useState('');
  // Tabs are drawn when first chosen and then kept (a list keeps its page and filters).
  const [visited, setVisited] = useState<string[]>([]);
  const items = answer.data?.items ?? [];
  const current = items.some((item, i) => tabId(item, i) === active)
    ? active
    : items[0]
      ? tabId(items[0], 0)
      : '';
  useEffect(() => {
    if (current && !visited.includes(current)) setVisited((list) => [...list, current]);
  }, [current, visited]);
  useEffect(() => setVisited([]), [moduleId]);

  if (!moduleId) return <Alert>{t('sysModule:module.missingId')}</Alert>;
  if (answer.loading && !answer.data) return <Loading />;
  if (answer.error) return <Alert>{answer.error.message}</Alert>;
  const module = answer.data!;
  const english = language === 'en-US';
  const name = (english && module.nameEn) || module.name;
  return (
    <section css={frame} data-module={module.id} aria-label={name}>
      <h2>{name}</h2>
      {items.length === 0 ? (
        <Empty>{t('sysModule:module.empty')}</Empty>
      ) : (
        <Tabs
          items={items.map((item, i) => ({
            id: tabId(item, i),
            label: (english && item.titleEn) || item.title,
          }))}
          active={current}
          onChange={setActive}
          label={t('sysModule:module.tabs')}
        >
          <div part="panel">
            {items.map((item, i) => {
              const id = tabId(item, i);
              if (!visited.includes(id) && id !== current) return null;
              return (
                <div key={id} hidden={id !== current} data-panel={id}>
                  <TabBody item={item} />
                </div>
              );
            })}
          </div>
        </Tabs>
      )}
    </section>
  );
}
