/** Bang! The Dice Game: the table (life, arrows, roles as visible, characters) and the dice. */
import { humanize } from '../format';
import { Facts, RawView, SeatChip, type BoardProps } from './common';

interface BangPlayer {
  seat: number;
  role: string | null;
  character: string | null;
  offers: string[];
  life: number;
  maxLife: number;
  arrows: number;
  alive: boolean;
}

const FACES: Record<string, string> = {
  ONE: '1',
  TWO: '2',
  BEER: '✚',
  GATLING: '⚙',
  DYNAMITE: '✸',
  ARROW: '➶',
  DUEL: '⚔',
  BROKEN_ARROW: '↯',
  BULLET: '•',
  WHISKEY: '♛',
};

export function BangBoard(props: BoardProps) {
  const v = props.view;
  const players = (v.players as BangPlayer[]) ?? [];
  const turn = v.turn as {
    seat: number;
    number: number;
    rolls: number;
    maxRolls: number;
    dice: string[];
  } | null;
  const outcome = v.outcome as { winners: number[]; reason: string } | null;
  return (
    <div class="board bang">
      <Facts
        facts={[
          ['Phase', humanize(String(v.phase ?? ''))],
          ['Arrows in the pile', String(v.pile ?? '')],
          ['Turn', turn ? `#${turn.number}, roll ${turn.rolls} of ${turn.maxRolls}` : '—'],
        ]}
      />
      <ul class="bang-table" aria-label="The table">
        {players.map((p) => (
          <li
            key={p.seat}
            class={`bang-seat${p.alive ? '' : ' dead'}${turn?.seat === p.seat ? ' turn' : ''}`}
            aria-label={`${p.alive ? '' : 'dead: '}seat ${p.seat}`}
          >
            <SeatChip seat={p.seat} seats={props.seats} active={props.activeSeats.includes(p.seat)} />
            <div class="role">{p.role ? humanize(p.role) : 'role hidden'}</div>
            <div class="character">{p.character ? humanize(p.character) : 'character not chosen'}</div>
            <div class="life" aria-label={`life ${p.life} of ${p.maxLife}`}>
              <meter min={0} max={p.maxLife} value={p.life} aria-hidden="true" />
              <span>
                ❤ {p.life}/{p.maxLife}
              </span>
            </div>
            <div class="arrows">➶ {p.arrows} arrow(s)</div>
            {p.offers?.length ? <div class="muted">offered: {p.offers.map(humanize).join(', ')}</div> : null}
            {!p.alive ? <div class="dead-mark">eliminated</div> : null}
          </li>
        ))}
      </ul>
      {turn?.dice?.length ? (
        <section class="panel" aria-labelledby="bang-dice">
          <h3 id="bang-dice">Dice</h3>
          <ol class="dice">
            {turn.dice.map((d, i) => (
              <li key={i} class="die" aria-label={`die ${i}: ${humanize(d)}`}>
                <span aria-hidden="true">{FACES[d] ?? d}</span>
                <small>
                  {i}: {humanize(d)}
                </small>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {outcome ? <p class="outcome">Winners: {outcome.winners.map((s) => `seat ${s}`).join(', ')}</p> : null}
      <RawView view={v} />
    </div>
  );
}
