import {
  askOthers,
  copyTo,
  customSign,
  delegateTask,
  transferTask,
  type OpinionFile,
} from '../../core/api/workflow';
import type { PeopleAlias, PeopleAnswer } from './PeopleDialog';

/** Actions after which the task is no longer the user's to do. */
export const finishing = new Set([
  'agree',
  'oppose',
  'abandon',
  'reject',
  'backToStart',
  'rejectToAnyNode',
  'agreeTrans',
  'opposeTrans',
  'inquReply',
  'commuReply',
  'delegate',
  'startTrans',
  'customSign',
  'endProcess',
]);

/** Actions that send the flow back or say no, and replies: the user must say something. */
export const needOpinion = new Set(['oppose', 'reject', 'backToStart', 'inquReply', 'commuReply']);

/** Actions that say no or send the flow back: asked once more before they act (issue 13). */
export const askFirst = new Set(['oppose', 'reject', 'backToStart', 'abandon', 'opposeTrans']);

/** Actions whose button asks for people first. */
export const peopleAliases = new Set<string>([
  'delegate',
  'inqu',
  'commu',
  'addSign',
  'copyTo',
  'customSign',
  'startTrans',
]);

/** The call behind each action that names people; answers the server's message. */
export function peopleAction(
  alias: PeopleAlias,
  taskId: string,
  answer: PeopleAnswer,
  files: OpinionFile[],
): Promise<string> {
  const input = { taskId, users: answer.users, opinion: answer.opinion, files };
  switch (alias) {
    case 'delegate':
      return delegateTask(input);
    case 'startTrans':
      return transferTask({ ...input, ...answer.vote });
    case 'customSign':
      return customSign(answer.signMode, input);
    case 'copyTo':
      return copyTo(taskId, answer.users, answer.opinion);
    case 'inqu':
      return askOthers('taskToInqu', input);
    case 'commu':
      return askOthers('communicate', input);
    case 'addSign':
      return askOthers('addSign', input);
  }
}
