import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database';
import { contentDisposition } from '../../domain/files';
import { enforceLimits } from '../../domain/rate-limit';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers a workbook (whole or streamed) as a download named `name.xlsx`. */
export function sendXlsx(reply: FastifyReply, name: string, body: Buffer | NodeJS.ReadableStream) {
  return reply
    .header('content-type', xlsxType)
    .header('content-disposition', contentDisposition(`${name}.xlsx`, false))
    .send(body);
}

/** Exports read every matching row: like the finance and chart exports, 10 a minute a user. */
const exportLimit = { max: 10, windowSeconds: 60 };

export function enforceExportLimit(db: Db, userId: string): Promise<void> {
  return enforceLimits(db, [{ key: `form-export:user:${userId}`, ...exportLimit }]);
}
