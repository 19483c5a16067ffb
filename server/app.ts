import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { SessionCache } from './domain/session-cache';
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
import { headersPlugin } from './plugins/headers';
import { inputGuardPlugin } from './plugins/input-guard';
import { staticPlugin } from './plugins/static';
import { bpmModelService } from './services/bpm-model';
import { bpmRuntimeService } from './services/bpm-runtime';
import { devService } from './services/dev';
import { formService } from './services/form';
import { portalService } from './services/portal';
import { ucService } from './services/uc';

/** What the routes need; tests build the app with their own database and SMS provider. */
export interface AppDeps {
  config: ServerConfig;
  db: Db;
  sms: SmsProvider;
  storage: FileStorage;
  /** Checked sessions kept briefly; only with a listener that forgets revoked ones (main.ts). */
  sessionCache?: SessionCache;
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

/** The services of the spec, each a plugin mounted under its own prefix. */
export const servicePrefixes = {
  uc: '/uc',
  portal: '/portal',
  bpmRunTime: '/bpm-runtime',
  bpmModel: '/bpm-model',
  form: '/form',
} as const;

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
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const deps: AppDeps = {
    ...input,
    sms: input.sms ?? smsProviderFor(config.sms, input.db, app.log),
  };
  app.decorate('deps', deps);
  observe({ pool: deps.poolStats ?? (() => ({})), jobs: () => jobCounts(deps.db) });
  await app.register(observabilityPlugin);
  await app.register(headersPlugin);
  await app.register(inputGuardPlugin);
  await app.register(multipart, { limits: { fileSize: deps.config.maxUploadBytes, files: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Atrium reference server', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(errorsPlugin);
  await app.register(authPlugin);

  await app.register(ucService, { prefix: servicePrefixes.uc });
  await app.register(portalService, { prefix: servicePrefixes.portal });
  await app.register(bpmRuntimeService, { prefix: servicePrefixes.bpmRunTime });
  await app.register(formService, { prefix: servicePrefixes.form });
  await app.register(bpmModelService, { prefix: servicePrefixes.bpmModel });
  if (config.sms.provider === 'outbox') await app.register(devService, { prefix: '/dev' });
  await app.register(staticPlugin);
  return app;
}
