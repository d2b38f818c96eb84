import { BENZ_SYMBOLS } from '@lottery/rules/games/benz';
import { parseCard } from '@lottery/rules/games/cards';
import { NN100_AREA_CODES, nn100Round } from '@lottery/rules/games/nn100';
import { evaluateThree, HAND_TYPE_NAMES, redBlackRound } from '@lottery/rules/games/red-black';
import type { CSSProperties } from 'react';
import { baccaratCoup } from '../model/road';

/**
 * The dealt round as the table shows it: cards turned over one after another, dice tumbling, the
 * wheel spinning onto its symbol. Pure CSS animations (games.css), replayed whenever a new result
 * arrives (the parent keys this component by round id). `animate` is off for a round that was
 * already dealt when the page opened.
 */

const SUIT_SIGNS: Record<string, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };
const NN100_SEATS: Record<string, string> = { tian: '天', di: '地', xuan: '玄', huang: '黄' };

function Card(props: { text: string; order: number; animate: boolean }) {
  const suit = props.text.slice(-1);
  const rank = props.text.slice(0, -1);
  const style = { '--deal-delay': `${props.order * 0.25}s` } as CSSProperties;
  return (
    <span
      className={`game-card${suit === 'H' || suit === 'D' ? ' game-card-red' : ''}${props.animate ? ' game-card-deal' : ''}`}
      style={style}
      data-card={props.text}
    >
      <span className="game-card-face">
        {rank}
        <small>{SUIT_SIGNS[suit]}</small>
      </span>
    </span>
  );
}

function Seat(props: {
  name: string;
  cards: string[];
  from: number;
  note?: string;
  win?: boolean;
  animate: boolean;
}) {
  return (
    <div className={`game-seat${props.win ? ' game-seat-win' : ''}`}>
      <div className="game-seat-name">{props.name}</div>
      <div className="game-seat-cards">
        {props.cards.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a seat's cards are positions (8 decks repeat cards)
          <Card key={`${c}-${i}`} text={c} order={props.from + i} animate={props.animate} />
        ))}
      </div>
      {props.note ? <div className="game-seat-note">{props.note}</div> : null}
    </div>
  );
}

function Dice(props: { dice: string[]; animate: boolean }) {
  const total = props.dice.reduce((s, d) => s + Number(d), 0);
  return (
    <div className="game-dice-row">
      {props.dice.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the three dice are positions
        <span key={`${d}-${i}`} className={`game-die${props.animate ? ' game-die-roll' : ''}`} data-die={d}>
          {d}
        </span>
      ))}
      <span className="game-dice-total">
        {total}点 {total >= 11 ? '大' : '小'} {total % 2 ? '单' : '双'}
      </span>
    </div>
  );
}

function Wheel(props: { symbol: string; animate: boolean }) {
  const index = Math.max(
    0,
    BENZ_SYMBOLS.findIndex((s) => s.code === props.symbol),
  );
  const step = 360 / BENZ_SYMBOLS.length;
  const style = { '--wheel-to': `${1080 + index * step}deg` } as CSSProperties;
  return (
    <div className="game-wheel-wrap">
      <div className="game-wheel">
        {BENZ_SYMBOLS.map((s, i) => (
          <span
            key={s.code}
            className={`game-wheel-slot${s.code === props.symbol ? ' game-wheel-hit' : ''}`}
            style={{ transform: `rotate(${i * step}deg) translateY(-62px) rotate(${-i * step}deg)` }}
          >
            {s.name}
          </span>
        ))}
        <span className={`game-wheel-pointer${props.animate ? ' game-wheel-spin' : ''}`} style={style} />
      </div>
      <div className="game-wheel-result">{BENZ_SYMBOLS[index]?.name}</div>
    </div>
  );
}

export function ResultView(props: { gameCode: string; result: string[]; animate: boolean }) {
  const { gameCode, result, animate } = props;
  try {
    switch (gameCode) {
      case 'dragonTigerWar': {
        const [dragon, tiger] = result;
        const d = parseCard(dragon!).rank;
        const t = parseCard(tiger!).rank;
        return (
          <div className="game-result game-result-two">
            <Seat name="龙" cards={[dragon!]} from={0} win={d > t} animate={animate} />
            <span className="game-vs">{d === t ? '和' : 'VS'}</span>
            <Seat name="虎" cards={[tiger!]} from={1} win={t > d} animate={animate} />
          </div>
        );
      }
      case 'redBlackWar': {
        const cards = result.map(parseCard);
        const round = redBlackRound(cards.slice(0, 3), cards.slice(3, 6));
        return (
          <div className="game-result game-result-two">
            <Seat
              name="红"
              cards={result.slice(0, 3)}
              from={0}
              note={HAND_TYPE_NAMES[evaluateThree(round.red).type]}
              win={round.winner === 'red'}
              animate={animate}
            />
            <span className="game-vs">VS</span>
            <Seat
              name="黑"
              cards={result.slice(3, 6)}
              from={3}
              note={HAND_TYPE_NAMES[evaluateThree(round.black).type]}
              win={round.winner === 'black'}
              animate={animate}
            />
          </div>
        );
      }
      case 'baccarat': {
        const round = baccaratCoup(result);
        const spell = (cards: readonly { rank: number; suit: string }[]) =>
          cards.map((c) => result.find((r) => parseCard(r).rank === c.rank && r.endsWith(c.suit))!);
        return (
          <div className="game-result game-result-two">
            <Seat
              name="闲"
              cards={spell(round.player)}
              from={0}
              note={`${round.playerTotal}点`}
              win={round.winner === 'player'}
              animate={animate}
            />
            <span className="game-vs">{round.winner === 'tie' ? '和' : 'VS'}</span>
            <Seat
              name="庄"
              cards={spell(round.banker)}
              from={round.player.length}
              note={`${round.bankerTotal}点`}
              win={round.winner === 'banker'}
              animate={animate}
            />
          </div>
        );
      }
      case 'nn100': {
        const round = nn100Round(result.map(parseCard));
        return (
          <div className="game-result game-result-nn">
            <Seat
              name="庄"
              cards={result.slice(0, 5)}
              from={0}
              note={round.banker.hand.name}
              animate={animate}
            />
            {NN100_AREA_CODES.map((code, i) => (
              <Seat
                key={code}
                name={NN100_SEATS[code]!}
                cards={result.slice(5 * (i + 1), 5 * (i + 2))}
                from={5 * (i + 1)}
                note={`${round.areas[code].hand.name} ${round.areas[code].beatsBanker ? '胜' : '负'}`}
                win={round.areas[code].beatsBanker}
                animate={animate}
              />
            ))}
          </div>
        );
      }
      case 'sicbo':
        return (
          <div className="game-result">
            <Dice dice={result} animate={animate} />
          </div>
        );
      case 'benz':
        return (
          <div className="game-result">
            <Wheel symbol={result[0]!} animate={animate} />
          </div>
        );
      default:
        return null;
    }
  } catch {
    return <div className="game-result">{result.join(' ')}</div>;
  }
}
