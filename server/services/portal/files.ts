import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { pictureWidths } from '../../../src/core/pictures';
import { canShowInline, contentDisposition, readableFile } from '../../domain/files';
import { pictureVariant } from '../../domain/pictures';
import { UserError } from '../../lib/errors';
import { signInFirst } from '../../plugins/auth';
import { ok } from '../schemas';
import { addRoute } from '../contract';
import { fileCalls } from '../../../src/contract/files';

export async function fileRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.deps;

  /** A file the caller may read (server/domain/file-access.ts). */
  const fileFor = (fileId: string, request: FastifyRequest) =>
    readableFile(db, fileId, request.user, () => signInFirst(request));

  // A file's bytes never change under its id (a new upload is a new id), so a public one
  // (the logo, news pictures) is kept a year like a hashed bundle; others are not kept.
  const cacheControl = (file: { public: boolean }) =>
    file.public ? 'public, max-age=31536000, immutable' : 'private, no-store';

  app.get(
    '/system/file/v1/downloadFile',
    {
      schema: {
        summary: 'Streams a file; public files for everyone, others with a session',
        querystring: Type.Object({
          fileId: Type.String({ minLength: 1, maxLength: 64 }),
          inline: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request, reply) => {
      const { fileId, inline } = request.query;
      const file = await fileFor(fileId, request);
      if (!(await storage.exists(file.storage_key)))
        throw new UserError(404, 'server:fileNotFound');
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          contentDisposition(file.name, Boolean(inline) && canShowInline(file.extension)),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', cacheControl(file));
      return reply.send(await storage.read(file.storage_key));
    },
  );

  app.get(
    '/system/file/v1/picture',
    {
      schema: {
        summary: 'A picture file as WebP at one of the widths pages draw it (never enlarged)',
        description:
          'For `srcset`: the same access as downloadFile; 415 for a file that is not a PNG, ' +
          'JPG, GIF or WebP picture, 422 for one that cannot be read or is over 50 megapixels.',
        querystring: Type.Object({
          fileId: Type.String({ minLength: 1, maxLength: 64 }),
          pixelWidth: Type.Union(pictureWidths.map((width) => Type.Literal(width))),
        }),
      },
    },
    async (request, reply) => {
      const { fileId, pixelWidth } = request.query;
      const file = await fileFor(fileId, request);
      const key = await pictureVariant(storage, file, pixelWidth);
      reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', cacheControl(file));
      return reply.send(await storage.read(key));
    },
  );

  addRoute(app, fileCalls.fileType, async (request) => {
    const file = await fileFor(request.query.id, request);
    const path = `/portal/system/file/v1/downloadFile?fileId=${file.id}`;
    return ok([{ FILETYPE: file.extension, FILEPATH: path, FILENAME: file.name }]);
  });
}
