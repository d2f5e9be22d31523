/** Outlet settings (operations-platform §2.7, §2.8, §3, §5 and §7.3), a file per sub-area. */
export * from './branch-profile.ts';
export * from './opening-hours.ts';
export * from './branding.ts';
export * from './delivery-zones.ts';
export * from './routes.ts';
