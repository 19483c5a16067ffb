import { Type, type Static } from 'typebox';
import { commonResult } from './envelope';

/**
 * A spreadsheet import's answers (docs/forms.md, "Import"). importMain and importSub take a
 * multipart upload, so they are no calls of the contract (send sends JSON); importMain's
 * answer and their refusal are declared here, so the server's answers and the browser's
 * reading are one type.
 */

/** importMain's answer: how many records were added. */
export const importAnswer = commonResult(Type.Integer());

export type ImportAnswer = Static<typeof importAnswer>;

/** One problem of an import: the sheet's row, the field's label, the value as given. */
export const importProblem = Type.Object({
  row: Type.Integer(),
  /** The field's label, in the caller's language. */
  field: Type.Optional(Type.String()),
  /** The value as the file gave it (cut at 60 characters). */
  value: Type.Optional(Type.String()),
  message: Type.String(),
});

export type ImportProblem = Static<typeof importProblem>;

/** A refused import: the first problems row by row in `value` (none for a bad request). */
export const importRefusal = Type.Object(
  {
    state: Type.Literal(false),
    message: Type.String(),
    value: Type.Optional(Type.Array(importProblem)),
  },
  { description: 'Refused: a bad file, or the rows with problems, each with its row and field' },
);

export type ImportRefusal = Static<typeof importRefusal>;
