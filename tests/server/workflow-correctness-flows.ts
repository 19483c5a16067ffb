import { expect } from 'vitest';
import { bpmn, deploy, staffId, userTask, type Client } from './workflow-harness';

/**
 * The small definitions of issue 10, deployed by the admin for the correctness, random and
 * multi-process tests:
 * - p3: A lead01 → parallel fork → B1 legal01 / B2 fin01 / B3 hr01 → join → D gm01;
 * - seq3: A lead01 → B mgr01 → C gm01;
 * - cs100 / csseq: A lead01 → a countersign of legal01, fin01, hr01 needing all, in
 *   parallel or in sequence;
 * - agt: A emp02 → a parallel countersign of emp02 and emp01 (emp02's agent is emp01).
 */
export const correctnessForm = { fields: [{ name: 'note', label: '说明', type: 'text' }] };

const end = '<endEvent id="end"/>';
const start = '<startEvent id="start"/>';
const sign = (sequential: boolean) =>
  `<multiInstanceLoopCharacteristics isSequential="${sequential}"/>`;

export const p3Xml = bpmn(
  'p3',
  [
    start,
    userTask('A', 'user:lead01'),
    '<parallelGateway id="fork"/>',
    userTask('B1', 'user:legal01'),
    userTask('B2', 'user:fin01'),
    userTask('B3', 'user:hr01'),
    '<parallelGateway id="join"/>',
    userTask('D', 'user:gm01'),
    end,
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'fork'],
    ['f3', 'fork', 'B1'],
    ['f4', 'fork', 'B2'],
    ['f5', 'fork', 'B3'],
    ['f6', 'B1', 'join'],
    ['f7', 'B2', 'join'],
    ['f8', 'B3', 'join'],
    ['f9', 'join', 'D'],
    ['f10', 'D', 'end'],
  ],
);

export const seq3Xml = bpmn(
  'seq3',
  [
    start,
    userTask('A', 'user:lead01'),
    userTask('B', 'user:mgr01'),
    userTask('C', 'user:gm01'),
    end,
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'B'],
    ['f3', 'B', 'C'],
    ['f4', 'C', 'end'],
  ],
);

const countersign = (key: string, sequential: boolean) =>
  bpmn(
    key,
    [
      start,
      userTask('A', 'user:lead01'),
      userTask('S', 'user:legal01,user:fin01,user:hr01', '', sign(sequential)),
      end,
    ],
    [
      ['f1', 'start', 'A'],
      ['f2', 'A', 'S'],
      ['f3', 'S', 'end'],
    ],
  );

export const cs100Xml = countersign('cs100', false);
export const csseqXml = countersign('csseq', true);

export const agtXml = bpmn(
  'agt',
  [
    start,
    userTask('A', 'user:emp02'),
    userTask('S', 'user:emp02,user:emp01', '', sign(false)),
    end,
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'S'],
    ['f3', 'S', 'end'],
  ],
);

/** Deploys the five flows of the issue (everyone may start them). */
export async function deployCorrectnessFlows(client: Client): Promise<void> {
  const flows: [string, string][] = [
    ['p3', p3Xml],
    ['seq3', seq3Xml],
    ['cs100', cs100Xml],
    ['csseq', csseqXml],
    ['agt', agtXml],
  ];
  for (const [key, xml] of flows) await deploy(client, key, xml, correctnessForm);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A business time for the agent form (yyyy-MM-dd HH:mm:ss), days from now. */
export function businessTime(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00`;
}

/** emp02 names emp01 their agent for the flow agt. */
export async function agentRuleForAgt(client: Client): Promise<void> {
  const saved = await client.post('emp02', '/bpm-model/flow/agent/v1/save', {
    agentId: staffId('emp01'),
    startDate: businessTime(-1),
    endDate: businessTime(30),
    type: 2,
    defKeys: ['agt'],
  });
  expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ state: true });
}
