import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { formatDateTime } from '../../lib/time';

/**
 * The SMS outbox of the default provider, so a developer can read the login code. Mounted
 * only while the outbox provider is in use (SMS_PROVIDER unset or "outbox").
 */
export async function devService(app: FastifyInstance) {
  app.get(
    '/sms-outbox',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Latest text messages written by the outbox SMS provider',
        querystring: Type.Object({
          mobile: Type.Optional(Type.String({ maxLength: 20 })),
          format: Type.Optional(Type.String()),
        }),
      },
    },
    async (request, reply) => {
      const { mobile, format } = request.query as { mobile?: string; format?: string };
      let query = app.deps.db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(50);
      if (mobile) query = query.where('mobile', '=', mobile);
      const rows = (await query.execute()).map((row) => ({
        id: Number(row.id),
        mobile: row.mobile,
        text: row.body,
        sentAt: formatDateTime(row.created_at, app.deps.config.timeZone),
      }));
      if (format === 'json' || request.headers.accept?.includes('application/json')) return rows;
      const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      const items = rows
        .map(
          (row) =>
            `<tr><td>${escape(row.sentAt)}</td><td>${escape(row.mobile)}</td><td>${escape(row.text)}</td></tr>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><meta charset="utf-8"><title>SMS outbox</title><style>body{font:14px system-ui;margin:2rem}td,th{padding:4px 12px;border-bottom:1px solid #ddd;text-align:left}</style><h1>SMS outbox</h1><p>Messages the default provider would have sent. Newest first.</p><table><tr><th>Sent</th><th>Mobile</th><th>Text</th></tr>${items}</table>`,
        );
    },
  );
}
