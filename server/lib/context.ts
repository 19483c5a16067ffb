import type { Language, Params } from '../i18n';

/** Who is calling, resolved from the session by the server; never taken from the request. */
export interface AuthUser {
  id: string;
  account: string;
  fullname: string;
  sessionId: string;
  roleIds: string[];
  /** Codes of the stores the user is tied to (user_stores), sorted. */
  storeCodes: string[];
  /** The designated user (admin) who sees every merchant's data. */
  seesEverything: boolean;
  /** Signed in with a password that must be changed before anything else. */
  mustChangePassword: boolean;
}

/** Who may call a route: anyone, a signed-in user, or also a user who must first reset. */
export type Access = 'public' | 'user' | 'password-reset';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    user: AuthUser | null;
    /** A session exists but its password must be changed; public routes ignore it. */
    passwordChangePending: boolean;
    t(key: string, params?: Params): string;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
