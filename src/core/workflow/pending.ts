/**
 * Who acts next (docs/workflow.md, "Who acts next"): the shape the server answers and the
 * elements draw, defined once for both in the contract.
 */
export type { PendingPerson, PendingStep } from '../../contract/workflow-details';
