import type { Static, TSchema } from 'typebox';

/**
 * A call of the API: its method, its path (under its service's prefix) and the schemas of what
 * it takes and answers. The server registers `schema` on the route (and so in the OpenAPI
 * document); the browser writes the route again, and the compiler checks it against the
 * literal method and path kept here, and types its input and answer from the schemas.
 */
export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  schema: {
    summary?: string;
    description?: string;
    querystring?: TSchema;
    /** The path's own parameters (`/get/:id`). */
    params?: TSchema;
    body?: TSchema;
    response: { 200: TSchema };
    /** Who may call it, as the OpenAPI document says (the print views take a link's token). */
    security?: Record<string, string[]>[];
  };
}

/** A feature's calls, their methods and paths kept as literal types. */
export const defineCalls = <const Calls extends Record<string, Call>>(calls: Calls): Calls => calls;

type Part<Schema, Key extends string> = Schema extends { [K in Key]: infer T extends TSchema }
  ? Static<T>
  : undefined;

export type QueryOf<C extends Call> = Part<C['schema'], 'querystring'>;
export type BodyOf<C extends Call> = Part<C['schema'], 'body'>;
/** The path's own parameters (`:id` in `/remove/:id`). */
export type ParamsOf<C extends Call> = Part<C['schema'], 'params'>;
export type AnswerOf<C extends Call> = Static<C['schema']['response'][200]>;
/** Where a call goes, as the browser writes it. */
export type RouteOf<C extends Call> = Pick<C, 'method' | 'path'>;
