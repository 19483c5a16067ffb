import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import type { FailureStatus } from '../lib/openapi-document';

/** A feature: what it covers, and the failures its calls may answer beyond every call's. */
export interface Feature {
  description: string;
  answers: readonly FailureStatus[];
}

const described = (description: string, answers: readonly FailureStatus[] = []): Feature => ({
  description,
  answers,
});

/**
 * The features of the API, each a tag of the OpenAPI document with what it covers and the
 * failures its calls may answer (a route adds its own with `config.answers`). A route
 * plugin is registered through `feature()`, which gives its routes their tag; one that is
 * not falls back to its service's tag (server/plugins/openapi.ts). Searched, not measured:
 * where a feature's code (or the domain code it calls) throws 404, 409 or 429.
 */
export const features = {
  auth: described('Sign-in, sessions, mobile codes, passwords and single sign-on', [403, 429]),
  tenants: described('Tenants and their public settings', [404]),
  users: described("Users, the user centre and the caller's own account", [404]),
  directory: described('The people directory: organisations, posts and people', [404]),
  news: described('News and notices', [404]),
  files: described('Uploads and downloads of files', [401, 403, 404]),
  settings: described('System settings the pages read'),
  shell: described(
    'The portal shell: menus, top bar, home page, layout, widgets and attachments',
    [404, 409, 429],
  ),
  mail: described(
    "Mail over the user's own IMAP and SMTP servers: mails, contacts, mailbox settings",
    [404, 409, 429],
  ),
  map: described('Floor maps: floors, shops, layouts, drafts and publishing', [404, 409]),
  sysData: described('Data dictionaries and numbering', [404]),
  signup: described('Merchant sign-up', [429]),
  messages: described('Read marks of messages', [404]),
  live: described(
    'The live event stream of a signed-in page: tasks, results, messages, mail, notices, menus',
    [429],
  ),
  finance: described('Merchant finance: named queries, search, exports and invoices', [404, 429]),
  print: described('Print views, batches and signed print links', [403, 404]),
  workflow: described(
    'The workflow runtime: tasks, instances, actions, lists and settings',
    [404, 409],
  ),
  workflowModel: described(
    'Flow definitions and their rights, phrases, agents and deputies',
    [404, 409],
  ),
  customQuery: described('Custom queries, query views, data templates and reminders', [404]),
  charts: described('Charts from named queries', [404, 429]),
  forms: described(
    'Online forms: definitions, records, drafts, spreadsheets and rights',
    [404, 409],
  ),
  customDialog: described('Custom dialogs', [404]),
  sysModules: described('System modules', [404]),
  dev: described(
    'Development aids (the SMS outbox); only with the outbox SMS provider',
    [401, 403],
  ),
} as const;

export type FeatureTag = keyof typeof features;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature the route belongs to: its tag in the OpenAPI document. */
    feature?: FeatureTag;
  }
}

/** A route plugin whose routes all belong to one feature. */
export function feature<Options extends FastifyPluginOptions>(
  tag: FeatureTag,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async function featureRoutes(app: FastifyInstance, options: Options) {
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, feature: tag };
    });
    // Called, not registered: this function is already the plugin's own context, and its
    // options carry the prefix it was registered with, which a second register would add again.
    await plugin.call(app, app, options);
  };
}
