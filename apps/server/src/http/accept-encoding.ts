import type { FastifyRequest } from 'fastify';

/** Whether Accept-Encoding lists the coding without refusing it (`;q=0`). */
export function acceptsEncoding(request: FastifyRequest, coding: string): boolean {
  const header = String(request.headers['accept-encoding'] ?? '');
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name?.trim() === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}
