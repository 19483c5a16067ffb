import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueryContext } from '../../../domain/shell/queries/registry';
import { forbidden } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { businessCalendar } from '../../../lib/time';

/** What the shell's domain functions need to know of a request: caller, language, today. */
export function queryContext(app: FastifyInstance, request: FastifyRequest): QueryContext {
  const { db, config } = app.deps;
  return {
    db,
    caller: currentUser(request),
    language: request.language,
    ...businessCalendar(config),
  };
}

/**
 * Calls that carry `account` (getmenu, isReadNews, getManageGuide, ...) answer for the
 * session's user only: an account that is not the caller's is refused, not obeyed.
 */
export function assertOwnAccount(request: FastifyRequest, account: string | undefined) {
  const caller = currentUser(request);
  if (account && account !== caller.account) throw forbidden('server:shell.accountNotCaller');
  return caller;
}
