import { ConsoleAuditApi } from './audit';
import { ConsoleAuthApi } from './auth';
import type { ConsoleEndpoint } from './endpoint';
import { ConsoleFinanceApi } from './finance';
import { ConsolePlayersApi } from './players';
import { ConsoleStaffApi } from './staff';

/** Every console call of part 1, for the role x call matrix and the console's typed client. */
export const CONSOLE_ENDPOINTS: readonly ConsoleEndpoint[] = [
  ...Object.values(ConsoleAuthApi),
  ...Object.values(ConsoleStaffApi),
  ...Object.values(ConsoleAuditApi),
  ...Object.values(ConsoleFinanceApi),
  ...Object.values(ConsolePlayersApi),
];
