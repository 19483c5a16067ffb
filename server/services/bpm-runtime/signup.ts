import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { signupCalls } from '../../../src/contract/portal';
import { enforceLimits } from '../../domain/rate-limit';
import { saveSignup } from '../../domain/signups';
import { addRoute } from '../contract';
import { ok } from '../schemas';

export async function signupRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  addRoute(app, signupCalls.save, async (request) => {
    // An anonymous form: limit per address so it cannot be used to flood the table.
    await enforceLimits(db, [{ key: `signup:ip:${request.ip}`, max: 10, windowSeconds: 3600 }]);
    const id = await saveSignup(db, request.body);
    return ok(id, request.t('rules:signup.success'));
  });
}
