import { Type } from 'typebox';
import { id, optionalText } from './fields';

/**
 * Request pieces the workflow calls share (reference/platform-api.md section 3): the
 * platform's parameter objects, with the limits the server checks.
 */

/** Opinion files: JSON text of [{id, name, size}]. */
export const files = Type.Optional(Type.String({ maxLength: 20_000 }));

/** "id1,id2" or a list of ids or accounts. */
export const userList = Type.Union([
  Type.String({ maxLength: 5000 }),
  Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 }),
]);

/** Form data: base64 of the form JSON, or the object itself. */
export const formData = Type.Union([
  Type.String({ maxLength: 700_000 }),
  Type.Record(Type.String(), Type.Unknown()),
]);

/** ?leaderId=: the leader a secretary acts for. */
export const leaderQuery = Type.Object({ leaderId: optionalText(64) });

/** A task, and the leader a secretary acts for. */
export const taskIdQuery = Type.Object({ taskId: id, leaderId: optionalText(64) });

/** DoNextParamObject (reference/platform-api.md section 3, "Complete"). */
export const doNextBody = Type.Object({
  taskId: id,
  instId: Type.Optional(Type.String({ maxLength: 64 })),
  actionName: Type.String({ minLength: 1, maxLength: 32 }),
  opinion: optionalText(2000),
  data: Type.Optional(formData),
  formType: optionalText(16),
  jumpType: optionalText(16),
  destination: optionalText(64),
  backHandMode: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('direct')])),
  nodeUsers: optionalText(10_000),
  vars: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  files,
  zfiles: files,
  notifyType: optionalText(64),
  directHandlerSign: Type.Optional(Type.Boolean()),
  urgentStateValue: Type.Optional(Type.Unknown()),
  agentLeaderId: optionalText(64),
  account: optionalText(100),
});

/** TaskTransParamObject: transfer, inquiry, communication, add-sign, custom sign answers. */
export const transBody = Type.Object({
  taskId: id,
  instanceId: optionalText(64),
  userIds: Type.Optional(userList),
  opinion: optionalText(2000),
  notifyType: optionalText(64),
  action: Type.Optional(Type.Union([Type.Literal('submit'), Type.Literal('back')])),
  decideType: Type.Optional(Type.Union([Type.Literal('agree'), Type.Literal('refuse')])),
  voteType: Type.Optional(Type.Union([Type.Literal('amount'), Type.Literal('percent')])),
  voteAmount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  signType: Type.Optional(Type.Union([Type.Literal('parallel'), Type.Literal('seq')])),
  actionName: optionalText(32),
  data: Type.Optional(Type.Unknown()),
  files,
  zfiles: files,
});

/** AssignParamObject: delegate and the custom sign starts. */
export const assignBody = Type.Object({
  taskId: id,
  userId: userList,
  opinion: optionalText(2000),
  messageType: optionalText(64),
  files,
  account: optionalText(100),
});

/** A node a task may go to, or a node of a definition. */
export const nodeChoice = Type.Object({
  nodeId: Type.String(),
  name: Type.String(),
  nodeType: Type.String(),
});
