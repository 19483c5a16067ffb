/**
 * bpmn-js and its styles, fetched only when a flow chart is first shown: the viewer is
 * large and most pages never draw a chart, so it must stay out of the shared chunk.
 */
export interface DiagramViewer {
  importXML(xml: string): Promise<unknown>;
  get<T = unknown>(name: string): T;
  destroy(): void;
}

export interface ViewerKit {
  create(container: HTMLElement): DiagramViewer;
  /** diagram-js.css and bpmn-js.css, to put inside the element's shadow root. */
  css: string;
}

let loading: Promise<ViewerKit> | null = null;

export function loadViewer(): Promise<ViewerKit> {
  loading ??= Promise.all([
    import('bpmn-js/lib/NavigatedViewer'),
    import('bpmn-js/dist/assets/diagram-js.css?inline'),
    import('bpmn-js/dist/assets/bpmn-js.css?inline'),
  ]).then(([viewer, diagramCss, bpmnCss]) => ({
    create: (container) => new viewer.default({ container }) as unknown as DiagramViewer,
    css: `${diagramCss.default}\n${bpmnCss.default}`,
  }));
  // A failed download may succeed later: do not keep the rejection.
  loading.catch(() => (loading = null));
  return loading;
}
