import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Refuses to start an app in which some route of `isApi` lacks what `declares` asks of it. Every such route is
 * collected as it is added and all are named at once when the app gets ready, so one boot lists every omission.
 * HEAD routes are fastify's shadows of GET routes and declare nothing of their own.
 */
export function requireRouteDeclarations(
  app: FastifyInstance,
  {
    isApi,
    declares,
    missing: heading,
  }: { isApi: (url: string) => boolean; declares: (route: RouteOptions) => boolean; missing: string },
) {
  const missing: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url) || route.method === 'HEAD') return;
    if (!declares(route)) missing.push(`${String(route.method)} ${route.url}`);
  });
  app.addHook('onReady', async () => {
    if (missing.length > 0) throw new Error(`${heading}:\n  ${missing.join('\n  ')}`);
  });
}
