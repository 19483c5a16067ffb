import type { FastifyBaseLogger } from 'fastify';
import type { SmsSettings } from '../config';
import type { Db } from '../db/database';

export interface SmsMessage {
  mobile: string;
  /** The whole text, in the recipient's language. */
  text: string;
  /**
   * What a template-based gateway needs instead of free text: the message's kind and its
   * values (the login code, its minutes). Messages without one are sent as text.
   */
  params?: Record<string, string | number>;
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
 * The development provider: messages land in the sms_outbox table, which only an
 * administrator's session can read (/dev/sms-outbox), so mobile login works on a laptop with
 * no gateway and a code never leaks to the caller who asked for it.
 */
export function outboxProvider(db: Db, log?: FastifyBaseLogger): SmsProvider {
  return {
    async send({ mobile, text }) {
      await db.insertInto('sms_outbox').values({ mobile, body: text }).execute();
      log?.info(`SMS to ${maskMobile(mobile)} written to the outbox`);
    },
  };
}

/** The outbox's latest fifty messages, newest first, of one mobile number or of all. */
export function latestOutboxMessages(db: Db, mobile?: string) {
  let query = db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(50);
  if (mobile) query = query.where('mobile', '=', mobile);
  return query.execute();
}

/** The gateway refused or could not be reached; the caller tells the user to retry. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}

/**
 * A real gateway over HTTP: one POST per message with the configured key and template, JSON
 * `{mobile, template, params, text}`. Gateways that bill per template read `template` and
 * `params`; simpler ones send `text`. Any answer but 2xx, or no answer within the timeout,
 * is a failed send.
 */
export function httpGatewayProvider(
  settings: Extract<SmsSettings, { provider: 'http' }>,
  log?: FastifyBaseLogger,
): SmsProvider {
  return {
    async send({ mobile, text, params }) {
      let status = 0;
      try {
        const response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
          },
          body: JSON.stringify({ mobile, template: settings.template, params: params ?? {}, text }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        log?.warn(`SMS to ${maskMobile(mobile)} failed: ${(error as Error).message}`);
        throw new SmsSendError('gateway unreachable');
      }
      if (status < 200 || status >= 300) {
        log?.warn(`SMS to ${maskMobile(mobile)} refused by the gateway (HTTP ${status})`);
        throw new SmsSendError(`gateway answered ${status}`);
      }
      log?.info(`SMS to ${maskMobile(mobile)} sent through the gateway`);
    },
  };
}

/** The provider the settings name. */
export function smsProviderFor(settings: SmsSettings, db: Db, log?: FastifyBaseLogger) {
  return settings.provider === 'http'
    ? httpGatewayProvider(settings, log)
    : outboxProvider(db, log);
}
