import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, notFound } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { subjectLabel } from '../../../domain/workflow/queries/names';
import { noticeForReader } from '../../../domain/workflow/queries/notice';
import { callerOf, id, loose, taskBase } from './common';

/** One notice (a carbon copy or a follow notice), to its receiver, its sender or an administrator. */
export async function noticeRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;

  const notice = async (request: FastifyRequest, noticeId: string) => {
    const caller = callerOf(request);
    const row = await noticeForReader(db, noticeId, request.language);
    if (!row) throw notFound('server:workflow.noticeNotFound');
    if (row.receiver_id !== caller.id && row.sender_id !== caller.id && !caller.isAdmin)
      throw forbidden('server:workflow.notYourNotice');
    return {
      id: row.id,
      procInstId: row.inst_id,
      taskId: row.task_id ?? '',
      nodeId: row.node_id,
      name: row.reader_node_name,
      status: row.kind,
      subject: subjectLabel(request.language, row),
      opinion: row.opinion,
      reply: row.reply ?? '',
      ownerName: row.sender_name ?? '',
      createTime: formatDateTime(row.created_at, tz),
      readTime: formatDateTime(row.read_at, tz),
    };
  };
  for (const path of ['getNotice', 'getBpmTaskNoticeById', 'getBpmTaskNoticeDoneById']) {
    app.get(
      `${taskBase}/${path}`,
      {
        schema: {
          summary: 'One notice (carbon copy or follow notice) of the caller',
          querystring: Type.Object({ id }),
          response: { 200: loose },
        },
      },
      async (request) => notice(request, request.query.id),
    );
  }
}
