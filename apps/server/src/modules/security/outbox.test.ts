import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/app';
import { enqueue, readOutbox } from './outbox';

describe('the outbox the operator reads', async () => {
  const { database } = await testApp();
  const held = { deliver: async () => false };

  it('lists the newest messages first, by number (id 10 after 9, not before 2)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await enqueue(
          database.db,
          held,
          { channel: 'sms', target: `1380013800${i % 10}`, body: `m${i}` },
          1000 + i,
        ),
      );
    }
    const rows = await readOutbox(database.db, 5);
    expect(rows.map((r) => r.body)).toEqual(['m11', 'm10', 'm9', 'm8', 'm7']);
  });
});
