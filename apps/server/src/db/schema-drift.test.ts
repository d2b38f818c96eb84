import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/app';
import { migrate, readMigrations } from './migrate';
import * as account from './schema/account';
import * as activity from './schema/activity';
import * as agent from './schema/agent';
import * as agentRebate from './schema/agent-rebate';
import * as audit from './schema/audit';
import * as betting from './schema/betting';
import * as chat from './schema/chat';
import * as content from './schema/content';
import * as discovery from './schema/discovery';
import * as embedChat from './schema/embed-chat';
import * as fastBet from './schema/fast-bet';
import * as financeDesk from './schema/finance-desk';
import * as games from './schema/games';
import * as lottery from './schema/lottery';
import * as payment from './schema/payment';
import * as playersDesk from './schema/players-desk';
import * as redenvelope from './schema/redenvelope';
import * as security from './schema/security';
import * as staff from './schema/staff';
import * as tenant from './schema/tenant';
import * as wallet from './schema/wallet';
import * as yuebao from './schema/yuebao';

/**
 * The typed schema (db/schema/*) and the hand-written migrations (db/migrations/*.sql, ADR 0001)
 * describe the same tables: a fresh database migrated from the SQL files is compared, column by
 * column, with every pgTable. A migration that adds a table or column without its typed twin (or
 * the other way round) fails here.
 */
const SCHEMA_MODULES = [
  account,
  activity,
  agent,
  agentRebate,
  audit,
  betting,
  chat,
  content,
  discovery,
  embedChat,
  fastBet,
  financeDesk,
  games,
  lottery,
  payment,
  playersDesk,
  redenvelope,
  security,
  staff,
  tenant,
  wallet,
  yuebao,
];
/** The migrator's own bookkeeping, not an application table. */
const BOOKKEEPING = new Set(['schema_migrations']);

type Column = { type: string; nullable: boolean };

const ARRAY_ELEMENT: Record<string, string> = {
  _int2: 'smallint',
  _int4: 'integer',
  _int8: 'bigint',
  _text: 'text',
};
const SERIAL: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

/** A drizzle SQL type in information_schema's words: serials are their integers, no precision. */
function typedName(sqlType: string): string {
  const bare = sqlType.toLowerCase().replace(/\(\d+(,\s*\d+)?\)/g, '');
  const array = bare.endsWith('[]');
  const base = array ? bare.slice(0, -2) : bare;
  const named =
    SERIAL[base] ??
    (base === 'varchar' ? 'character varying' : base === 'timestamp' ? 'timestamp without time zone' : base);
  return array ? `${named}[]` : named;
}

function typedTables(): Map<string, Map<string, Column>> {
  const tables = new Map<string, Map<string, Column>>();
  for (const module of SCHEMA_MODULES) {
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const composite = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));
      tables.set(
        config.name,
        new Map(
          config.columns.map((c) => [
            c.name,
            { type: typedName(c.getSQLType()), nullable: !(c.notNull || c.primary || composite.has(c.name)) },
          ]),
        ),
      );
    }
  }
  return tables;
}

describe('typed schema and migrations', async () => {
  const database = await emptyDatabase();
  await migrate(database, readMigrations());

  async function migratedTables(): Promise<Map<string, Map<string, Column>>> {
    const rows = await database.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
    }>(
      `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
    );
    const tables = new Map<string, Map<string, Column>>();
    for (const r of rows) {
      if (BOOKKEEPING.has(r.table_name)) continue;
      const type = r.data_type === 'ARRAY' ? `${ARRAY_ELEMENT[r.udt_name] ?? r.udt_name}[]` : r.data_type;
      const columns = tables.get(r.table_name) ?? new Map<string, Column>();
      columns.set(r.column_name, { type, nullable: r.is_nullable === 'YES' });
      tables.set(r.table_name, columns);
    }
    return tables;
  }

  it('has a typed table for every migrated table, and no typed table the migrations lack', async () => {
    const migrated = await migratedTables();
    expect([...typedTables().keys()].sort()).toEqual([...migrated.keys()].sort());
  });

  it('gives every table the same columns, types and nullability on both sides', async () => {
    const migrated = await migratedTables();
    const typed = typedTables();
    const drift: string[] = [];
    for (const [table, columns] of migrated) {
      const described = typed.get(table) ?? new Map<string, Column>();
      for (const name of new Set([...columns.keys(), ...described.keys()])) {
        const [sql, ts] = [columns.get(name), described.get(name)];
        if (JSON.stringify(sql) !== JSON.stringify(ts))
          drift.push(`${table}.${name}: migrations ${JSON.stringify(sql)}, typed ${JSON.stringify(ts)}`);
      }
    }
    expect(drift).toEqual([]);
  });

  it('notices a column added by a migration alone', async () => {
    await database.query('ALTER TABLE chat_room ADD COLUMN drift_probe text');
    try {
      const columns = (await migratedTables()).get('chat_room')!;
      expect(Object.fromEntries(typedTables().get('chat_room')!)).not.toEqual(Object.fromEntries(columns));
    } finally {
      await database.query('ALTER TABLE chat_room DROP COLUMN drift_probe');
    }
  });
});
