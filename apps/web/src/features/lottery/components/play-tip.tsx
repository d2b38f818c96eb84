import type { PlayDef } from '@lottery/rules/play';
import { useMemo } from 'react';
import { prizeLine } from '../model/odds';

/** The play's tip and example, its prize at the player's group, and what is wrong with the pick. */
export function PlayTip({ play, group, error }: { play: PlayDef; group: number; error: string | undefined }) {
  // the play's prize at this group: its odds tables are walked once per play or group, not per render
  const prize = useMemo(() => prizeLine(play, group), [play, group]);
  return (
    <div className="play-tip">
      <div>{play.tip}</div>
      <div className="play-example">{play.example}</div>
      {prize ? <div className="play-prize">{prize}</div> : null}
      {error ? <div className="play-error">{error}</div> : null}
    </div>
  );
}
