import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-login',
  summary:
    'Sign-in box: password login and mobile-code login (60 s resend countdown, server-checked code, pick one of the accounts tied to the number). Keeps the session for every Atrium element on the page.',
  attributes: {
    mode: {
      kind: 'string',
      description: 'Tab shown first: `password` or `mobile`.',
      default: 'password',
    },
    tenant: {
      kind: 'string',
      description: 'Tenant id sent with the password login (`/auth?tenantId=`).',
    },
    redirect: {
      kind: 'string',
      description:
        'Where to go after signing in, unless a listener cancels `atrium-login`. Without it the box shows who is signed in.',
    },
    hideMobile: { kind: 'boolean', description: 'Offer the password login only.' },
  },
  events: {
    'atrium-login': {
      detail:
        '{ user: { token: string; account: string; username: string; userId: string; loginStatus: 0 | 1; expiration: number; loginTime: number; tenantId?: string }; mustResetPassword: boolean }',
      description:
        'Signed in. `mustResetPassword` is true when the server reports login status 0; the page should then show the reset view. Cancel it to handle navigation yourself.',
      cancelable: true,
    },
    'atrium-logout': {
      detail: 'null',
      description: 'The user signed out from the signed-in view.',
    },
  },
  parts: { form: 'The form', tabs: 'The tab list', submit: 'The submit button' },
  example: '<atrium-login redirect="/portal/home"></atrium-login>',
} satisfies ElementMeta;
