import { capitals } from '../formula';
import { toChineseCapitalsStrict } from '../money';
import { isBlank, type RuleFailure } from '../rules/types';
import type { FormDefinition, FormField, FormRecordData } from './definition';
import {
  compileFormula,
  type CompiledFormula,
  type EvaluateOptions,
  type FieldReference,
  type FormulaValue,
} from './formula-expression';
import { numberOf } from './formula-library';

/**
 * Computed fields of a form record (issue 17, docs/forms.md "Formulas"): the browser calls
 * it as fields change, the server on save, so both store the same values.
 *
 *   const { values, errors } = computeFormulas(definition, record);
 *
 * - Every field with a `formula` is evaluated in dependency order, whatever order the
 *   definition lists them in. A main formula sees the main fields and, as `table.field`,
 *   the columns of the sub-tables (already computed). A sub-table field's formula runs once
 *   per row and sees that row's fields by name (they win over a main field of the same
 *   name) and the main fields.
 * - A field with `capitalsOf` (and no formula) gets the Chinese capitals of that money
 *   field (capitals(): at most 99999999999.99); an empty amount gives ''.
 * - A field whose formula fails gets '' (a stale value must not be saved) and an error:
 *   { field, table?, row?, key, params } where key is an i18n key ('forms:formula.*', or
 *   the money keys for capitals). Fields that read each other in a circle all fail with
 *   'forms:formula.cycle', which names the circle.
 * - The input is not changed; the result is a copy (sub-table rows copied too).
 * - What a definition needs is worked out once per definition object (a WeakMap), so a
 *   server saving many records of one form compiles its formulas once.
 */

export interface FormulaFieldError extends RuleFailure {
  /** The field that could not be computed. */
  field: string;
  /** Its sub-table, for a sub-table field. */
  table?: string;
  /** Index of the row, for an error that depends on a row's values. */
  row?: number;
}

export interface ComputeResult {
  values: FormRecordData;
  errors: FormulaFieldError[];
}

type Step =
  | { kind: 'formula'; field: string; table?: string; formula: CompiledFormula }
  | { kind: 'capitals'; field: string; table?: string; source: string };

interface Plan {
  steps: Step[];
  /** Errors known without values: formulas that do not compile, unknown fields, cycles. */
  errors: FormulaFieldError[];
  /** Every field computed here, as node ids, so failed ones can be blanked. */
  failed: { field: string; table?: string }[];
  mainFields: string[];
  tables: { name: string; fields: string[] }[];
}

/** Node ids: a main field is its name, a sub-table field `table.field`. */
function nodeId(field: string, table?: string): string {
  return table === undefined ? field : `${table}.${field}`;
}

interface Candidate {
  field: FormField;
  table?: string;
  /** Node ids of the computed fields it reads. */
  reads: string[];
  step: Step;
}

class Planner {
  private readonly mainNames: Set<string>;
  private readonly tableFields: Map<string, Set<string>>;
  readonly errors: FormulaFieldError[] = [];
  readonly failed: { field: string; table?: string }[] = [];

  constructor(definition: FormDefinition) {
    this.mainNames = new Set(definition.fields.map((field) => field.name));
    this.tableFields = new Map(
      definition.subTables.map((table) => [
        table.name,
        new Set(table.fields.map((field) => field.name)),
      ]),
    );
  }

  private fail(field: string, table: string | undefined, failure: RuleFailure): void {
    this.errors.push({ field, ...(table === undefined ? {} : { table }), ...failure });
    this.failed.push({ field, ...(table === undefined ? {} : { table }) });
  }

  /** The node a reference reads, or undefined when the definition has no such field. */
  private resolve(reference: FieldReference, rowTable?: string): string | undefined {
    if (reference.table !== undefined) {
      const fields = this.tableFields.get(reference.table);
      return fields?.has(reference.field) ? nodeId(reference.field, reference.table) : undefined;
    }
    if (rowTable !== undefined && this.tableFields.get(rowTable)?.has(reference.field)) {
      return nodeId(reference.field, rowTable);
    }
    return this.mainNames.has(reference.field) ? reference.field : undefined;
  }

  candidate(field: FormField, table?: string): Candidate | undefined {
    if (field.formula !== undefined && field.formula.trim() !== '') {
      const compiled = compileFormula(field.formula);
      if (!compiled.ok) return void this.fail(field.name, table, compiled.error);
      const reads: string[] = [];
      for (const reference of compiled.formula.references) {
        const id = this.resolve(reference, table);
        const name = nodeId(reference.field, reference.table);
        if (id === undefined) {
          return void this.fail(field.name, table, {
            key: 'forms:formula.unknownField',
            params: { name },
          });
        }
        reads.push(id);
      }
      return {
        field,
        table,
        reads,
        step: { kind: 'formula', field: field.name, table, formula: compiled.formula },
      };
    }
    if (field.capitalsOf !== undefined) {
      const source = this.resolve({ field: field.capitalsOf }, table);
      if (source === undefined) {
        const failure = { key: 'forms:formula.unknownField', params: { name: field.capitalsOf } };
        return void this.fail(field.name, table, failure);
      }
      return {
        field,
        table,
        reads: [source],
        step: { kind: 'capitals', field: field.name, table, source: field.capitalsOf },
      };
    }
    return undefined;
  }

  /**
   * Depth-first topological order, iterative so that a long chain of fields cannot run the
   * stack out. A read of a field that is `visiting` closes a cycle: the fields on the path
   * from it are the cycle.
   */
  order(candidates: Candidate[]): Step[] {
    const byId = new Map(
      candidates.map((candidate) => [nodeId(candidate.field.name, candidate.table), candidate]),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const inCycle = new Set<string>();
    const steps: Step[] = [];
    for (const root of byId.keys()) {
      if (state.has(root)) continue;
      const path: { id: string; next: number }[] = [{ id: root, next: 0 }];
      state.set(root, 'visiting');
      while (path.length > 0) {
        const top = path[path.length - 1] as { id: string; next: number };
        const reads = byId.get(top.id)?.reads ?? [];
        if (top.next < reads.length) {
          const read = reads[top.next] as string;
          top.next += 1;
          if (!byId.has(read)) continue;
          if (state.get(read) === 'visiting') {
            this.cycle(
              path.slice(path.findIndex((entry) => entry.id === read)).map((entry) => entry.id),
              byId,
              inCycle,
            );
          } else if (!state.has(read)) {
            state.set(read, 'visiting');
            path.push({ id: read, next: 0 });
          }
          continue;
        }
        state.set(top.id, 'done');
        path.pop();
        const candidate = byId.get(top.id);
        if (candidate && !inCycle.has(top.id)) steps.push(candidate.step);
      }
    }
    return steps;
  }

  private cycle(ids: string[], byId: Map<string, Candidate>, inCycle: Set<string>): void {
    const fields = [...ids, ids[0]].join(' → ');
    for (const id of ids) {
      const candidate = byId.get(id);
      if (!candidate || inCycle.has(id)) continue;
      inCycle.add(id);
      this.fail(candidate.field.name, candidate.table, {
        key: 'forms:formula.cycle',
        params: { fields },
      });
    }
  }
}

function plan(definition: FormDefinition): Plan {
  const planner = new Planner(definition);
  const candidates: Candidate[] = [];
  for (const field of definition.fields) {
    const candidate = planner.candidate(field);
    if (candidate) candidates.push(candidate);
  }
  for (const table of definition.subTables) {
    for (const field of table.fields) {
      const candidate = planner.candidate(field, table.name);
      if (candidate) candidates.push(candidate);
    }
  }
  const steps = planner.order(candidates);
  return {
    steps,
    errors: planner.errors,
    failed: planner.failed,
    mainFields: definition.fields.map((field) => field.name),
    tables: definition.subTables.map((table) => ({
      name: table.name,
      fields: table.fields.map((field) => field.name),
    })),
  };
}

const plans = new WeakMap<FormDefinition, Plan>();

function planFor(definition: FormDefinition): Plan {
  let known = plans.get(definition);
  if (!known) {
    known = plan(definition);
    plans.set(definition, known);
  }
  return known;
}

/**
 * What is wrong with a definition's formulas before any value is known: formulas that do not
 * compile, name a field the form does not have, or read each other in a circle. The same
 * plan computeFormulas runs, so the designer's preview and the server's save agree.
 */
export function formulaProblems(definition: FormDefinition): readonly FormulaFieldError[] {
  return planFor(definition).errors;
}

// ---------------------------------------------------------------------------------------
// Evaluation

type Record_ = Record<string, unknown>;

/** Sets an own property even for a name like __proto__ (which `=` would treat as the prototype). */
function put(target: Record_, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function own(source: unknown, key: string): unknown {
  return typeof source === 'object' && source !== null && Object.hasOwn(source, key)
    ? (source as Record_)[key]
    : undefined;
}

function copyRecord(source: unknown): Record_ {
  const copy: Record_ = {};
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return copy;
  for (const key of Object.keys(source)) put(copy, key, (source as Record_)[key]);
  return copy;
}

/** What a field stores: a column (an array) becomes its total, nothing becomes ''. */
function storable(value: FormulaValue): unknown {
  if (Array.isArray(value)) return numberOf(value);
  return value ?? '';
}

function capitalsStep(amount: unknown): { value: string; failure?: RuleFailure } {
  if (isBlank(amount)) return { value: '' };
  const text = capitals(amount);
  if (text !== '') return { value: text };
  const normalised = typeof amount === 'string' ? amount.replace(/[\s¥￥$€£元]/g, '') : amount;
  const strict = toChineseCapitalsStrict(
    typeof normalised === 'string' || typeof normalised === 'number'
      ? normalised
      : String(normalised),
  );
  return { value: '', failure: strict.failure ?? { key: 'rules:form.number' } };
}

class Evaluation {
  readonly errors: FormulaFieldError[];
  /** Main fields and sub-table rows by name: what main formulas read. */
  private readonly scope: Record_ = Object.create(null) as Record_;
  private readonly rows = new Map<string, Record_[]>();

  constructor(
    private readonly plan: Plan,
    readonly values: Record_,
    private readonly options: EvaluateOptions,
  ) {
    this.errors = [...plan.errors];
    for (const name of plan.mainFields) put(this.scope, name, own(values, name));
    for (const table of plan.tables) {
      const source = own(values, table.name);
      const rows = Array.isArray(source) ? source.map(copyRecord) : [];
      put(values, table.name, rows);
      put(this.scope, table.name, rows);
      this.rows.set(table.name, rows);
    }
    for (const { field, table } of plan.failed) this.set(field, table, '');
  }

  private set(field: string, table: string | undefined, value: unknown, row?: Record_): void {
    if (table === undefined) {
      put(this.values, field, value);
      put(this.scope, field, value);
    } else if (row) {
      put(row, field, value);
    } else {
      for (const each of this.rows.get(table) ?? []) put(each, field, value);
    }
  }

  run(step: Step): void {
    if (step.table === undefined) {
      this.runOne(step, this.scope);
      return;
    }
    const fields = this.plan.tables.find((table) => table.name === step.table)?.fields ?? [];
    (this.rows.get(step.table) ?? []).forEach((row, index) => {
      // The row's own fields shadow main fields of the same name. A flat copy, because
      // the evaluator reads only own properties (a prototype chain would hide them).
      const rowScope: Record_ = Object.create(null) as Record_;
      for (const name of Object.keys(this.scope)) put(rowScope, name, this.scope[name]);
      for (const name of fields) put(rowScope, name, own(row, name));
      this.runOne(step, rowScope, row, index);
    });
  }

  private runOne(step: Step, scope: Record_, row?: Record_, index?: number): void {
    const where = {
      field: step.field,
      ...(step.table === undefined ? {} : { table: step.table, row: index }),
    };
    if (step.kind === 'capitals') {
      const result = capitalsStep(scope[step.source]);
      this.set(step.field, step.table, result.value, row);
      if (result.failure) this.errors.push({ ...where, ...result.failure });
      return;
    }
    const result = step.formula.evaluate(scope, this.options);
    this.set(step.field, step.table, result.ok ? storable(result.value) : '', row);
    if (!result.ok) this.errors.push({ ...where, ...result.error });
  }
}

/** Computes every formula and capitals field of a record; see the top of this file. */
export function computeFormulas(
  definition: FormDefinition,
  values: FormRecordData,
  options: EvaluateOptions = {},
): ComputeResult {
  const known = planFor(definition);
  const evaluation = new Evaluation(known, copyRecord(values), options);
  for (const step of known.steps) evaluation.run(step);
  return { values: evaluation.values as FormRecordData, errors: evaluation.errors };
}
