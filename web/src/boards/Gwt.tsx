/** Great Western Trail: the trail, the markets and each player's board as readable panels. */
import { humanize, SEAT_COLOURS } from '../format';
import { Facts, RawView, SeatChip, Tiles, value, type BoardProps } from './common';

interface GwtPlayer {
  seat: number;
  money: number;
  certificates: number;
  exchangeTokens: number;
  hand: string[] | null;
  handCount: number;
  drawPileCount: number;
  discard: string[];
  workers: Record<string, number>;
  objectives: string[];
  herder: string;
  train: number;
  hazards: unknown[];
  stationMasters: string[];
  buildingsInSupply: string[];
}

function slot(content: unknown): string {
  if (!content) return '';
  const c = content as { kind: string; building?: string; tile?: Record<string, unknown>; owner?: number };
  if (c.kind === 'NEUTRAL') return `Neutral ${c.building}`;
  if (c.kind === 'HAZARD' || c.kind === 'BANDIT') {
    const t = c.tile ?? {};
    return `${humanize(String(t.hazard ?? t.colour ?? c.kind))} ${humanize(c.kind)}`;
  }
  return value(content);
}

export function GwtBoard(props: BoardProps) {
  const v = props.view;
  const players = (v.players as GwtPlayer[]) ?? [];
  const trail = (v.trail as Record<string, unknown>) ?? {};
  const turn = v.turn as { seat: number; stage: string; location: string | null } | null;
  const jobMarket = (v.jobMarket as (string | null)[][]) ?? [];
  return (
    <div class="board gwt">
      <Facts
        facts={[
          ['Turn', String(v.turnNumber ?? '')],
          ['Stage', turn ? humanize(turn.stage) : '—'],
          ['At', turn?.location ?? '—'],
          ['Cattle deck', String(v.cattleDeck ?? '')],
        ]}
      />
      <section class="panel" aria-labelledby="gwt-trail">
        <h3 id="gwt-trail">The trail</h3>
        <ol class="trail">
          {Object.entries(trail)
            .filter(([loc, content]) => content || players.some((p) => p.herder === loc))
            .map(([loc, content]) => (
              <li key={loc}>
                <span class="loc">{loc}</span> <span>{slot(content)}</span>{' '}
                {players
                  .filter((p) => p.herder === loc)
                  .map((p) => (
                    <span
                      key={p.seat}
                      class="dot"
                      title={`herder of seat ${p.seat}`}
                      style={{ background: SEAT_COLOURS[p.seat % SEAT_COLOURS.length] }}
                    />
                  ))}
              </li>
            ))}
        </ol>
      </section>
      <section class="panel" aria-labelledby="gwt-market">
        <h3 id="gwt-market">Markets</h3>
        <Tiles label="Cattle market" items={v.cattleMarket as string[]} />
        <Tiles label="Objectives on display" items={v.objectiveDisplay as string[]} />
        <Tiles label="Job market" items={jobMarket.flat().filter(Boolean) as string[]} />
      </section>
      <section class="panel" aria-labelledby="gwt-players">
        <h3 id="gwt-players">Player boards</h3>
        <div class="players">
          {players.map((p) => (
            <div class="player" key={p.seat}>
              <SeatChip seat={p.seat} seats={props.seats} active={props.activeSeats.includes(p.seat)} />
              <Facts
                facts={[
                  ['Money', `$${p.money}`],
                  ['Certificates', String(p.certificates)],
                  ['Exchange tokens', String(p.exchangeTokens)],
                  ['Herder', p.herder],
                  ['Train', String(p.train)],
                  [
                    'Workers',
                    Object.entries(p.workers ?? {})
                      .map(([k, n]) => `${n} ${k}`)
                      .join(', '),
                  ],
                  [
                    'Cards',
                    `${p.handCount} in hand, ${p.drawPileCount} to draw, ${p.discard?.length ?? 0} discarded`,
                  ],
                ]}
              />
              {p.hand ? <Tiles label="Hand" items={p.hand} /> : null}
              <Tiles label="Objectives" items={p.objectives} />
            </div>
          ))}
        </div>
      </section>
      <RawView view={v} />
    </div>
  );
}
