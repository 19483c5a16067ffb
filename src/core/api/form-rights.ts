import type { rightsCalls, TemplateRights } from '../../contract/form-rights';
import type { FormRights } from '../forms/rights';
import { send } from '../http';

/**
 * Who may use a template's records (docs/forms.md, "Who may use a form"): the
 * form-definition screen's calls, administrators only; apart from forms.ts so that only that
 * screen loads them.
 */

/** A template's managers and rights with the roles and organisations to choose (admin). */
export type { TemplateRights } from '../../contract/form-rights';

export async function templateRights(templateKey: string): Promise<TemplateRights> {
  const answer = await send<typeof rightsCalls.get>(
    'form',
    { method: 'GET', path: '/form/dataTemplate/v1/getRights' },
    { query: { templateKey } },
  );
  return answer.value!;
}

/** Stores who may use a template's records; answers the server's message. */
export async function saveTemplateRights(
  templateKey: string,
  managers: string[],
  rights: FormRights,
): Promise<string> {
  const answer = await send<typeof rightsCalls.save>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/saveRights' },
    { body: { templateKey, managers, rights } },
    { quiet: true },
  );
  return answer.message ?? '';
}
