export { default } from '../../vitest.jsdom.ts';
