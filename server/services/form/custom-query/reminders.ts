import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { deleteReminder, remindersOf } from '../../../domain/shell/reminders';
import { formatDateTime } from '../../../lib/time';
import { currentUser } from '../../../plugins/auth';
import { commonResult, done, ok, okMessage } from '../../schemas';

/** Form reminders of the home page (docs/shell-api.md, "Form reminders"). */
export async function reminderRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.get(
    '/form/formRemindData/v1/getFormRemindDataByUser',
    {
      schema: {
        summary: "The caller's form reminders, newest first",
        description:
          'Each opens /statement/template/form/{opemType}/get/true?id={opemId}&startFlow=false.',
        response: {
          200: commonResult(
            Type.Array(
              Type.Object({
                id: Type.String(),
                subject: Type.String(),
                content: Type.String(),
                count: Type.Integer(),
                opemType: Type.String(),
                opemId: Type.String(),
                createTime: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const rows = await remindersOf(db, currentUser(request), request.language);
      return ok(
        rows.map((row) => ({
          ...row,
          createTime: formatDateTime(row.createTime, config.timeZone),
        })),
      );
    },
  );

  app.delete(
    '/form/formRemindData/v1/:id',
    {
      schema: {
        summary: "Deletes one of the caller's reminders (someone else's is a 404)",
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: okMessage },
      },
    },
    async (request) => {
      await deleteReminder(db, currentUser(request), request.params.id);
      return done(request, 'server:shell.reminderDeleted');
    },
  );
}
