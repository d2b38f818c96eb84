import { bigRoad, roadMark } from '../model/road';

const BIG_ROAD_GAMES = new Set(['baccarat', 'dragonTigerWar', 'redBlackWar']);

/**
 * The trend road under the table: the bead row of the last results (newest right) and, for the
 * games with two sides, the big road.
 */
export function RoadView(props: { gameCode: string; history: { roundId: string; result: string[] }[] }) {
  const marks = props.history
    .map((h) => ({ roundId: h.roundId, mark: roadMark(props.gameCode, h.result) }))
    .filter((m): m is { roundId: string; mark: NonNullable<typeof m.mark> } => m.mark !== null);
  const columns = BIG_ROAD_GAMES.has(props.gameCode) ? bigRoad(marks.map((m) => m.mark)) : [];
  return (
    <div className="game-road">
      <div className="game-road-title">走势</div>
      {marks.length === 0 ? <div className="game-road-empty">暂无开奖记录</div> : null}
      <div className="game-road-beads">
        {marks.map((m) => (
          <span key={m.roundId} className={`game-bead game-side-${m.mark.side}`} title={m.roundId}>
            {m.mark.label}
          </span>
        ))}
      </div>
      {columns.length > 0 ? (
        <div className="game-big-road" data-testid="big-road">
          {columns.map((column, x) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions on the road
            <div key={x} className="game-big-road-col">
              {column.map((cell, y) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions in a column
                <span key={y} className={`game-big-road-cell game-ring-${cell.side}`}>
                  {cell.ties > 0 ? <em>{cell.ties}</em> : null}
                </span>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
