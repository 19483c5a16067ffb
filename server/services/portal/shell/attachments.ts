import type { MultipartFile } from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  acceptUpload,
  attachmentInfos,
  deleteAttachments,
  type ArrivingFile,
} from '../../../domain/shell/attachments';
import { updateExtraProp } from '../../../domain/shell/file-extra';
import type { ShellSettings } from '../../../domain/shell/settings';
import { assertQuotaLeft, quotaInForce } from '../../../domain/upload-quota';
import { allowedFor, parseAccept, UploadFormatError } from '../../../domain/shell/upload-policy';
import { badRequest, UserError } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { done, ok } from '../../schemas';
import { addRoute } from '../../contract';
import { fileCalls, uploadResult } from '../../../../src/contract/files';

/** A refused upload, in the UploadResult shape as well (`success`), except a malformed query. */
const uploadRefusal = Type.Object(
  {
    success: Type.Optional(Type.Literal(false)),
    state: Type.Literal(false),
    message: Type.String(),
  },
  { description: 'Refused: the file, its kind or the quota; the message says which' },
);

const idList = (text: string) =>
  text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The refusal of a file past `maxBytes` (in whole megabytes, as the setting is given). */
const tooLarge = (maxBytes: number) =>
  new UserError(413, 'server:shell.uploadTooLarge', { size: Math.floor(maxBytes / 1024 / 1024) });

/** A failure of reading a multipart body, as the user's message. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof UserError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return badRequest('server:shell.uploadNoFile');
  return error;
}

/**
 * The one file of an upload request, handed to `take` as it arrives. A second file or none
 * is refused (what `take` made of the first is undone), and so is a file past `maxBytes`, as
 * soon as its bytes pass it.
 */
async function takeOneFile<T>(
  request: FastifyRequest,
  maxBytes: number,
  take: (part: MultipartFile) => Promise<T>,
  undo?: (taken: T) => Promise<void>,
): Promise<T> {
  let taken: { value: T } | null = null;
  try {
    for await (const part of request.files({ limits: { fileSize: maxBytes } })) {
      if (taken) {
        part.file.resume();
        throw badRequest('server:shell.uploadOneFile');
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest('server:shell.uploadField');
      }
      taken = { value: await take(part) };
    }
  } catch (error) {
    if (taken) await undo?.(taken.value);
    throw uploadError(error, maxBytes);
  }
  if (!taken) throw badRequest('server:shell.uploadNoFile');
  return taken.value;
}

/** The one file of an upload request, whole (a spreadsheet to import, bounded below 50 MB). */
export function readOneFile(request: FastifyRequest, maxBytes: number) {
  return takeOneFile(request, maxBytes, async (part) => ({
    name: part.filename,
    bytes: await part.toBuffer(),
  }));
}

/** A multipart file as the upload takes it: streamed, never read whole. */
const arriving = (part: MultipartFile, maxBytes: number): ArrivingFile => ({
  name: part.filename,
  bytes: part.file,
  exceeded: () => part.file.truncated,
  tooLarge: () => tooLarge(maxBytes),
});

/** Refusals answer the platform's UploadResult shape too, so the control reads `success`. */
function refuse(request: FastifyRequest, reply: FastifyReply, error: UserError) {
  const params =
    error instanceof UploadFormatError
      ? { formats: error.formats.join(request.t('server:specRows.listSeparator')) }
      : error.params;
  const message = request.t(error.key, params);
  return reply
    .status(error.statusCode)
    .headers(error.headers)
    .send({ success: false, state: false, message });
}

/** Upload, infos, delete and the preview service (docs/shell-api.md, "Attachments"). */
export async function attachmentRoutes(
  untyped: FastifyInstance,
  options: { settings: ShellSettings },
) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage, config } = app.deps;
  const { settings } = options;

  app.post(
    '/system/file/v1/upload',
    {
      schema: {
        summary: 'Uploads one file (multipart field "files"); answers the platform UploadResult',
        description:
          'Refused with 400/413 and { success: false, state: false, message } when the ' +
          'extension is not allowed (configured list narrowed by accept), the file is empty, ' +
          'too large, active content (HTML, SVG, script, executable) or not what its extension says.',
        querystring: Type.Object({ accept: Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 200: uploadResult, 400: uploadRefusal, 413: uploadRefusal, 429: uploadRefusal },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      const allowed = allowedFor(settings.uploadExtensions, parseAccept(request.query.accept));
      try {
        const quota = {
          db,
          quota: await quotaInForce(db, settings.uploadQuota),
          userId: caller.id,
          timeZone: config.timeZone,
        };
        await assertQuotaLeft(quota);
        const maxBytes = config.maxUploadBytes;
        const upload = await takeOneFile(
          request,
          maxBytes,
          (part) => acceptUpload(quota, storage, caller, arriving(part, maxBytes), allowed),
          (accepted) => accepted.undo(),
        );
        return upload.result;
      } catch (error) {
        if (error instanceof UserError) return refuse(request, reply, error);
        throw error;
      }
    },
  );

  addRoute(app, fileCalls.infos, async (request) => {
    const { ids } = request.body;
    const list = Array.isArray(ids) ? ids : idList(ids);
    const caller = currentUser(request);
    return ok(await attachmentInfos(db, caller, list, config.timeZone));
  });

  addRoute(app, fileCalls.updateExtraProp, async (request) => {
    const { body } = request;
    const fileId = body.fileId ?? body.id;
    if (!fileId) throw badRequest('server:specRows.fileRequired');
    const text =
      typeof body.extraProp === 'string' ? body.extraProp : JSON.stringify(body.extraProp);
    await updateExtraProp(db, currentUser(request), fileId, text);
    return done(request, 'server:specRows.extraPropSaved');
  });

  addRoute(app, fileCalls.remove, async (request) => {
    const ids = idList(request.query.ids ?? '');
    if (ids.length === 0) throw badRequest('server:shell.selectOne');
    const count = await deleteAttachments(db, storage, currentUser(request), ids);
    return done(request, 'server:shell.filesDeleted', { count });
  });

  addRoute(app, fileCalls.previewConfig, async () =>
    ok({ enabled: settings.docPreviewUrl !== null, url: settings.docPreviewUrl ?? '' }),
  );
}
