import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { pageList, queryFilter } from './envelope';

/**
 * The people directory of the user centre (docs/directory.md; server/services/uc/directory.ts):
 * people by text, org or ids, and the org tree. The field names are the platform's.
 */

/** A person as the directory shows them. */
export const person = Type.Object({
  id: Type.String(),
  account: Type.String(),
  fullname: Type.String(),
  /** Their master org, its path, and every org they belong to. */
  orgId: Type.String(),
  orgName: Type.String(),
  pathName: Type.String(),
  orgNames: Type.String(),
  /** Their posts' names, joined with 、. */
  postNames: Type.String(),
});

export type Person = Static<typeof person>;

export const org = Type.Object({
  id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  /** '0' for a top org. */
  parentId: Type.String(),
  demId: Type.String(),
  orderNo: Type.Integer(),
  pathName: Type.String(),
  isParent: Type.Boolean(),
});

export type Org = Static<typeof org>;

const peoplePage = {
  body: Type.Optional(queryFilter),
  response: { 200: pageList(person) },
};

export const directoryCalls = defineCalls({
  people: {
    method: 'POST',
    path: '/api/user/v1/users/listJson',
    schema: {
      summary:
        'People of the directory by name, account, pinyin initials, org or post (keyword), org or ids',
      ...peoplePage,
    },
  },
  orgPeople: {
    method: 'POST',
    path: '/api/user/v1/users/getOrgUserQuery',
    schema: {
      summary: 'People of an org (orgId; params.includeSub for the orgs under it too)',
      ...peoplePage,
    },
  },
  orgs: {
    method: 'POST',
    path: '/api/org/v1/orgs/getByParentAndDem',
    schema: {
      summary:
        'Orgs of a dimension: the children of parentId, or the whole dimension flat (bare list)',
      body: Type.Optional(
        Type.Object({
          demId: Type.Optional(Type.String({ maxLength: 64 })),
          parentId: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      ),
      response: { 200: Type.Array(org) },
    },
  },
});
