/**
 * Upcasting: how an event stored by an older engine reads in the current one. Stored events are
 * forever; every event row carries the event schema its engine wrote it in (`events.schema_version`,
 * 1 for rows from before the column). An engine that changes an event's shape or meaning bumps its
 * `eventSchema` and declares, per older schema and event type, a pure function from the old event to
 * what it means now (one event, several, or none). Every read path (load, stateAt, event pages and
 * export, the analytics projection, replays) reads stored events through `upcast` before `evolve`;
 * events of the current schema pass unchanged, so live play never pays for it.
 */
import type { GameEvent, Upcasters } from './engine';

export type { Upcaster, Upcasters } from './engine';

/** The part of an engine upcasting needs. */
export interface UpcastingEngine {
  readonly type: string;
  readonly eventSchema?: number;
  readonly upcasters?: Upcasters;
}

/** What an event stored in `schema` means to the engine now, in order (possibly none). */
export function upcast(engine: UpcastingEngine, event: GameEvent, schema = 1): GameEvent[] {
  const current = engine.eventSchema ?? 1;
  if (schema === current) return [event];
  if (schema > current)
    throw new Error(`${engine.type}: an event of schema ${schema} is newer than this engine (${current})`);
  let events = [event];
  for (let from = schema; from < current; from++) {
    const step = engine.upcasters?.[from];
    if (!step) continue;
    events = events.flatMap((e) => {
      const upcaster = step[e.type];
      return upcaster ? upcaster(e) : [e];
    });
  }
  return events;
}

/** Folds stored events (payload + schema) into `state` through their upcasts. */
export function replay<S>(
  engine: UpcastingEngine & { evolve(state: S | null, event: GameEvent): S },
  state: S | null,
  stored: Iterable<{ payload: GameEvent; schemaVersion?: number }>,
): S | null {
  let s = state;
  for (const row of stored)
    for (const event of upcast(engine, row.payload, row.schemaVersion)) s = engine.evolve(s, event);
  return s;
}

/**
 * Stored rows (event-store StoredEvent, analytics ProjectedEvent, ...) as the engine reads them
 * now: each row of an older schema becomes one row per event it upcasts to (same version and
 * position, payload and type replaced, schema current); rows of the current schema are returned
 * as they are.
 */
export function upcastRows<R extends { type: string; payload: object; schemaVersion?: number }>(
  engine: UpcastingEngine,
  rows: readonly R[],
): R[] {
  const current = engine.eventSchema ?? 1;
  return rows.flatMap((row) =>
    (row.schemaVersion ?? 1) === current
      ? [row]
      : upcast(engine, row.payload as GameEvent, row.schemaVersion).map((payload) => ({
          ...row,
          type: payload.type,
          payload: payload as unknown as R['payload'],
          schemaVersion: current,
        })),
  );
}
