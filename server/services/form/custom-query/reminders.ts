import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { shellCalls } from '../../../../src/contract/shell';
import { deleteReminder, remindersOf } from '../../../domain/shell/reminders';
import { formatDateTime } from '../../../lib/time';
import { currentUser } from '../../../plugins/auth';
import { done, ok } from '../../schemas';
import { addRoute } from '../../contract';

/** Form reminders of the home page (docs/shell-api.md, "Form reminders"). */
export async function reminderRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, shellCalls.formReminders, async (request) => {
    const rows = await remindersOf(db, currentUser(request), request.language);
    return ok(
      rows.map((row) => ({
        ...row,
        createTime: formatDateTime(row.createTime, config.timeZone),
      })),
    );
  });

  addRoute(app, shellCalls.deleteReminder, async (request) => {
    await deleteReminder(db, currentUser(request), request.params.id);
    return done(request, 'server:shell.reminderDeleted');
  });
}
