import type { FormDefinition } from '../../../src/core/forms/definition';
import type { Language } from '../../../src/core/languages';
import { parseRules } from '../../../src/core/rules/rule-string';
import type { Db } from '../../db/database';
import { translate } from '../../i18n';
import { badRequest } from '../../lib/errors';

/**
 * The `backend:<validator>[,arg...]` rule (spec: shell.md 5, "backend validation: the message
 * comes from the server"; workflow-office.md 7.6, "posts the form data to a configured
 * URL"). A validator is named, never given by a request:
 * - a check of the server's own (below), or
 * - an address an administrator configured in system_settings `formValidators`
 *   (`{ "<name>": { "url": "https://..." } }`): the server posts
 *   `{ validator, field, value, values }` as JSON and reads `{ valid, message? }`.
 * A validator that is unknown, unreachable, slow (3 s) or answers anything else fails the
 * value with the default message: a check that cannot run never lets a value through.
 * Answers null when the value passes, else the message ('' for the default one).
 */
export interface BackendInput {
  db: Db;
  language: Language;
  field: string;
  value: unknown;
  /** The record's values as checked so far (main fields, or the sub-table row's). */
  values: Record<string, unknown>;
}

type ServerCheck = (input: BackendInput, args: string[]) => Promise<string | null>;

const serverChecks: Record<string, ServerCheck> = {
  /** A shop number the floor map knows in the store named by the field in args[0]. */
  mapShop: async ({ db, language, value, values }, [storeField]) => {
    const store = storeField ? values[storeField] : undefined;
    if (typeof store !== 'string' || typeof value !== 'string') return '';
    const shop = await db
      .selectFrom('map_shops')
      .select('id')
      .where('store_code', '=', store)
      .where('shop_no', '=', value)
      .executeTakeFirst();
    return shop ? null : translate(language, 'server:forms.noSuchShop', { shop: value });
  },
};

export const urlTimeoutMs = 3000;

/** The names a definition may use: the server's own and the configured ones. */
export async function backendValidatorNames(db: Db): Promise<string[]> {
  return [...Object.keys(serverChecks), ...Object.keys(await configuredValidators(db))];
}

/** A definition names only validators that exist (its `backend:` rules). */
export async function assertValidatorsKnown(db: Db, definition: FormDefinition): Promise<void> {
  const fields = [definition.fields, ...definition.subTables.map((sub) => sub.fields)].flat();
  const wanted = fields.flatMap((field) =>
    parseRules(field.rules)
      .filter((rule) => rule.name === 'backend')
      .map((rule) => ({ name: field.name, validator: rule.args[0] ?? '' })),
  );
  if (!wanted.length) return;
  const known = await backendValidatorNames(db);
  const unknown = wanted.find((each) => !known.includes(each.validator));
  if (unknown) throw badRequest('server:forms.unknownValidator', unknown);
}

async function configuredValidators(db: Db): Promise<Record<string, { url: string }>> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', 'formValidators')
    .executeTakeFirst();
  const value = row?.value;
  return value && typeof value === 'object' ? (value as Record<string, { url: string }>) : {};
}

export async function runBackendCheck(input: BackendInput, args: string[]): Promise<string | null> {
  const [name = '', ...rest] = args;
  const own = serverChecks[name];
  if (own) return own(input, rest);
  const url = (await configuredValidators(input.db))[name]?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return '';
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': input.language },
      body: JSON.stringify({
        validator: name,
        field: input.field,
        value: input.value,
        values: input.values,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(urlTimeoutMs),
    });
    if (!answer.ok) return '';
    const verdict = (await answer.json()) as { valid?: unknown; message?: unknown };
    if (verdict.valid === true) return null;
    return typeof verdict.message === 'string' ? verdict.message.slice(0, 200) : '';
  } catch {
    return '';
  }
}
