import { css } from '@emotion/react';
import { useCallback, useRef, useState } from 'react';
import {
  exportChart,
  getCustomChart,
  getEchartData,
  type ChartQuery,
  type CustomChart,
} from './api';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { Tabs } from '../../ui/Tabs';
import { saveBlob } from '../../ui/table/save';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { Conditions } from './Conditions';
import { blobOfDataUrl } from './data-url';
import { DataTab } from './DataTab';
import { EChart } from './EChart';

type Instance = Parameters<Parameters<typeof EChart>[0]['onInstance']>[0];

const frame = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  [role='tablist'] {
    margin-bottom: 8px;
  }
  .tools {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 6px;
    margin-bottom: 6px;
  }
  .canvas {
    height: var(--atrium-chart-height, 300px);
    min-width: 0;
  }
  .error {
    color: ${vars.danger};
  }
`;

function ChartBody({
  chart,
  height,
  columnAlias,
}: {
  chart: CustomChart;
  height: number;
  columnAlias: string | undefined;
}) {
  const t = useT();
  const [querys, setQuerys] = useState<ChartQuery[]>([]);
  const [tab, setTab] = useState('chart');
  const instance = useRef<Instance | null>(null);
  const onInstance = useCallback((chart: Instance | null) => (instance.current = chart), []);
  const data = useAsync(() => getEchartData({ id: chart.id, querys }), [chart.id, querys]);

  const exportData = async (format: 'xlsx' | 'csv') => {
    const file = await exportChart({ id: chart.id, format, querys, sorter: [] });
    saveBlob(file.blob, file.fileName);
    notify('success', t('charts:exported', { count: file.total }));
  };
  const exportPng = () => {
    const url = instance.current?.getDataURL({
      type: 'png',
      pixelRatio: 2,
      backgroundColor: '#fff',
    });
    if (!url) return;
    saveBlob(blobOfDataUrl(url), `${chart.name}.png`);
    notify('success', t('charts:imageExported', { name: `${chart.name}.png` }));
  };

  return (
    <div css={frame} data-chart-id={chart.id} data-column-alias={columnAlias}>
      <Conditions fields={chart.conditionfield} onQuery={setQuerys} />
      <Tabs
        items={[
          { id: 'chart', label: t('charts:chartTab') },
          { id: 'data', label: t('charts:dataTab') },
        ]}
        active={tab}
        onChange={setTab}
        label={chart.name}
      >
        <div className="tools">
          {tab === 'chart' ? (
            <Button onClick={exportPng} data-action="export-png">
              {t('charts:exportPng')}
            </Button>
          ) : (
            <>
              <Button onClick={() => void exportData('xlsx')} data-action="export-xlsx">
                {t('charts:exportXlsx')}
              </Button>
              <Button onClick={() => void exportData('csv')} data-action="export-csv">
                {t('charts:exportCsv')}
              </Button>
            </>
          )}
        </div>
        {tab === 'chart' ? (
          data.error ? (
            <Alert tone="error">{data.error.message}</Alert>
          ) : !data.data ? (
            <Loading />
          ) : data.data.rows === 0 ? (
            <Empty>{t('charts:noData')}</Empty>
          ) : (
            <div className="canvas" style={{ height: Math.max(200, height - 40) }}>
              <EChart data={data.data} onInstance={onInstance} />
            </div>
          )
        ) : (
          <DataTab chart={chart} querys={querys} height={height} />
        )}
      </Tabs>
    </div>
  );
}

/** The chart widget of a home column (spec section 2.4): conditions, chart and data tabs. */
export function ChartColumn({
  chartId,
  tableHeight,
  columnAlias,
}: {
  chartId?: string;
  tableHeight?: number;
  /** Marks the column it is shown in, as every home widget does. */
  columnAlias?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const chart = useAsync(
    () => (chartId ? getCustomChart(chartId) : Promise.resolve(null)),
    [chartId, language],
  );
  if (chart.loading) return <Loading />;
  if (chart.error)
    return (
      <p style={{ color: vars.danger }} role="alert">
        {chart.error.message}
      </p>
    );
  if (!chart.data) return <Empty>{t('charts:noChart')}</Empty>;
  return (
    <ChartBody
      key={`${chart.data.id}-${language}`}
      chart={chart.data}
      height={tableHeight ?? 300}
      columnAlias={columnAlias}
    />
  );
}
