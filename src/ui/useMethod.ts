import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $methods, holdsMethod, loadMethods } from '../core/methods';
import { $session } from '../core/session';

/** Whether the signed-in user may see an action (method permissions, src/core/methods.ts). */
export function useMethod(alias: string): boolean {
  const auth = useStore($methods);
  const account = useStore($session)?.account;
  useEffect(() => {
    if (account) void loadMethods();
  }, [account]);
  return holdsMethod(auth, alias);
}

/** Whether the signed-in user's methods are known yet (useMethod answers false until then). */
export function useMethodsKnown(): boolean {
  const auth = useStore($methods);
  const account = useStore($session)?.account;
  return auth !== null && auth.account === account;
}
