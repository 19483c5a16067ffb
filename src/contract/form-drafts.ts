import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, pageList } from './envelope';
import { idList, pageBean, recordId, templateKey, values } from './form-fields';

/** Drafts (docs/forms.md, "Drafts"): what a user typed, kept unchecked, their own. */
const base = '/form/dataTemplate/v1';

const draftFields = {
  id: Type.String(),
  templateKey: Type.String(),
  formKey: Type.String(),
  boAlias: Type.String(),
  /** The record a draft edits; null for a draft of a new record. */
  recordId: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  /** ISO 8601. */
  updatedAt: Type.String(),
};

/** A draft as the caller's list shows it: its form's name, no values. */
const draftEntry = Type.Object({ ...draftFields, templateName: Type.String() });

export type DraftEntry = Static<typeof draftEntry>;

/** One draft with what was typed (`data`, unchecked). */
const draft = Type.Object({ ...draftFields, data: values });

export type FormDraft = Static<typeof draft>;

export const draftCalls = defineCalls({
  save: {
    method: 'POST',
    path: `${base}/boSaveDraft`,
    schema: {
      summary: "Keeps what the user typed, unchecked, as the caller's own draft",
      body: Type.Object({
        templateKey,
        id: Type.Optional(recordId),
        recordId: Type.Optional(recordId),
        title: Type.Optional(Type.String({ maxLength: 200 })),
        data: values,
      }),
      /** The draft's id. */
      response: { 200: commonResult(Type.String()) },
    },
  },
  get: {
    method: 'GET',
    path: `${base}/getTempDraftData/:id`,
    schema: {
      summary: "One of the caller's drafts (another user's: 404)",
      params: Type.Object({ id: recordId }),
      response: { 200: commonResult(draft) },
    },
  },
  list: {
    method: 'POST',
    path: `${base}/getMyDraftList`,
    schema: {
      summary: "A page of the caller's drafts, newest first (one template's when given)",
      body: Type.Union([
        Type.Object({ pageBean, templateKey: Type.Optional(templateKey) }),
        Type.Null(),
      ]),
      response: { 200: pageList(draftEntry) },
    },
  },
  remove: {
    method: 'DELETE',
    path: `${base}/removeTempDraft`,
    schema: {
      summary: "Removes the caller's drafts; an id that is not theirs refuses all (404)",
      querystring: Type.Object({ ids: idList }),
      response: { 200: commonResult(Type.Integer()) },
    },
  },
});
