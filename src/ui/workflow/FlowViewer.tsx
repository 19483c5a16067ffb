import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { FlowImage, PendingStep } from '../../core/api/workflow';
import { $config } from '../../core/config';
import { opinionLabelKey } from '../../core/workflow/status';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { useT, type Translate } from '../i18n';
import { Loading } from '../Status';
import { vars } from '../theme';
import { loadViewer, withNames, type DiagramViewer } from './bpmn-viewer';
import { PendingSteps } from './PendingSteps';

/**
 * Marker classes on the diagram's shapes. bpmn-js paints shapes with inline styles, so
 * these need !important; they live in the shadow root with the viewer's own CSS.
 */
const markerCss = `
  .djs-element.atrium-done .djs-visual > :is(rect, circle, polygon) {
    stroke: #2ea121 !important; fill: #eaf7e8 !important;
  }
  .djs-connection.atrium-done .djs-visual > path { stroke: #2ea121 !important; }
  .djs-element.atrium-current .djs-visual > :is(rect, circle, polygon) {
    stroke: #de7802 !important; fill: #fff4e5 !important; stroke-width: 3px !important;
  }
  .atrium-opinion {
    background: #fff; border: 1px solid #d0d4da; border-radius: 4px; padding: 2px 6px;
    font: 12px/1.5 ${'system-ui, sans-serif'}; color: #1f2329; white-space: nowrap;
    box-shadow: 0 2px 6px rgba(0,0,0,.08); max-width: 220px; overflow: hidden; text-overflow: ellipsis;
  }
  .atrium-opinion div { overflow: hidden; text-overflow: ellipsis; }
  .atrium-pending {
    background: #fff4e5; border: 1px solid #de7802; border-radius: 4px; padding: 1px 6px;
    font: 12px/1.5 ${'system-ui, sans-serif'}; color: #7a3e00; white-space: nowrap;
    max-width: 220px; overflow: hidden; text-overflow: ellipsis;
  }
`;

const frame = css`
  position: relative;
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  background: #fff;
  overflow: hidden;
  .canvas {
    width: 100%;
    height: 100%;
  }
  .zoom {
    position: absolute;
    top: 8px;
    right: 8px;
    display: flex;
    gap: 4px;
    z-index: 5;
  }
  .zoom button {
    height: 28px;
    padding: 0 10px;
  }
`;

const legend = css`
  display: flex;
  gap: 16px;
  font-size: 13px;
  color: ${vars.textMuted};
  margin-top: 8px;
  span::before {
    content: '';
    display: inline-block;
    width: 12px;
    height: 12px;
    border-radius: 3px;
    margin-right: 6px;
    vertical-align: -1px;
    border: 2px solid;
  }
  .done::before {
    border-color: #2ea121;
    background: #eaf7e8;
  }
  .current::before {
    border-color: #de7802;
    background: #fff4e5;
  }
  .todo::before {
    border-color: #22242a;
    background: #fff;
  }
`;

/** Whose opinion, and who gave it when someone acted for them (an agent, a secretary). */
function who(item: FlowImage['opinions'][string][number], t: Translate): string {
  return item.operatorName && item.operatorName !== item.auditorName
    ? t('workflow:task.operator', { operator: item.operatorName, auditor: item.auditorName })
    : item.auditorName;
}

function opinionOverlay(items: FlowImage['opinions'][string], t: Translate): HTMLElement {
  const box = document.createElement('div');
  box.className = 'atrium-opinion';
  box.dataset.opinions = String(items.length);
  // The newest two fit under a shape; the title holds them all.
  for (const item of items.slice(-2)) {
    const line = document.createElement('div');
    const key = opinionLabelKey(item.status);
    line.textContent = `${who(item, t)} · ${key ? t(key) : item.statusName || item.status}`;
    box.append(line);
  }
  box.title = items
    .map((item) => `${item.createTime} ${who(item, t)}${t('common:colon')}${item.opinion || '—'}`)
    .join('\n');
  return box;
}

/** "待 王会计、吴敏": who must act at a current node, as text (names come from users). */
function pendingOverlay(step: PendingStep, t: Translate): HTMLElement {
  const box = document.createElement('div');
  box.className = 'atrium-pending';
  // Who must act now there: its holders, or those they asked while they wait.
  const names = [...step.people, ...step.asked]
    .filter((person) => person.state === 'todo')
    .map((person) => person.name)
    .join('、');
  box.textContent = `${t('workflow:pending.waitingFor')} ${names}`;
  box.title = box.textContent;
  return box;
}

interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  addMarker(id: string, marker: string): void;
}

/**
 * The bpmn-js NavigatedViewer (drag and wheel to move and zoom) with the done nodes and
 * flows in green, the current nodes in orange and the opinions under their nodes. The
 * bpmn.io watermark the licence asks for stays visible.
 */
export function FlowViewer({ image, height = 420 }: { image: FlowImage; height?: number }) {
  const t = useT();
  const nonce = useStore($config).cspNonce;
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<DiagramViewer | null>(null);
  const [styles, setStyles] = useState('');
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [marked, setMarked] = useState<{ done: string[]; current: string[] }>({
    done: [],
    current: [],
  });
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setState('loading');
    void (async () => {
      try {
        const kit = await loadViewer();
        if (!alive || !container.current) return;
        setStyles(kit.css);
        const instance = kit.create(container.current);
        viewer.current = instance;
        await instance.importXML(withNames(image.bpmnXml, image.names));
        if (!alive) return;
        const canvas = instance.get<Canvas>('canvas');
        const registry = instance.get<{ get(id: string): unknown }>('elementRegistry');
        const overlays = instance.get<{ add(id: string, type: string, overlay: object): void }>(
          'overlays',
        );
        const present = (id: string) => registry.get(id) !== undefined;
        const current = image.currentNodes.filter(present);
        const done = [...image.doneNodes, ...image.doneFlows].filter(
          (id) => present(id) && !current.includes(id),
        );
        for (const id of done) canvas.addMarker(id, 'atrium-done');
        for (const id of current) canvas.addMarker(id, 'atrium-current');
        for (const step of image.pending ?? []) {
          if (present(step.nodeId) && step.people.length)
            overlays.add(step.nodeId, 'atrium-pending', {
              position: { top: -24, left: 0 },
              html: pendingOverlay(step, t),
            });
        }
        instance
          .get<{ on(event: string, fn: (event: { element: { id: string } }) => void): void }>(
            'eventBus',
          )
          .on('element.click', (event) => setSelected(event.element.id));
        for (const [nodeId, items] of Object.entries(image.opinions)) {
          if (present(nodeId) && items.length)
            overlays.add(nodeId, 'atrium-opinion', {
              position: { bottom: -6, left: 0 },
              html: opinionOverlay(items, t),
            });
        }
        canvas.zoom('fit-viewport', 'auto');
        setMarked({ done, current });
        setState('ready');
      } catch (error) {
        console.error('flow chart:', error);
        if (alive) setState('failed');
      }
    })();
    return () => {
      alive = false;
      viewer.current?.destroy();
      viewer.current = null;
    };
  }, [image, t]);

  const zoom = (factor: number | 'fit') => {
    const canvas = viewer.current?.get<Canvas>('canvas');
    if (!canvas) return;
    if (factor === 'fit') canvas.zoom('fit-viewport', 'auto');
    else canvas.zoom(canvas.zoom() * factor);
  };

  return (
    <div
      part="diagram"
      data-state={state}
      data-done={marked.done.join(' ')}
      data-current={marked.current.join(' ')}
    >
      {styles && <style nonce={nonce}>{styles + markerCss}</style>}
      {state === 'failed' && <Alert>{t('workflow:image.failed')}</Alert>}
      <div css={frame} style={{ height }}>
        {state === 'loading' && (
          <div css={{ position: 'absolute', inset: 0 }}>
            <Loading label={t('workflow:image.loading')} />
          </div>
        )}
        {state === 'ready' && (
          <div className="zoom">
            <Button onClick={() => zoom(1.2)} aria-label={t('workflow:image.zoomIn')}>
              +
            </Button>
            <Button onClick={() => zoom(1 / 1.2)} aria-label={t('workflow:image.zoomOut')}>
              −
            </Button>
            <Button onClick={() => zoom('fit')}>{t('workflow:image.fit')}</Button>
          </div>
        )}
        <div className="canvas" ref={container} />
      </div>
      <div css={legend}>
        <span className="done">{t('workflow:image.done')}</span>
        <span className="current">{t('workflow:image.current')}</span>
        <span className="todo">{t('workflow:image.todo')}</span>
      </div>
      {state === 'ready' && (
        <NodeDetails image={image} selected={selected} onSelect={setSelected} />
      )}
    </div>
  );
}

const details = css`
  margin-top: 12px;
  .nodes {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin-bottom: 8px;
  }
  .nodes button[aria-pressed='true'] {
    border-color: ${vars.primary};
    color: ${vars.primary};
  }
  ol {
    margin: 0;
    padding-left: 18px;
  }
  li {
    margin: 4px 0;
    word-break: break-word;
  }
  .when {
    color: ${vars.textMuted};
    font-size: 13px;
    margin-right: 6px;
  }
`;

/**
 * Every node with opinions or people waiting, as buttons (a keyboard or a thumb reaches what
 * a shape's hover title holds); the chosen one (also by clicking its shape) lists every
 * opinion given there, each voter's included, and who must act there now.
 */
function NodeDetails({
  image,
  selected,
  onSelect,
}: {
  image: FlowImage;
  selected: string | null;
  onSelect: (nodeId: string) => void;
}) {
  const t = useT();
  const pending = image.pending ?? [];
  const nodes = [
    ...new Set([...Object.keys(image.opinions), ...pending.map((step) => step.nodeId)]),
  ];
  if (nodes.length === 0) return null;
  const nameOf = (nodeId: string) =>
    pending.find((step) => step.nodeId === nodeId)?.nodeName ??
    image.names?.[nodeId] ??
    nodeNameIn(image.bpmnXml, nodeId);
  const items = selected ? (image.opinions[selected] ?? []) : [];
  const waiting = pending.filter((step) => step.nodeId === selected);
  return (
    <div css={details} part="node-details">
      <div className="nodes" role="group" aria-label={t('workflow:image.nodeOpinions')}>
        {nodes.map((nodeId) => (
          <Button
            key={nodeId}
            aria-pressed={selected === nodeId}
            onClick={() => onSelect(nodeId)}
            data-node={nodeId}
          >
            {nameOf(nodeId)}
          </Button>
        ))}
      </div>
      {selected && (
        <div data-selected={selected}>
          <PendingSteps steps={waiting} />
          {items.length > 0 && (
            <ol>
              {items.map((item, index) => (
                <li key={index}>
                  <span className="when">{item.createTime}</span>
                  {who(item, t)} · {item.statusName || item.status}
                  {item.opinion ? `${t('common:colon')}${item.opinion}` : ''}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

/** A node's name as the chart's XML gives it (the reader's language is in `names`). */
function nodeNameIn(xml: string, nodeId: string): string {
  const match = new RegExp(`id="${nodeId.replace(/[^\w-]/g, '')}"[^>]*name="([^"]*)"`).exec(xml);
  return match?.[1] ?? nodeId;
}
