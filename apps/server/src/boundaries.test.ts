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
    expect(figures).toEqual({ deepImports: 0, moduleCycles: 0, sqlInRouteFiles: 1, featureImports: 1 });
  });

  it('holds for this repository', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const out = execFileSync(process.execPath, ['scripts/check-boundaries.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(out).toContain(
      '0 deep imports, 0 module cycles, 0 route files with SQL, 0 feature-to-feature imports',
    );
  });
});
