import { atom } from 'nanostores';
import type { shellCalls } from '../contract/shell';
import { send } from './http';
import { $session } from './session';
import { shared } from './shared';
import { readStoredJson, writeStored } from './storage';

/**
 * Method permissions (spec/shell.md and workflow-office.md section 6): the actions that are
 * permission-controlled at all (`allMethod`) and those the user holds (`curUserMethod`),
 * kept in session storage under those keys as the platform keeps them. An action that is not
 * controlled is open; a controlled one shows only for its holders. The server checks the
 * same table: hiding a button is for the user, not the guard.
 */
export interface MethodAuth {
  all: string[];
  mine: string[];
  /** The account they were loaded for. */
  account: string;
}

function stored(): MethodAuth | null {
  const all = readStoredJson<{ alias: string }[]>('session', 'allMethod');
  const mine = readStoredJson<string[]>('session', 'curUserMethod');
  const account = readStoredJson<string>('session', 'methodAccount');
  if (!all || !mine || !account) return null;
  return { all: all.map((method) => method.alias), mine, account };
}

export const $methods = shared('methods', () => atom<MethodAuth | null>(stored()));

let loading: Promise<void> | null = null;

/** Loads the signed-in user's methods once per session (again after another sign-in). */
export function loadMethods(): Promise<void> {
  const account = $session.get()?.account;
  if (!account) return Promise.resolve();
  if ($methods.get()?.account === account) return Promise.resolve();
  loading ??= send<typeof shellCalls.methodAuth>(
    'portal',
    { method: 'GET', path: '/sys/sysMethod/v1/getCurrentUserMethodAuth' },
    {},
  )
    .then((answer) => {
      const { allMethod = [], curUserMethod = [] } = answer.value ?? {};
      writeStored('session', 'allMethod', JSON.stringify(allMethod));
      writeStored('session', 'curUserMethod', JSON.stringify(curUserMethod));
      writeStored('session', 'methodAccount', JSON.stringify(account));
      $methods.set({ all: allMethod.map((method) => method.alias), mine: curUserMethod, account });
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * May the user see this action? Open when it is not controlled; while the methods are not
 * known yet, a controlled-looking action stays hidden (false) rather than flashing.
 */
export function holdsMethod(auth: MethodAuth | null, alias: string): boolean {
  if (!auth) return false;
  return !auth.all.includes(alias) || auth.mine.includes(alias);
}

$session.listen((user) => {
  if (!user) $methods.set(null);
});
