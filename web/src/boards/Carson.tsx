/** Carson City: the city as an SVG board (parcels, roads, buildings, cowboys) and the action track. */
import type { Command } from '../api';
import { commandLabel, humanize, SEAT_COLOURS } from '../format';
import { Facts, RawView, SeatChip, simplest, Tiles, type BoardProps } from './common';
// The action track's order is the game's own data (one source for engine and client).
import { ACTIONS } from '../../../src/games/carson-city/data/actions';

interface ParcelRef {
  c: number;
  r: number;
}
interface ParcelView {
  parcel: ParcelRef;
  owner: number | null;
  content: string | null;
  connected: boolean;
  price: number;
}
interface Location {
  kind: 'ACTION' | 'PARCEL' | 'BUILDING' | 'STABLE';
  action?: string;
  parcel?: ParcelRef;
}
interface CowboyView {
  seat: number;
  location: Location;
  white: boolean;
  dynamite: boolean;
}
interface Edge {
  dir: 'H' | 'V';
  x: number;
  y: number;
}
interface PlayerView {
  seat: number;
  money: number;
  vp: number;
  reserve: number;
  revolvers: number;
  firepower: number;
  roads: number;
  pending: string[];
  personalities: { id: number; name: string; side: string }[];
}

const S = 44;
const M = 6;

const SHORT: Record<string, string> = {
  RANCH: 'Ra',
  MINE: 'Mi',
  DRUGSTORE: 'Dr',
  BANK: 'Bk',
  SALOON: 'Sa',
  HOTEL: 'Ho',
  CHURCH: 'Ch',
  PRISON: 'Pr',
  GROCERY: 'Gr',
  SCHOOL: 'Sc',
  BLACKSMITH: 'Bl',
  TOWN_HALL: 'TH',
  TRAIN_STATION: 'TS',
  HOUSE: '⌂',
  TOWN_HOUSE: '⌂',
  MOUNTAIN: '▲',
  RIVER: '≈',
};

const sameParcel = (a: ParcelRef | undefined, b: ParcelRef) => !!a && a.c === b.c && a.r === b.r;

function parcelOf(c: Command): ParcelRef | undefined {
  const p = (c.parcel ?? (c.target as { parcel?: ParcelRef } | undefined)?.parcel) as ParcelRef | undefined;
  return p && typeof p.c === 'number' ? p : undefined;
}

function activate(send: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      send();
    }
  };
}

function Parcel(props: {
  p: ParcelView;
  cowboys: CowboyView[];
  command?: Command;
  send: (c: Command) => void;
}) {
  const { p, cowboys, command, send } = props;
  const x = M + (p.parcel.c - 1) * S;
  const y = M + (p.parcel.r - 1) * S;
  const owner = p.owner === null ? null : SEAT_COLOURS[p.owner % SEAT_COLOURS.length];
  const content = p.content ? humanize(p.content) : 'empty';
  const label = `Parcel (${p.parcel.c},${p.parcel.r}): ${content}, ${
    p.owner === null ? 'unowned' : `owned by seat ${p.owner}`
  }, price $${p.price}${cowboys.length ? `, ${cowboys.length} cowboy(s)` : ''}`;
  const interactive = command
    ? {
        role: 'button' as const,
        tabindex: 0,
        'aria-label': `${label}. ${commandLabel(command)}`,
        onClick: () => send(command),
        onKeyDown: activate(() => send(command)),
        class: 'parcel legal',
      }
    : { class: 'parcel', 'aria-label': label, role: 'img' as const };
  return (
    <g {...interactive} data-parcel={`${p.parcel.c},${p.parcel.r}`}>
      <title>{command ? commandLabel(command) : label}</title>
      <rect
        x={x + 1}
        y={y + 1}
        width={S - 2}
        height={S - 2}
        rx={3}
        fill={
          p.content === 'MOUNTAIN'
            ? '#b7a58c'
            : p.content === 'RIVER'
              ? '#9cc7e6'
              : owner
                ? `${owner}33`
                : '#f3ead8'
        }
        stroke={owner ?? '#cbb89a'}
        stroke-width={owner ? 2.5 : 1}
      />
      {p.content ? (
        <text x={x + S / 2} y={y + S / 2 + 5} text-anchor="middle" class={`content ${p.content}`}>
          {SHORT[p.content] ?? p.content.slice(0, 2)}
        </text>
      ) : (
        <text x={x + S - 4} y={y + 12} text-anchor="end" class="price">
          ${p.price}
        </text>
      )}
      {cowboys.map((cb, i) => (
        <circle
          key={i}
          cx={x + 8 + i * 9}
          cy={y + S - 8}
          r={4}
          fill={cb.white ? '#fff' : SEAT_COLOURS[cb.seat % SEAT_COLOURS.length]}
          stroke="#222"
        />
      ))}
    </g>
  );
}

function Road(props: {
  edge: Edge;
  colour: string;
  width: number;
  command?: Command;
  send?: (c: Command) => void;
}) {
  const { edge, command, send } = props;
  const x1 = M + edge.x * S;
  const y1 = M + edge.y * S;
  const x2 = edge.dir === 'H' ? x1 + S : x1;
  const y2 = edge.dir === 'V' ? y1 + S : y1;
  const line = (
    <line
      x1={x1}
      y1={y1}
      x2={x2}
      y2={y2}
      stroke={props.colour}
      stroke-width={props.width}
      stroke-linecap="round"
    />
  );
  // A built road is drawing only: it must not take a click meant for the parcel under it.
  if (!command || !send) return <g pointer-events="none">{line}</g>;
  return (
    <g
      role="button"
      tabindex={0}
      class="road legal"
      aria-label={commandLabel(command)}
      onClick={() => send(command)}
      onKeyDown={activate(() => send(command))}
    >
      <title>{commandLabel(command)}</title>
      <rect
        x={Math.min(x1, x2) - 5}
        y={Math.min(y1, y2) - 5}
        width={Math.abs(x2 - x1) + 10}
        height={Math.abs(y2 - y1) + 10}
        fill="transparent"
      />
      {line}
    </g>
  );
}

function City(props: BoardProps) {
  const v = props.view;
  const parcels = (v.parcels as ParcelView[]) ?? [];
  const cowboys = (v.cowboys as CowboyView[]) ?? [];
  const roads = (v.roads as Edge[]) ?? [];
  const centre = v.centre as ParcelRef | null;
  const roadCommands = props.commands.filter((c) => c.type === 'PLACE_ROAD');
  const size = 8 * S + 2 * M;
  return (
    <svg
      class="carson-board"
      viewBox={`0 0 ${size} ${size}`}
      role="group"
      aria-label="The city of Carson: 8 by 8 parcels"
    >
      <rect x={0} y={0} width={size} height={size} fill="#e8dcc2" />
      {parcels.map((p) => (
        <Parcel
          key={`${p.parcel.c},${p.parcel.r}`}
          p={p}
          cowboys={cowboys.filter(
            (cb) => cb.location.kind !== 'ACTION' && sameParcel(cb.location.parcel, p.parcel),
          )}
          command={simplest(
            props.commands,
            (c) => c.type !== 'PLACE_ROAD' && sameParcel(parcelOf(c), p.parcel),
          )}
          send={props.send}
        />
      ))}
      {centre ? (
        <circle
          cx={M + (centre.c - 0.5) * S}
          cy={M + (centre.r - 0.5) * S}
          r={6}
          fill="#5b3a1e"
          aria-hidden="true"
          pointer-events="none"
        />
      ) : null}
      {roads.map((e, i) => (
        <Road key={`r${i}`} edge={e} colour="#5b3a1e" width={5} />
      ))}
      {roadCommands.map((c, i) => (
        <Road key={`l${i}`} edge={c.edge as Edge} colour="#e67e22" width={4} command={c} send={props.send} />
      ))}
    </svg>
  );
}

function ActionTrack(props: BoardProps) {
  const cowboys = (props.view.cowboys as CowboyView[]) ?? [];
  const track = (props.view.track as { square: number; price: number; building: string | null }[]) ?? [];
  return (
    <section class="panel" aria-labelledby="cc-actions">
      <h3 id="cc-actions">Action track</h3>
      <ol class="action-track">
        {ACTIONS.map((action) => {
          const here = cowboys.filter((cb) => cb.location.kind === 'ACTION' && cb.location.action === action);
          const command = simplest(
            props.commands,
            (c) =>
              (c.target as Location | undefined)?.kind === 'ACTION' &&
              (c.target as Location).action === action,
          );
          const square = action.startsWith('BUILD_')
            ? track.find((t) => `BUILD_${t.price}` === action)
            : undefined;
          const body = (
            <>
              <span class="action-name">{humanize(action)}</span>
              {square?.building ? <span class="muted"> {humanize(square.building)}</span> : null}
              <span class="cowboys" aria-label={`${here.length} cowboy(s)`}>
                {here.map((cb, i) => (
                  <span
                    key={i}
                    class="dot"
                    style={{ background: SEAT_COLOURS[cb.seat % SEAT_COLOURS.length] }}
                  />
                ))}
              </span>
            </>
          );
          return (
            <li key={action}>
              {command ? (
                <button type="button" class="action legal" onClick={() => props.send(command)}>
                  {body}
                </button>
              ) : (
                <div class="action">{body}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function CarsonBoard(props: BoardProps) {
  const v = props.view;
  const players = (v.players as PlayerView[]) ?? [];
  const tiles = (v.tiles as { id: number; name: string; side: string; takenBy: number | null }[]) ?? [];
  return (
    <div class="board carson">
      <Facts
        caption="Round"
        facts={[
          ['Round', String(v.round ?? '')],
          ['Phase', humanize(String(v.phase ?? ''))],
          ['Step', v.step ? humanize(String(v.step)) : '—'],
        ]}
      />
      <div class="carson-layout">
        <City {...props} />
        <ActionTrack {...props} />
      </div>
      <section class="panel" aria-labelledby="cc-players">
        <h3 id="cc-players">Players</h3>
        <div class="players">
          {players.map((p) => (
            <div class="player" key={p.seat}>
              <SeatChip seat={p.seat} seats={props.seats} active={props.activeSeats.includes(p.seat)} />
              <Facts
                facts={[
                  ['Money', `$${p.money}`],
                  ['VP', String(p.vp)],
                  ['Cowboys', String(p.reserve)],
                  ['Revolvers', String(p.revolvers)],
                  ['Roads', String(p.roads)],
                ]}
              />
              <Tiles
                label="Personalities"
                items={p.personalities.map((x) => `${x.name} (${x.side.toLowerCase()})`)}
              />
              <Tiles label="Pending buildings" items={p.pending} />
            </div>
          ))}
        </div>
      </section>
      <Tiles
        label="Personalities on offer"
        items={tiles.filter((t) => t.takenBy === null).map((t) => `${t.id} ${t.name}`)}
      />
      <RawView view={v} skip={['parcels']} />
    </div>
  );
}

/** Carson City names for command fields (personality ids). */
export function carsonNames(view: Record<string, unknown>): Record<string, Record<string, string>> {
  const tiles = (view.tiles as { id: number; name: string }[] | undefined) ?? [];
  return { personality: Object.fromEntries(tiles.map((t) => [String(t.id), `${t.id} ${t.name}`])) };
}
