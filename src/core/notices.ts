import { atom } from 'nanostores';
import { shared } from './shared';

/** A message for the user that no single element owns (request errors, success toasts). */
export interface Notice {
  id: number;
  kind: 'error' | 'success' | 'info' | 'warning';
  text: string;
  /** How long to show it; the spec's success toast is 1.5 s. */
  duration: number;
}

export const $notices = shared('notices', () => atom<Notice[]>([]));

let nextId = 1;

export function notify(
  kind: Notice['kind'],
  text: string,
  duration = kind === 'success' ? 1500 : 4000,
): Notice {
  const notice = { id: nextId++, kind, text, duration };
  $notices.set([...$notices.get(), notice]);
  return notice;
}

export function dismiss(id: number): void {
  $notices.set($notices.get().filter((notice) => notice.id !== id));
}
