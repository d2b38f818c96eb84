import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../../scripts/check-boundaries.mjs';

const M = 'apps/server/src/modules';

describe('module boundaries (scripts/check-boundaries.mjs, run by npm run lint)', () => {
  it('refuses an import past a module index, and allows the public files to their users', () => {
    const files = new Map([
      [`${M}/wallet/index.ts`, "export { postTransfer } from './ledger';"],
      [`${M}/wallet/ledger.ts`, 'export const postTransfer = 1;'],
      [`${M}/wallet/testing.ts`, 'export const ledgerFixture = 1;'],
      [`${M}/wallet/routes.ts`, 'export default 1;'],
      [`${M}/betting/placer.ts`, "import { postTransfer } from '../wallet/ledger';"],
      [`${M}/betting/settler.ts`, "import { postTransfer } from '../wallet/index';"],
      [`${M}/betting/settler.test.ts`, "import { ledgerFixture } from '../wallet/testing';"],
      [`${M}/betting/repo.ts`, "import { ledgerFixture } from '../wallet/testing';"],
      ['apps/server/src/app.ts', "import walletRoutes from './modules/wallet/routes';"],
      ['apps/server/src/jobs/x.ts', "import walletRoutes from '../modules/wallet/routes';"],
    ]);
    const { figures, violations } = checkBoundaries(files);
    expect(figures.deepImports).toBe(3);
    expect(violations.join('\n')).toContain('betting/placer.ts → apps/server/src/modules/wallet/ledger.ts');
    expect(violations.join('\n')).toContain('betting/repo.ts → apps/server/src/modules/wallet/testing.ts');
    expect(violations.join('\n')).toContain('jobs/x.ts → apps/server/src/modules/wallet/routes.ts');
  });

  it('names a cycle between modules, ignoring imports made by tests', () => {
    const files = new Map([
      [`${M}/auth/index.ts`, "export { x } from './service';"],
      [`${M}/auth/service.ts`, "import { y } from '../payment/index'; export const x = 1;"],
      [`${M}/payment/index.ts`, "export { y } from './routes-help';"],
      [`${M}/payment/routes-help.ts`, "import { x } from '../auth/index'; export const y = 1;"],
      [`${M}/wallet/index.ts`, 'export const z = 1;'],
      [`${M}/wallet/a.test.ts`, "import { y } from '../payment/index';"],
      [`${M}/payment/b.ts`, "import { z } from '../wallet/index';"],
    ]);
    const { figures, violations } = checkBoundaries(files);
    expect(figures.moduleCycles).toBe(1);
    expect(violations).toEqual([
      expect.stringMatching(/^module cycle: (auth → payment → auth|payment → auth → payment)/),
    ]);
  });

  it('finds SQL in a file that declares routes, and imports between web features', () => {
    const files = new Map([
      [`${M}/draw/routes.ts`, "app.get('/x', async () => queryRows(db, sql`select 1`));"],
      [`${M}/draw/repo.ts`, 'export const q = () => sql`select 1`;'],
      ['apps/web/src/features/chat/page.tsx', "import { Card } from '../redenvelope/card';"],
      ['apps/web/src/features/redenvelope/card.tsx', 'export const Card = 1;'],
      ['apps/web/src/app/chat-room.tsx', "import { Card } from '../features/redenvelope/card';"],
    ]);
    const { figures } = checkBoundaries(files);
    expect(figures).toMatchObject({ deepImports: 0, moduleCycles: 0, sqlInRouteFiles: 1, featureImports: 1 });
  });

  it("refuses a module's SQL on another module's table, raw or drizzle, and a table without an owner", () => {
    const files = new Map([
      [
        'apps/server/src/db/migrations/0001_x.sql',
        'CREATE TABLE users (id bigint);\nCREATE TABLE ledger_entry (id bigint);\nCREATE TABLE mystery (id int);',
      ],
      ['apps/server/src/db/schema/account.ts', "export const users = pgTable('users', {});"],
      [`${M}/auth/index.ts`, 'export const x = 1;'],
      [`${M}/wallet/index.ts`, 'export const y = 1;'],
      [`${M}/wallet/entries.ts`, 'export const q = sql`SELECT sum(amount_minor) FROM ledger_entry`;'],
      [`${M}/yuebao/repo.ts`, 'export const q = sql`SELECT id FROM ledger_entry WHERE account_id = 1`;'],
      [`${M}/files/repo.ts`, "export const q = (db) => db.query('UPDATE users SET avatar = $1');"],
      [
        `${M}/content/repo.ts`,
        "import { users } from '../../db/schema/account';\nexport const q = (db) => db.update(users).set({});",
      ],
      [`${M}/yuebao/testing.ts`, 'export const q = sql`INSERT INTO users (id) VALUES (1)`;'],
    ]);
    const { figures, violations } = checkBoundaries(files);
    expect(figures).toMatchObject({ foreignTableWrites: 2, foreignTableReads: 1 });
    const text = violations.join('\n');
    expect(text).toContain('yuebao/repo.ts reads ledger_entry (owned by wallet');
    expect(text).toContain('files/repo.ts writes users (owned by auth');
    expect(text).toContain('content/repo.ts writes users (owned by auth');
    expect(text).toContain('table mystery (apps/server/src/db/migrations/0001_x.sql) has no owner');
  });

  it('allows a listed cross-module read, and refuses a module importing the CLI', () => {
    const files = new Map([
      ['apps/server/src/db/migrations/0001_x.sql', 'CREATE TABLE ledger_entry (id bigint);'],
      [`${M}/wallet/index.ts`, 'export const y = 1;'],
      [`${M}/agent/report-repo.ts`, 'export const q = sql`SELECT 1 FROM ledger_entry e`;'],
      [`${M}/site/admin-commands.ts`, "import { UsageError } from '../../cli/admin';"],
      ['apps/server/src/cli/admin.ts', 'export class UsageError {}'],
      [`${M}/site/site.test.ts`, "import { COMMANDS } from '../../cli/admin';"],
    ]);
    const { figures } = checkBoundaries(files);
    expect(figures).toMatchObject({ foreignTableReads: 0, cliImports: 1 });
    expect(figures.allowedTableUses).toBeGreaterThan(0);
  });

  it('holds for this repository', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/check-boundaries.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(out).toContain(
      '0 deep imports, 0 module cycles, 0 route files with SQL, 0 feature-to-feature imports, ' +
        "0 module imports of the CLI, 0 writes and 0 reads of another module's table",
    );
  });
});
