export * from './accounts.js';
export * from './audit.js';
export * from './catalogue.js';
export * from './complaints.js';
export * from './content.js';
export * from './reference.js';
export * from './restrictions.js';
export * from './sms.js';
