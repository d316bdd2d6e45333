// What the build defines for the app (web/vite.config.ts): here the brand of an unconfigured build. Its own
// setup file, run first, so the global is there before any module reading it is imported.
import { brandFromEnv } from '../shared/brand-env';

Object.assign(globalThis, { __STORE_BRAND__: brandFromEnv({}, () => undefined) });
