export * from './common.ts';
export * from './tenants.ts';
export * from './system.ts';
export * from './permissions.ts';
export * from './catalog.ts';
export * from './identity.ts';
