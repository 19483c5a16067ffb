import { useEffect, useState } from 'react';
import { layoutGroup, packColumns, saveLayoutGroup } from '../../core/api/widgets';
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

/** One group's columns in the layout editor shared with /v-personal/myLayout. */
export function GroupColumns({ id, onDone }: { id: string; onDone: () => void }) {
  const t = useT();
  const language = useLanguage();
  const group = useAsync(() => layoutGroup(id), [id, language]);
  const [columns, setColumns] = useState<EditedColumn[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (group.data)
      setColumns(group.data.columns.map(({ alias, name, w, h }) => ({ alias, name, w, h })));
  }, [group.data]);
  if (group.loading && !group.data) return <Loading />;
  if (group.error) return <Alert>{group.error.message}</Alert>;
  const save = async () => {
    setBusy(true);
    try {
      notify('success', (await saveLayoutGroup(id, packColumns(columns))).message);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section css={columnsEditorStyle} part="editor" aria-labelledby="group-title" data-group={id}>
      <h2 id="group-title">{t('widgets:groups.editing', { name: group.data?.name ?? '' })}</h2>
      <p>{t('widgets:layout.hint')}</p>
      <ColumnsEditor
        columns={columns}
        onChange={setColumns}
        pickable={[...(group.data?.available ?? []), ...(group.data?.columns ?? [])]}
        actions={
          <>
            <Button variant="primary" busy={busy} onClick={() => void save()} data-action="save">
              {t('widgets:groups.save')}
            </Button>
            <Button onClick={onDone} data-action="back">
              {t('widgets:groups.back')}
            </Button>
          </>
        }
      />
    </section>
  );
}
