import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/sql';

export async function insertChatFile(
  db: Executor,
  file: {
    userId: number;
    imgPath: string;
    thumbPath: string;
    width: number;
    height: number;
    bytes: number;
    now: number;
  },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO chat_file (user_id, img_path, thumb_path, width, height, bytes, created_at)
        VALUES (${file.userId}, ${file.imgPath}, ${file.thumbPath}, ${file.width}, ${file.height}, ${file.bytes}, ${file.now})`,
  );
}

/** A new own avatar picture and the switch to it, in the caller's transaction. */
export async function insertAvatar(
  db: Executor,
  row: { userId: number; path: string; bytes: number; now: number },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO user_image (user_id, path, bytes, created_at) VALUES (${row.userId}, ${row.path}, ${row.bytes}, ${row.now})`,
  );
  await db.execute(sql`UPDATE users SET avatar = ${row.path} WHERE id = ${row.userId}`);
}
