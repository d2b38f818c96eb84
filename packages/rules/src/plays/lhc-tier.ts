import { yearZodiacIndex, ZODIACS } from '../lhc-zodiac';
import type { PlayDef } from '../play';

/**
 * The tier one option (or ball) of an LHC play pays on, for showing its odds on the button: zodiac
 * plays pay the year's own zodiac on 'year' and the others on 'other'; 合肖 pays on the tier of the
 * number of zodiacs chosen (`chosen`); number plays on 'main'. Undefined when a single option is not
 * a unit (连码, 连肖, 尾连, 不中: their units are combinations). Kept apart from the LHC play
 * definitions so a page can price buttons without loading every LHC play.
 */
export function lhcTierOf(play: PlayDef, option: string, zodiacYear: number, chosen = 1): string | undefined {
  const code = play.code;
  if (code === 'E01' || code === 'E02')
    return option === ZODIACS[yearZodiacIndex(zodiacYear)] ? 'year' : 'other';
  if (code === 'E03' || code === 'E04') return chosen >= 2 && chosen <= 10 ? `k${chosen}` : undefined;
  if (play.tiers.some((t) => t.key === option)) return option;
  if (code === 'A01' || code === 'B01' || code === 'B02') return 'main';
  return undefined;
}
