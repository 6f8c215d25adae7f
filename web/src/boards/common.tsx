/** Pieces every board uses: a readable key/value table, a JSON fallback, seat chips. */
import type { ComponentChildren } from 'preact';
import type { Command, Seat } from '../api';
import { describeValue, humanize, SEAT_COLOURS, seatName } from '../format';

export interface BoardProps {
  view: Record<string, unknown>;
  seats: Seat[];
  viewer: number | null;
  activeSeats: number[];
  /** Legal commands (empty when spectating, looking at history, or not the viewer's turn). */
  commands: Command[];
  send: (command: Command) => void;
}

export function SeatChip(props: { seat: number; seats: Seat[]; active?: boolean }) {
  return (
    <span class={`seat-chip${props.active ? ' active' : ''}`}>
      <span
        class="dot"
        style={{ background: SEAT_COLOURS[props.seat % SEAT_COLOURS.length] }}
        aria-hidden="true"
      />
      {seatName(props.seats, props.seat)}
      {props.active ? <span class="sr-only"> (to move)</span> : null}
    </span>
  );
}

export function Facts(props: { facts: [string, ComponentChildren][]; caption?: string }) {
  return (
    <dl class="facts" aria-label={props.caption}>
      {props.facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function value(v: unknown): string {
  return describeValue(v);
}

/** Everything else in the view, folded: nothing the server sends is hidden from the player. */
export function RawView(props: { view: unknown; title?: string; skip?: string[] }) {
  const view = props.view as Record<string, unknown> | null;
  if (!view || typeof view !== 'object') return null;
  const rest = Object.fromEntries(Object.entries(view).filter(([k]) => !props.skip?.includes(k)));
  return (
    <details class="panel raw">
      <summary>{props.title ?? 'Full view (JSON)'}</summary>
      <pre>{JSON.stringify(rest, null, 1)}</pre>
    </details>
  );
}

/** Cards or tokens as a list of small labelled tiles. */
export function Tiles(props: { items: unknown[] | null | undefined; label: string; empty?: string }) {
  const items = props.items ?? [];
  return (
    <div class="tiles-block">
      <span class="tiles-label">{props.label}</span>
      {items.length === 0 ? (
        <span class="muted"> {props.empty ?? 'none'}</span>
      ) : (
        <ul class="tiles" aria-label={props.label}>
          {items.map((item, i) => (
            <li key={i} class="tile">
              {typeof item === 'string' ? humanize(item) : value(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The simplest legal command matching `test` (fewest fields set), if any. */
export function simplest(commands: Command[], test: (c: Command) => boolean): Command | undefined {
  const matches = commands.filter(test);
  matches.sort((a, b) => Object.values(a).filter(Boolean).length - Object.values(b).filter(Boolean).length);
  return matches[0];
}
