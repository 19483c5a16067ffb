import { useState } from 'react';
import {
  myLayout,
  packColumns,
  resetMyLayout,
  saveMyLayout,
  type LayoutEditor,
} from '../../core/api/widgets';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import {
  ColumnsEditor,
  columnsEditorStyle,
  type EditedColumn,
} from '../../ui/layout/ColumnsEditor';
import { Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';

const toEdited = (layout: LayoutEditor): EditedColumn[] =>
  layout.columns.map(({ alias, name, w, h }) => ({ alias, name, w, h }));

/** /v-personal/myLayout: order (drag or keyboard), size, add and remove columns; save or reset. */
export function HomeLayoutEditor() {
  const t = useT();
  const language = useLanguage();
  const layout = useAsync(myLayout, [language]);
  const [columns, setColumns] = useState<EditedColumn[]>([]);
  const [busy, setBusy] = useState(false);
  // A new answer (loaded, saved, reset) replaces the edit in the same drawing as the line
  // that says whose layout it is: never the role's name over the user's old order.
  const [shownAnswer, setShownAnswer] = useState(layout.data);
  if (layout.data !== shownAnswer) {
    setShownAnswer(layout.data);
    if (layout.data) setColumns(toEdited(layout.data));
  }
  if (layout.loading && !layout.data) return <Loading />;
  if (layout.error) return <Alert>{layout.error.message}</Alert>;
  const pickable = [...(layout.data?.available ?? []), ...(layout.data?.columns ?? [])];
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      notify('success', await action());
      layout.reload();
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(
      async () => (await saveMyLayout(packColumns(columns))).message || t('widgets:layout.saved'),
    );
  const reset = () =>
    run(async () => {
      await resetMyLayout();
      return t('widgets:layout.resetDone');
    });
  return (
    <section css={columnsEditorStyle} part="editor" aria-labelledby="layout-title">
      <h2 id="layout-title">{t('widgets:layout.title')}</h2>
      <p data-custom={String(layout.data?.custom ?? false)}>
        {t(layout.data?.custom ? 'widgets:layout.custom' : 'widgets:layout.default')} ·{' '}
        {t('widgets:layout.hint')}
      </p>
      <ColumnsEditor
        columns={columns}
        onChange={setColumns}
        pickable={pickable}
        actions={
          <>
            <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
              {t('widgets:layout.save')}
            </Button>
            <Button busy={busy} onClick={() => void reset()} data-action="reset">
              {t('widgets:layout.reset')}
            </Button>
          </>
        }
      />
    </section>
  );
}
