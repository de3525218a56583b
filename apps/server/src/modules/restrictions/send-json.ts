import type { FastifyReply } from 'fastify';

/** Sends ready JSON text (no serialiser pass on the hot public paths), publicly cacheable for 30 s or not at all. */
export function sendJson(reply: FastifyReply, json: string, cache: boolean) {
  reply.header('Cache-Control', cache ? 'public, max-age=30' : 'no-store');
  return reply.type('application/json; charset=utf-8').send(json);
}
