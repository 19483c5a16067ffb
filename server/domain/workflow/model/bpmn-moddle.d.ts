/**
 * bpmn-moddle 10 ships element types (bpmn-moddle/types) but none for its entry point; this
 * declares the part the parser uses.
 */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    get(name: string): unknown;
    [key: string]: unknown;
  }

  export interface ParseWarning {
    message: string;
  }

  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: ParseWarning[];
  }

  export class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
  }
}
