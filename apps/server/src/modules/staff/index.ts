// The public surface of the staff module (the operator console's staff, sessions and gate): what
// the console desks of other modules use to declare their calls and name their actor.

export { csvLine } from './csv';
export {
  actorOf,
  type ConsoleHandler,
  type ConsoleRequest,
  clientOf,
  consoleRoute,
  registerConsoleGate,
} from './gate';
export type { AuditActor, StaffPrincipal } from './sign-in';
