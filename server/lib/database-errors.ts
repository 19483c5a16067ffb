/**
 * Errors that mean the database is away (restarting, unreachable, refusing connections)
 * rather than a fault of the request: answered 503 with a message to try again, and the pool
 * connects anew by itself once it is back. PostgreSQL's SQLSTATEs: class 08 (connection
 * exception) and 57P01-57P03 (shut down, crash shutdown, cannot connect now).
 */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
]);

const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) {
    return true;
  }
  const text = typeof message === 'string' ? message : '';
  return unavailableMessages.some((known) => text.includes(known));
}
