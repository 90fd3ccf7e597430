export * from './common.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './platform.ts';
export * from './public-forms.ts';
export * from './promo.ts';
export * from './permissions.ts';
