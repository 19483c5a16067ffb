import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { enforceLimits } from '../../domain/rate-limit';
import { saveSignup } from '../../domain/signups';
import { commonResult, ok } from '../schemas';

const field = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Number()]));

export async function signupRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.post(
    '/bpm/haiyaapi/SavePpbmb',
    {
      schema: {
        summary: 'Supplier sign-up (anonymous); answers the new id',
        body: Type.Object({
          fdmc: field(64),
          xm: field(200),
          lxfs: field(200),
          xqmj: field(32),
          xqwz: field(400),
          pppl: field(64),
          zw: field(400),
          bz: field(2000),
        }),
        response: { 200: commonResult(Type.Integer()) },
      },
    },
    async (request) => {
      // An anonymous form: limit per address so it cannot be used to flood the table.
      await enforceLimits(db, [{ key: `signup:ip:${request.ip}`, max: 10, windowSeconds: 3600 }]);
      const id = await saveSignup(db, request.body);
      return ok(id, request.t('rules:signup.success'));
    },
  );
}
