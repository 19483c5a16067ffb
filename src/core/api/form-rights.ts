import type { FormRights } from '../forms/rights';
import { http, type CommonResult } from '../http';

/**
 * Who may use a template's records (docs/forms.md, "Who may use a form"): the
 * form-definition screen's calls, administrators only; apart from forms.ts so that only that
 * screen loads them.
 */
const base = '/form/dataTemplate/v1';

/** A template's managers and rights with the roles and organisations to choose (admin). */
export interface TemplateRights {
  templateKey: string;
  name: string;
  managers: string[];
  rights: FormRights;
  /** False while the template has the default rights (none of its own). */
  custom: boolean;
  roles: { id: string; label: string }[];
  orgs: { id: string; label: string }[];
}

export async function templateRights(templateKey: string): Promise<TemplateRights> {
  const answer = await http.get<CommonResult<TemplateRights>>('form', `${base}/getRights`, {
    templateKey,
  });
  return answer.value!;
}

/** Stores who may use a template's records; answers the server's message. */
export async function saveTemplateRights(
  templateKey: string,
  managers: string[],
  rights: FormRights,
): Promise<string> {
  const answer = await http.post<CommonResult<null>>(
    'form',
    `${base}/saveRights`,
    { templateKey, managers, rights },
    { quiet: true },
  );
  return answer.message ?? '';
}
