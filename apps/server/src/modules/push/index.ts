// The push module's face: web push notifications (RFC 8030/8291/8292) to the devices a user subscribed.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { pushRoutes } from './push.routes.ts';
export { queuePushes, type PushEvent } from './push-queue.ts';
export { dropSessionDevices } from './push-settings.service.ts';
export { sendDuePushes, type DeliveryPass, type PushSending } from './push-delivery.ts';
export { DEFAULT_PUSH_SERVICES, pushServiceRule, type PushServiceRule } from './push-services.ts';
export { loadVapidKeys, vapidFromPrivate, type VapidKeys } from './vapid.ts';
export { pushSetup } from './push-setup.ts';
export { dropDevicesOnClosure } from './account-closing.ts';
