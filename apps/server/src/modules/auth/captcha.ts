import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema/account';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
const WIDTH = 120;
const HEIGHT = 40;

/**
 * Digit strokes in a 20x30 box, drawn as our own paths so no font is needed on the server.
 * Each digit is one or more polylines/curves.
 */
const DIGIT_PATHS: Record<string, string> = {
  '0': 'M10 2 C1 2 1 28 10 28 C19 28 19 2 10 2 Z',
  '1': 'M5 7 L11 2 L11 28 M5 28 L17 28',
  '2': 'M3 8 C3 0 17 0 17 8 C17 14 3 20 3 28 L17 28',
  '3': 'M3 4 C8 0 17 1 16 8 C15 13 10 14 8 14 C12 14 18 16 17 22 C16 29 6 30 3 26',
  '4': 'M14 28 L14 2 L2 20 L18 20',
  '5': 'M17 2 L4 2 L3 13 C8 10 17 11 17 20 C17 29 6 30 3 25',
  '6': 'M15 3 C8 1 3 8 3 18 C3 30 17 30 17 20 C17 12 6 11 3 18',
  '7': 'M2 2 L18 2 L8 28',
  '8': 'M10 14 C2 14 2 2 10 2 C18 2 18 14 10 14 C1 14 1 28 10 28 C19 28 19 14 10 14 Z',
  '9': 'M17 12 C14 19 3 18 3 10 C3 0 17 0 17 10 C17 20 13 28 5 27',
};

const COLORS = ['#c0392b', '#1f618d', '#117a65', '#7d3c98', '#b9770e', '#2e4053'];

type Random = () => number;

function pick<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)];
}

/** An SVG coordinate or size with `digits` decimals (drawing only; nothing here is money). */
function svgNumber(value: number, digits: number): string {
  const scale = 10 ** digits;
  return String(Math.round(value * scale) / scale);
}

/** SVG of the text: each digit stroked, jittered and rotated, over noise lines and dots. */
export function captchaSvg(text: string, random: Random = Math.random): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x1 = random() * WIDTH;
    const y1 = random() * HEIGHT;
    const x2 = random() * WIDTH;
    const y2 = random() * HEIGHT;
    const cx = random() * WIDTH;
    const cy = random() * HEIGHT;
    parts.push(
      `<path d="M${svgNumber(x1, 1)} ${svgNumber(y1, 1)} Q${svgNumber(cx, 1)} ${svgNumber(cy, 1)} ${svgNumber(x2, 1)} ${svgNumber(y2, 1)}" stroke="${pick(COLORS, random)}" stroke-width="${svgNumber(1 + random(), 1)}" fill="none" opacity="0.6"/>`,
    );
  }
  for (let i = 0; i < 30; i++) {
    parts.push(
      `<circle cx="${svgNumber(random() * WIDTH, 1)}" cy="${svgNumber(random() * HEIGHT, 1)}" r="${svgNumber(0.6 + random(), 1)}" fill="${pick(COLORS, random)}" opacity="0.5"/>`,
    );
  }
  const step = (WIDTH - 16) / text.length;
  [...text].forEach((digit, i) => {
    const x = 8 + i * step + random() * 4;
    const y = 4 + random() * 4;
    const angle = (random() - 0.5) * 30;
    const scale = 0.9 + random() * 0.15;
    parts.push(
      `<path d="${DIGIT_PATHS[digit]}" transform="translate(${svgNumber(x, 1)} ${svgNumber(y, 1)}) rotate(${svgNumber(angle, 1)} 10 15) scale(${svgNumber(scale, 2)})" stroke="${pick(COLORS, random)}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f1ea"/>${parts.join('')}</svg>`;
}

export async function renderCaptchaPng(text: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(text)))
    .png()
    .toBuffer();
}

function answerHash(key: string, answer: string): string {
  return createHash('sha256').update(`${key}:${answer.trim()}`).digest('hex');
}

/** Create a captcha: stores only the hash of its answer, with an expiry. */
export async function issueCaptcha(
  db: Db,
  text: string,
  now: number,
): Promise<{ key: string; image: string }> {
  const key = randomUUID();
  await db
    .insert(captchas)
    .values({ key, answerHash: answerHash(key, text), createdAt: now, expiresAt: now + CAPTCHA_TTL_MS });
  // Expired rows are of no use to anyone: keep the table small.
  await db.delete(captchas).where(lt(captchas.expiresAt, now - CAPTCHA_TTL_MS));
  const png = await renderCaptchaPng(text);
  return { key, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** Use a captcha once: true only for the right answer before expiry; any attempt burns it. */
export async function consumeCaptcha(db: Db, key: string, answer: string, now: number): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.key, key), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return row !== undefined && row.answerHash === answerHash(key, answer);
}
