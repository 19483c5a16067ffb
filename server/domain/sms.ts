import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

export interface SmsMessage {
  mobile: string;
  text: string;
}

/** Where text messages go. A real gateway implements this; the default keeps them local. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** 138****0001: enough to tell messages apart in a log, not enough to harvest numbers. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '***';
}

/**
 * The default provider: messages land in the sms_outbox table (shown at /dev/sms-outbox)
 * and a log line, so mobile login works on a laptop with no gateway.
 */
export function outboxProvider(db: Db, log?: FastifyBaseLogger): SmsProvider {
  return {
    async send({ mobile, text }) {
      await db.insertInto('sms_outbox').values({ mobile, body: text }).execute();
      log?.info(`SMS to ${maskMobile(mobile)} written to the outbox (/dev/sms-outbox)`);
    },
  };
}
