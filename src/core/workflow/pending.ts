/**
 * Who acts next (docs/workflow.md, "Who acts next"): the shape the server answers and the
 * elements draw, defined once for both.
 */

/** One of the people a step waits on, or who already voted on it. */
export interface PendingPerson {
  id: string;
  name: string;
  /** Whose task it is when someone else holds it (an agent's or a delegate's principal). */
  forName: string | null;
  /**
   * todo: must act now; later: a sequential voter not yet on turn; voted: has voted;
   * waiting: the holder waits for those they asked (a transfer, a custom sign).
   */
  state: 'todo' | 'later' | 'voted' | 'waiting';
  vote: string | null;
}

/** A step the request waits on, with the people who must act now. */
export interface PendingStep {
  nodeId: string;
  nodeName: string;
  kind: 'task' | 'shared' | 'countersign' | 'start';
  people: PendingPerson[];
  /** Those the holder asked: add-signs, inquiries, communications, transfers, custom signs. */
  asked: (PendingPerson & { kind: string })[];
  tally?: { agree: number; refuse: number; pending: number; total: number; needed: number };
}
