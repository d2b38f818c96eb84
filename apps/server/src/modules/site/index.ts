// The public surface of the site module: what other modules, jobs, realtime and the CLI may use.
export { registerAppManifest } from './app-manifest';
export { announceChange, announceLocal, onLocalChange, publishChange } from './change-feed';
export { hiddenModes } from './hidden-plays';
export { cachedRoute, drawTopic, REBATE_TOPIC, registerHotReads, TENANT_TOPIC } from './hot-reads';
export { ServerPages } from './server-pages';
export { TenantCache, tenantOf } from './tenant-cache';
export type { Tenant } from './tenant-repo';
export { findTenant, listSupportLines } from './tenant-repo';
