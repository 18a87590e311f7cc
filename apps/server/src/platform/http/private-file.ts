import type { FastifyReply } from 'fastify';

/**
 * A user's stored file as it is sent back (to its owner, or to an operator reviewing it): under its own type, never
 * cached by anything between, never sniffed as another type.
 */
export function sendPrivateFile(reply: FastifyReply, file: { meta: { mime: string }; data: Buffer }) {
  return reply
    .header('content-type', file.meta.mime)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/**
 * Why an operator views a user's file, for the audit log: the query's reason (an <img> in the console cannot send a
 * header), else the X-Reason header, else what the route names.
 */
export const viewingReason = (
  request: { query: { reason?: string | undefined }; headers: Record<string, unknown> },
  fallback: string,
) => request.query.reason ?? String(request.headers['x-reason'] ?? fallback);
