// The live-queues module's face: what waits for operators, streamed to the console as server-sent events.
export { adminLiveQueueRoutes } from './live-queues.admin.routes.ts';
