import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { SessionCache } from './domain/session-cache';
import type { LiveHub } from './live/hub';
import type { FileStorage } from './domain/storage';
import { smsProviderFor, type SmsProvider } from './domain/sms';
import { usePatternTester } from '../src/core/rules/rule-string';
import { boundedPatternTest } from './lib/bounded-pattern';
import { loggerOptions } from './lib/logging';
import { observe } from './lib/metrics';
import { jobCounts } from './db/job-counts';
import { observabilityPlugin } from './plugins/observability';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { compressionPlugin } from './plugins/compression';
import { headersPlugin } from './plugins/headers';
import { inputGuardPlugin } from './plugins/input-guard';
import { openapiPlugin } from './plugins/openapi';
import { staticPlugin } from './plugins/static';
import { bpmModelService } from './services/bpm-model';
import { bpmRuntimeService } from './services/bpm-runtime';
import { devService } from './services/dev';
import { feature } from './services/features';
import { liveCursorHeader } from '../src/core/live/events';
import { formService } from './services/form';
import { portalService } from './services/portal';
import { ucService } from './services/uc';
import { servicePrefixes } from '../src/core/services';

/** What the routes need; tests build the app with their own database and SMS provider. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  sms: SmsProvider;
  storage: FileStorage;
  /** Checked sessions kept briefly; only with a listener that forgets revoked ones (main.ts). */
  sessionCache?: SessionCache;
  /** The process's live streams, fed by a listener of the database (main.ts, the tests' harness). */
  live?: LiveHub;
  /** The PostgreSQL pool's connections, for the metrics (none on PGlite). */
  poolStats?: () => Record<string, number>;
}

/** Tests may bring their own SMS provider; the default writes to the outbox table. */
export type AppInput = Omit<AppDeps, 'sms'> & { sms?: SmsProvider };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance & ReturnType<FastifyInstance['withTypeProvider']>;

export async function buildApp(
  input: AppInput,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { config } = input;
  // Administrators' regex rules run against anyone's values here: with a time bound.
  usePatternTester(boundedPatternTest);
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    // X-Forwarded-For only from the proxies named in TRUST_PROXY: from anyone else it is a
    // header the caller chose, and limits per address would be theirs to dodge.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Requests carry JSON and uploads; 1 MiB covers every JSON body of the spec.
    bodyLimit: 1024 * 1024,
    // While a process stops (a rolling restart), a request that arrives on a connection kept
    // alive is answered, with Connection: close, not refused with 503: the client's next
    // request opens a connection, which the cluster hands to another worker.
    return503OnClosing: false,
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const deps: AppDeps = {
    ...input,
    sms: input.sms ?? smsProviderFor(config.sms, input.db, app.log),
  };
  app.decorate('deps', deps);
  // Open streams never finish on their own: a stop ends them, and pages reconnect elsewhere.
  app.addHook('preClose', (done) => {
    deps.live?.endAll();
    done();
  });
  observe({ pool: deps.poolStats ?? (() => ({})), jobs: () => jobCounts(deps.db) });
  await app.register(observabilityPlugin);
  await app.register(headersPlugin);
  await app.register(compressionPlugin);
  await app.register(inputGuardPlugin);
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 20 } });
  await app.register(openapiPlugin);
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  // A signed-in caller's answers say how far the live events had got (docs/live.md).
  app.addHook('onSend', async (request, reply) => {
    const cursor = deps.live?.cursor;
    if (request.user && cursor) reply.header(liveCursorHeader, cursor);
  });

  await app.register(ucService, { prefix: servicePrefixes.uc });
  await app.register(portalService, { prefix: servicePrefixes.portal });
  await app.register(bpmRuntimeService, { prefix: servicePrefixes.bpmRunTime });
  await app.register(formService, { prefix: servicePrefixes.form });
  await app.register(feature('workflowModel', bpmModelService), {
    prefix: servicePrefixes.bpmModel,
  });
  if (config.sms.provider === 'outbox')
    await app.register(feature('dev', devService), { prefix: '/dev' });
  await app.register(staticPlugin);
  return app;
}
