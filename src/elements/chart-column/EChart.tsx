import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { whenNearView } from '../../ui/near-view';
import type { EchartData } from './api';
import type { init } from './echarts';
import { chartOption, hasZoom } from './options';

type Instance = ReturnType<typeof init>;

const box = css`
  width: 100%;
  height: 100%;
  min-height: 200px;
`;

/**
 * One ECharts canvas. The library is fetched when the chart first comes near the screen;
 * the chart follows its box's size (a column resized in the grid, a phone turned), not only
 * the window's.
 */
export function EChart({
  data,
  onInstance,
}: {
  data: EchartData;
  onInstance: (chart: Instance | null) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    const draw = () =>
      void import('./echarts').then(({ init }) => {
        const node = host.current;
        if (disposed || !node) return;
        const instance = init(node);
        chart.current = instance;
        onInstance(instance);
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(node);
        instance.setOption(chartOption(data, node.clientWidth < 480), true);
        node.dataset.drawn = 'true';
      });
    const stopWaiting = whenNearView(host.current, draw);
    return () => {
      disposed = true;
      stopWaiting();
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      onInstance(null);
    };
    // One instance per mount; data changes are set below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const node = host.current;
    if (chart.current && node)
      chart.current.setOption(chartOption(data, node.clientWidth < 480), true);
  }, [data]);

  return (
    <div
      ref={host}
      css={box}
      part="chart"
      data-style={data.style}
      data-rows={data.rows}
      data-zoom={hasZoom(data) ? 'true' : 'false'}
    />
  );
}
