// Only the version is bundled, not the rest of package.json.
import { version } from '../../../../package.json';

/** The product's version this build was made from, as the root package.json says. */
export const APP_VERSION: string = version;
