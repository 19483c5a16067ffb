/**
 * Who may use a form's records (docs/forms.md, "Who may use a form"): a data template keeps,
 * beside its managers (who see and handle every record), one audience per right for everyone
 * else, who work with the records they created. Pure data: the server enforces it, the form
 * designer edits it.
 */

/** The rights a template gives, in the order the editor shows them. */
export const formRights = ['read', 'add', 'edit', 'delete'] as const;
export type FormRight = (typeof formRights)[number];

/** Who holds one right: anyone matching any part (nobody when every part is empty). */
export interface FormAudience {
  /** Everyone who sees a menu item (or app-centre app) that opens the template. */
  menu?: boolean;
  /** Holders of any of these role ids. */
  roles?: string[];
  /** Members of any of these organisations, or of an organisation below one of them. */
  orgs?: string[];
}

export type FormRights = Record<FormRight, FormAudience>;

/**
 * A template without rights of its own (docs/decisions.md, "Form rights"): whoever the menu
 * shows it to reads, adds and edits their own records; only its managers delete. A form no
 * menu shows is its managers' alone, never everyone's by omission.
 */
export const defaultFormRights: FormRights = {
  read: { menu: true },
  add: { menu: true },
  edit: { menu: true },
  delete: {},
};
