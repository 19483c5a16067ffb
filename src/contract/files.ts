import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult, okMessage } from './envelope';
import { id } from './fields';

/**
 * Files (docs/shell-api.md, "Attachments"; server/services/portal/shell/attachments.ts and
 * server/services/portal/files.ts): infos, extra properties, deletion, the preview service
 * and the file-type lookup. The upload (a multipart stream) and the download (a file, not
 * JSON) are plain routes, no calls here; the upload's answer is `uploadResult`.
 */

/** The platform's UploadResult: no state envelope, `size` in bytes. */
export const uploadResult = Type.Object({
  success: Type.Boolean(),
  fileId: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  username: Type.String(),
  message: Type.String(),
});

export type UploadResult = Static<typeof uploadResult>;

/** An attachment as the list of the control shows it (spec/shell.md section 3). */
const attachmentInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** Kilobytes with 2 decimals, as the spec shows them. */
  size: Type.Number(),
  bytes: Type.Integer(),
  /** The extension. */
  type: Type.String(),
  username: Type.String(),
  createTime: Type.String(),
  /** The file's extra property (updateFileExtraProp); '' when none. */
  extraProp: Type.String(),
});

export type AttachmentInfo = Static<typeof attachmentInfo>;

/** The longest extra property a file keeps, in characters. */
export const maxExtraProp = 4000;

export const fileCalls = defineCalls({
  infos: {
    method: 'POST',
    path: '/system/file/v1/getFileInfos',
    schema: {
      summary: 'Infos of files by id (size in KB with 2 decimals, bytes, type, uploader)',
      body: Type.Object({
        ids: Type.Union([
          Type.String({ maxLength: 4000 }),
          Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 }),
        ]),
      }),
      response: { 200: commonResult(Type.Array(attachmentInfo)) },
    },
  },
  updateExtraProp: {
    method: 'POST',
    path: '/system/file/v1/updateFileExtraProp',
    schema: {
      summary: "Updates a file's extra property (text, often JSON; its uploader or the admin)",
      description:
        'Body { fileId (or id), extraProp }: text of at most 4000 characters, or a JSON value ' +
        'kept as its JSON text. A file the caller may not read answers 404 like a missing one; ' +
        "someone else's file 403; a system file 409.",
      body: Type.Object({
        fileId: Type.Optional(id),
        id: Type.Optional(id),
        extraProp: Type.Union([
          Type.String({ maxLength: maxExtraProp }),
          Type.Record(Type.String(), Type.Unknown()),
          Type.Array(Type.Unknown()),
        ]),
      }),
      response: { 200: okMessage },
    },
  },
  remove: {
    method: 'DELETE',
    path: '/system/file/v1/delete',
    schema: {
      summary: 'Deletes files (ids joined by commas): all or none; uploader or admin only',
      querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 4000 })) }),
      response: { 200: okMessage },
    },
  },
  previewConfig: {
    method: 'GET',
    path: '/system/file/v1/previewConfig',
    schema: {
      summary: 'Whether a document-preview service is configured (DOC_PREVIEW_URL)',
      response: {
        200: commonResult(Type.Object({ enabled: Type.Boolean(), url: Type.String() })),
      },
    },
  },
  fileType: {
    method: 'POST',
    path: '/bpm/aliasScript/v1/execute/FileType',
    schema: {
      summary: "A file's type and path, for deciding how to preview it",
      querystring: Type.Object({ id }),
      response: {
        200: commonResult(
          Type.Array(
            Type.Object({
              FILETYPE: Type.String(),
              FILEPATH: Type.String(),
              FILENAME: Type.String(),
            }),
          ),
        ),
      },
    },
  },
});
