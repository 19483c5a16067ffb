import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { latestOutboxMessages } from '../../domain/sms';
import { formatDateTime } from '../../lib/time';
import { forbidden } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

/**
 * The page an administrator opens in the tab where they signed in to the portal: it reads
 * that tab's session (sessionStorage `currentUser`, as the elements keep it) and asks the
 * JSON call with it. The script carries the answer's CSP nonce.
 */
function outboxPage(nonce: string): string {
  return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>SMS outbox</title>
<style nonce="${nonce}">body{font:14px system-ui;margin:2rem}td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:left}</style>
<main><h1>SMS outbox</h1><p id="state">Messages the outbox provider would have sent, newest first. Sign in to the portal as an administrator in this tab first.</p>
<table><thead><tr><th>Sent</th><th>Mobile</th><th>Text</th></tr></thead><tbody id="rows"></tbody></table></main>
<script nonce="${nonce}">
(async () => {
  const state = document.getElementById('state');
  let token = '';
  try { token = JSON.parse(sessionStorage.getItem('currentUser') || '{}').token || ''; } catch {}
  const answer = await fetch(location.pathname + '?format=json', { headers: token ? { authorization: 'Bearer ' + token } : {} });
  const body = await answer.json();
  if (!answer.ok) { state.textContent = body.message; return; }
  for (const row of body) {
    const tr = document.createElement('tr');
    for (const value of [row.sentAt, row.mobile, row.text]) {
      const td = document.createElement('td');
      td.textContent = value;
      tr.append(td);
    }
    document.getElementById('rows').append(tr);
  }
})();
</script></html>`;
}

/**
 * The SMS outbox of the development provider, so a developer can read a login code. Mounted
 * only while that provider is in use (SMS_PROVIDER unset or "outbox"). The messages hold
 * live login codes, so only an administrator's session reads them, and never from another
 * origin (no CORS on /dev/, server/plugins/headers.ts).
 */
export async function devService(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/sms-outbox',
    {
      config: { access: 'public', cspNonce: true },
      schema: {
        summary: 'Latest text messages of the outbox SMS provider (administrators only)',
        querystring: Type.Object({
          mobile: Type.Optional(Type.String({ maxLength: 20 })),
          format: Type.Optional(Type.Literal('json')),
        }),
      },
    },
    async (request, reply) => {
      const { mobile, format } = request.query;
      const wantsJson = format === 'json' || !request.headers.accept?.includes('text/html');
      if (!wantsJson) {
        return reply.type('text/html; charset=utf-8').send(outboxPage(reply.cspNonce));
      }
      const caller = currentUser(request);
      if (!caller.seesEverything) throw forbidden();
      const rows = await latestOutboxMessages(app.deps.db, mobile);
      return reply.header('Cache-Control', 'no-store').send(
        rows.map((row) => ({
          id: Number(row.id),
          mobile: row.mobile,
          text: row.body,
          sentAt: formatDateTime(row.created_at, app.deps.config.timeZone),
        })),
      );
    },
  );
}
