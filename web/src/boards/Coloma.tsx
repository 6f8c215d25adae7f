/** Coloma: the year, the sites, gold and each player's tableau as readable panels. */
import { humanize } from '../format';
import { Facts, RawView, SeatChip, Tiles, type BoardProps } from './common';

interface ColomaPlayer {
  seat: number;
  bucks: number;
  gold: number;
  horses: number;
  vp: number;
  dudes: number;
  tents: number;
  tableau: string[];
  hand: string[] | null;
  handCount: number;
  wagon: string;
  dialSet: boolean;
  barrels: { id: string; used: boolean }[];
}

export function ColomaBoard(props: BoardProps) {
  const v = props.view;
  const players = (v.players as ColomaPlayer[]) ?? [];
  const turn = v.turn as { seat: number; site: number } | null;
  return (
    <div class="board coloma">
      <Facts
        facts={[
          ['Year', String(v.year ?? '')],
          ['Round', String(v.round ?? '')],
          ['Phase', humanize(String(v.phase ?? ''))],
          ['Turn', turn ? `seat ${turn.seat} at site ${turn.site}` : '—'],
          ['Gold pools', ((v.gold as number[]) ?? []).join(', ')],
          ['Outlaws', String(v.outlaws ?? '')],
          ['Data', String(v.dataSource ?? '')],
        ]}
      />
      <Tiles label="Hideout" items={v.hideout as string[]} />
      <section class="panel" aria-labelledby="coloma-players">
        <h3 id="coloma-players">Players</h3>
        <div class="players">
          {players.map((p) => (
            <div class="player" key={p.seat}>
              <SeatChip seat={p.seat} seats={props.seats} active={props.activeSeats.includes(p.seat)} />
              <Facts
                facts={[
                  ['VP', String(p.vp)],
                  ['Bucks', String(p.bucks)],
                  ['Gold', String(p.gold)],
                  ['Horses', String(p.horses)],
                  ['Dudes', String(p.dudes)],
                  ['Tents', String(p.tents)],
                  ['Wagon', humanize(p.wagon ?? '')],
                  ['Dial', p.dialSet ? 'set' : 'not set'],
                ]}
              />
              <Tiles label="Tableau" items={p.tableau} />
              {p.hand ? (
                <Tiles label="Hand" items={p.hand} />
              ) : (
                <p class="muted">{p.handCount} card(s) in hand</p>
              )}
              <Tiles
                label="Barrels"
                items={(p.barrels ?? []).map((b) => `${b.id}${b.used ? ' (used)' : ''}`)}
              />
            </div>
          ))}
        </div>
      </section>
      <RawView view={v} skip={['data']} />
    </div>
  );
}
