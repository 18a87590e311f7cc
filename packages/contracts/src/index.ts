export * from './messages.ts';
export * from './envelope.ts';
export * from './money.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './admin.ts';
export * from './languages.ts';
