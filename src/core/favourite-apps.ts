/**
 * The favourite-apps dialog's rules (spec/workflow-office.md section 5): between 1 and 11
 * apps. Each change answers the new list and the message key to show (null: none).
 */
export const favouriteMin = 1;
export const favouriteMax = 11;

export interface Chosen {
  yybm: string;
  yymc: string;
}

export type Outcome = { list: Chosen[]; message: string; tone: 'info' | 'error' } | null;

export function addFavourite(list: Chosen[], app: Chosen): NonNullable<Outcome> {
  if (list.some((item) => item.yybm === app.yybm)) {
    return { list, message: 'already', tone: 'error' };
  }
  if (list.length >= favouriteMax) return { list, message: 'max', tone: 'error' };
  return { list: [...list, app], message: '', tone: 'info' };
}

export function removeFavourite(list: Chosen[], code: string): NonNullable<Outcome> {
  if (list.length <= favouriteMin) return { list, message: 'min', tone: 'error' };
  return { list: list.filter((item) => item.yybm !== code), message: 'removed', tone: 'info' };
}

/** The check before saving (the platform's is weak: it only counts). */
export function saveProblem(list: Chosen[]): string | null {
  if (list.length === 0) return 'noneSelected';
  if (list.length > favouriteMax) return 'saveTooMany';
  return null;
}
