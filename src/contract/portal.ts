import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult } from './envelope';

/**
 * What the public pages read before anyone signs in (spec/shell.md sections 1 and 2): the
 * product's name and logo, the stores, a tenant's login page, and the supplier sign-up.
 * Visitor calls all (src/core/services.ts). The field names are the platform's.
 */

/**
 * The front-end settings, as the settings call's value carries them: JSON text of this
 * object (the platform keeps them so), parsed by the browser.
 */
export const frontSettings = Type.Object({
  /** The product's name, as the platform keeps it (the group's own language, Chinese). */
  frontName: Type.String(),
  /**
   * Its English name, for English readers (ours: the platform has one name only); empty when
   * none is configured, and the reader then sees frontName.
   */
  frontNameEn: Type.String(),
  /** JSON text of `[{id, name}]` files: the browser icon. */
  ico: Type.String(),
  /** JSON text of `[{id, name}]` files: the logo of the top bar and login page. */
  frontLogo: Type.String(),
});

export type FrontSettings = Static<typeof frontSettings>;

const store = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  city: Type.String(),
  /** The city in English; empty when it has none. */
  cityEn: Type.String(),
});

export type Store = Static<typeof store>;

/** A tenant as its login page shows it (the tenant search's rows add createTime). */
export const tenantEntry = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** JSON text of `[{id, name}]`, as the platform stores logos. */
  ico: Type.String(),
});

export type Tenant = Static<typeof tenantEntry>;

/** A sign-up field: text of at most `maxLength` characters, or a number (the area). */
const signupField = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Number()]));

/** The portal service's public reads: settings and stores. */
export const portalCalls = defineCalls({
  frontSettings: {
    method: 'GET',
    path: '/sys/sysProperties/v1/getDecryptBySysSetting',
    schema: {
      summary: 'Front-end system settings: product name, icon and logo (value is JSON text)',
      response: { 200: commonResult(Type.String()) },
    },
  },
  stores: {
    method: 'GET',
    path: '/bpm/haiyaapi/getStores',
    schema: {
      summary: "The group's stores, for the store dropdowns (sign-up and finance filters)",
      response: { 200: commonResult(Type.Array(store)) },
    },
  },
});

/** The uc service's: a tenant's login page (/login/{tenant}). */
export const tenantCalls = defineCalls({
  byCode: {
    method: 'GET',
    path: '/uc/tenantManage/v1/getTenantByCode',
    schema: {
      summary: "A tenant's name and logo, for the login page of /login/{tenant}",
      querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: commonResult(tenantEntry) },
    },
  },
});

/** The runtime service's: the supplier sign-up (anonymous, limited per address). */
export const signupCalls = defineCalls({
  save: {
    method: 'POST',
    path: '/bpm/haiyaapi/SavePpbmb',
    schema: {
      summary: 'Supplier sign-up (anonymous); answers the new id',
      body: Type.Object({
        fdmc: signupField(64),
        xm: signupField(200),
        lxfs: signupField(200),
        xqmj: signupField(32),
        xqwz: signupField(400),
        pppl: signupField(64),
        zw: signupField(400),
        bz: signupField(2000),
      }),
      response: { 200: commonResult(Type.Integer()) },
    },
  },
});
