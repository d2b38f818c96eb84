import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The database or a transaction on it: both run statements. */
export type Executor = Pick<Db, 'execute'>;

/** Rows of a raw statement, whichever driver runs it. Cast bigint columns to text in the SQL. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function queryOne<T>(db: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

/** A PostgreSQL array literal for numeric ids/amounts, passed as one text parameter. */
export const pgArray = (values: readonly (number | bigint)[]): string => `{${values.join(',')}}`;

/** A text[] literal; each element quoted and escaped (array syntax, not SQL: it goes in as one parameter). */
export const pgTextArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
