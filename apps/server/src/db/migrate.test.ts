import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { emptyDatabase, testConfig } from '../test/app';
import { migrate, readMigrations } from './migrate';
import { prepareDatabase } from './prepare';
import { DEMO_TENANT, seedDemoTenant } from './seed';

function migrationDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

describe('migrations and seed', async () => {
  const database = await emptyDatabase();

  it('reads NNNN_area.sql files in order and refuses a duplicate number', () => {
    const dir = migrationDir({
      '0002_b.sql': 'SELECT 1;',
      '0001_a.sql': 'SELECT 1;',
      'notes.txt': 'ignored',
    });
    expect(readMigrations(dir).map((m) => `${m.version}_${m.name}`)).toEqual(['0001_a', '0002_b']);
    const dup = migrationDir({ '0001_a.sql': 'SELECT 1;', '0001_b.sql': 'SELECT 1;' });
    expect(() => readMigrations(dup)).toThrow('Two migrations share number 0001');
  });

  it('applies each migration once, in its own transaction', async () => {
    const dir = migrationDir({
      '0901_first.sql': 'CREATE TABLE mig_a (id int); INSERT INTO mig_a VALUES (1);',
      '0902_second.sql': 'CREATE TABLE mig_b (id int);',
    });
    expect(await migrate(database, readMigrations(dir))).toEqual(['0901', '0902']);
    expect(await migrate(database, readMigrations(dir))).toEqual([]);
    const [row] = await database.query<{ n: number | string }>('SELECT count(*) AS n FROM mig_a');
    expect(Number(row.n)).toBe(1);
  });

  it('rolls back a failing migration entirely and names it', async () => {
    const dir = migrationDir({ '0903_bad.sql': 'CREATE TABLE mig_c (id int); SELECT * FROM no_such_table;' });
    await expect(migrate(database, readMigrations(dir))).rejects.toThrow('Migration 0903_bad failed');
    const rows = await database.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'mig_c'");
    expect(rows).toHaveLength(0);
    const applied = await database.query("SELECT 1 FROM schema_migrations WHERE version = '0903'");
    expect(applied).toHaveLength(0);
  });

  it('refuses an applied migration whose text changed', async () => {
    const dir = migrationDir({ '0901_first.sql': 'CREATE TABLE mig_a (id bigint);' });
    await expect(migrate(database, readMigrations(dir))).rejects.toThrow('changed after it was applied');
  });

  it('applies the real migrations once even when several processes start together', async () => {
    // A snapshot: other areas may add files while this runs.
    const real = readMigrations();
    const results = await Promise.all([
      migrate(database, real),
      migrate(database, real),
      migrate(database, real),
    ]);
    expect(results.flat().sort()).toEqual(real.map((m) => m.version).sort());
  });

  it('seeds the demo tenant exactly once, even when started together', async () => {
    const clock = new ManualClock();
    const results = await Promise.all([seedDemoTenant(database, clock), seedDemoTenant(database, clock)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoTenant(database, clock)).toBe(false);
    const tenants = await database.query('SELECT id FROM tenants WHERE code = $1', [DEMO_TENANT]);
    expect(tenants).toHaveLength(1);
    const users = await database.query<{ user_name: string }>(
      'SELECT user_name FROM users ORDER BY user_name',
    );
    expect(users.map((u) => u.user_name)).toEqual(['agent01', 'manager01', 'player01']);
  });

  it('never seeds demo accounts in production', async () => {
    const production = await emptyDatabase({ poolSize: 2 });
    await prepareDatabase(production, testConfig({ NODE_ENV: 'production' }), new ManualClock());
    expect(await production.query('SELECT 1 FROM tenants')).toHaveLength(0);
    expect(await production.query('SELECT 1 FROM users')).toHaveLength(0);
  });
});
