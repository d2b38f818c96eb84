// The public surface of the discovery module: the daily job's entry (jobs/discovery-daily.ts) and
// the routes (for stacks that register them before app.ts lists the module).
export { default as discoveryRoutes } from './routes';
export { runDaily as runDiscoveryDaily } from './service';
