export * from './errors.js';
export * from './common.js';
export * from './config.js';
export * from './user.js';
export * from './auth.js';
export * from './setup.js';
export * from './i18n/en.js';
