export * from './common.ts';
export * from './tenants.ts';
export * from './system.ts';
