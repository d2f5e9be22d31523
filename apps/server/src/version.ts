import pkg from '../../../package.json' with { type: 'json' };

/** The product's version, as the root package.json says (heartbeat, OpenAPI document). */
export const APP_VERSION: string = pkg.version;
