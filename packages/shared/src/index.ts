export * from './api.js';
export * from './constants.js';
export * from './helpers.js';
export * from './messages.js';
export * from './permission-codenames.js';
export * from './permissions.js';
export * from './schemas/auth.js';
export * from './schemas/fields.js';
