import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, okMessage } from './envelope';

/**
 * Signing in and out (reference/platform-api.md section 2; spec/shell.md sections 1 and 9):
 * the password login, the three calls of the mobile login, the caller's details, the
 * password policy and the password change, and the logout. Their routes are in the uc
 * service (server/services/uc: auth.ts, users.ts, password.ts) and the runtime's
 * (server/services/bpm-runtime/mobile-login.ts). The field names are the platform's.
 *
 * Only the 200 answers are declared here: a refusal (400 wrong credentials, 401 an invalid
 * ticket or session, 403, 429 too many tries) is the error handler's `{ state: false,
 * message }`, as for every route. The token refresh (GET /refresh) is not a call here: the
 * request layer sends it on its own (src/core/http.ts, refreshIfDue); its route answers
 * `loginAnswer` all the same.
 */

/** The platform's login answer (reference/platform-api.md section 2), with loginStatus 1|0. */
export const loginAnswer = Type.Object({
  token: Type.String(),
  username: Type.String(),
  account: Type.String(),
  userId: Type.String(),
  /** The token's lifetime in seconds. */
  expiration: Type.Integer(),
  /** 0: the password must be changed before anything else. */
  loginStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  userAttrs: Type.Object({ tenantId: Type.String() }),
});

export type LoginAnswer = Static<typeof loginAnswer>;

/** What a sent code allows: when a new one may be asked for, and how long it holds. */
const codeSent = Type.Object({ cooldownSeconds: Type.Integer(), expiresInSeconds: Type.Integer() });

export type CodeSent = Static<typeof codeSent>;

/** The accounts tied to a verified mobile, and the one-time ticket to sign in as one. */
const mobileAccounts = Type.Object({
  ticket: Type.String(),
  accounts: Type.Array(Type.Object({ account: Type.String(), username: Type.String() })),
});

export type MobileAccounts = Static<typeof mobileAccounts>;

/** An org of the user, with its path of names from the top (spec: current user detail). */
const userOrg = Type.Object({
  orgId: Type.String(),
  orgname: Type.String(),
  orgcode: Type.String(),
  pathname: Type.String(),
  /** The master org: the one the user acts from unless they pick another. */
  ismaster: Type.Boolean(),
});

export type UserOrg = Static<typeof userOrg>;

/** A post of the user; pathname is the org path and the post name. */
const userPost = Type.Object({
  postId: Type.String(),
  postname: Type.String(),
  postcode: Type.String(),
  orgId: Type.String(),
  pathname: Type.String(),
  /** The post belongs to the user's master org. */
  isMaster: Type.Boolean(),
});

export type UserPost = Static<typeof userPost>;

const userDetail = Type.Object({
  id: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  sex: Type.String(),
  address: Type.String(),
  status: Type.Integer(),
  loginStatus: Type.Union([Type.Literal(0), Type.Literal(1)]),
  /** The idle limit in minutes; null for the default. */
  overTime: Type.Union([Type.Integer(), Type.Null()]),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  /** The user's orgs (the workflow area's org tree) with the master one marked. */
  orgs: Type.Array(userOrg),
  /** The user's posts; pathname is the org path and the post name. */
  posts: Type.Array(userPost),
});

export type UserDetail = Static<typeof userDetail>;

/**
 * The tenant's password policy. pwdRule 2–4 adds character-class requirements; any other
 * non-zero rule (such as 1) only enforces pwdLength (src/core/rules/password.ts).
 */
const passwordPolicy = Type.Object({
  enable: Type.Boolean(),
  pwdRule: Type.Integer(),
  pwdLength: Type.Integer(),
});

export type PasswordPolicy = Static<typeof passwordPolicy>;

const mobileOf = Type.String({ maxLength: 20 });

/**
 * The uc service's calls. `userDetail`, `changePassword` and `logout` are open to a user who
 * must first change their password (route access 'password-reset', server/plugins/auth.ts):
 * the server says so where it registers them.
 */
export const authCalls = defineCalls({
  login: {
    method: 'POST',
    path: '/auth',
    schema: {
      summary: 'Password login',
      querystring: Type.Object({ tenantId: Type.Optional(Type.String()) }),
      body: Type.Object({
        username: Type.String({ maxLength: 100 }),
        password: Type.String({ maxLength: 200 }),
      }),
      response: { 200: loginAnswer },
    },
  },
  logout: {
    method: 'POST',
    path: '/logout',
    schema: { summary: 'Ends the current session', response: { 200: okMessage } },
  },
  userDetail: {
    method: 'GET',
    path: '/api/user/v1/user/getDetailByAccountOrId',
    schema: {
      summary: "A user's details: the caller's own, or anyone's for the admin",
      querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: { 200: commonResult(userDetail) },
    },
  },
  passwordPolicy: {
    method: 'GET',
    path: '/pwdStrategy/v1/getDefault',
    schema: {
      summary: 'The default password policy',
      response: { 200: commonResult(Type.Union([passwordPolicy, Type.Null()])) },
    },
  },
  changePassword: {
    method: 'POST',
    path: '/api/user/v1/user/changUserPsd',
    schema: {
      summary: "Changes the caller's password under the server's policy",
      body: Type.Object({
        oldPwd: Type.String({ maxLength: 200 }),
        newPwd: Type.String({ maxLength: 200 }),
      }),
      response: { 200: okMessage },
    },
  },
});

/**
 * Mobile login, in three calls of the platform's shape (the runtime service). Unlike the
 * original (which generated and checked the code in the browser), the server makes the code,
 * checks it, and issues a token only against a ticket that proves the check passed.
 */
export const mobileLoginCalls = defineCalls({
  sendCode: {
    method: 'POST',
    path: '/api/user/v1/user/getMobileCode',
    schema: {
      summary: 'Sends a login code to a mobile number (60 s cooldown)',
      querystring: Type.Object({ mobile: mobileOf }),
      response: { 200: commonResult(codeSent) },
    },
  },
  verifyCode: {
    method: 'POST',
    path: '/api/user/v1/user/getMobileTokenByUserUserName',
    schema: {
      summary: 'Checks the code; answers the accounts tied to the mobile and a one-time ticket',
      querystring: Type.Object({
        mobile: mobileOf,
        code: Type.Optional(Type.String({ maxLength: 10 })),
      }),
      // The code may come in the query (as the original client sends it) or as {code}; a
      // body of anything else (null, text) is ignored rather than refused.
      body: Type.Optional(Type.Unknown()),
      response: { 200: commonResult(mobileAccounts) },
    },
  },
  signIn: {
    method: 'POST',
    path: '/api/user/v1/user/getTokenByUserUserName',
    schema: {
      summary: 'Signs in as one of the accounts of a verified mobile',
      querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 100 }) }),
      body: Type.Object({ ticket: Type.String({ maxLength: 2000 }) }),
      response: { 200: loginAnswer },
    },
  },
});
