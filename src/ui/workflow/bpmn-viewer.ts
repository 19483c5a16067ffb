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

/**
 * The BPMN XML with the names of the elements in `names` (by id) replaced: the chart then
 * draws the reader's language. The XML is left as it is when it does not parse (the viewer
 * reports that) or when there is nothing to replace.
 */
export function withNames(xml: string, names: Record<string, string> | undefined): string {
  if (!names || Object.keys(names).length === 0) return xml;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) return xml;
  for (const element of Array.from(doc.querySelectorAll('[id]'))) {
    const name = names[element.getAttribute('id') ?? ''];
    if (name) element.setAttribute('name', name);
  }
  return new XMLSerializer().serializeToString(doc);
}
