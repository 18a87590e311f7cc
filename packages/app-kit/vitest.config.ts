export { isolatedJsdom as default } from '../../vitest.jsdom.ts';
