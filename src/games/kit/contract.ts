/**
 * The engine contract (src/games/engine.ts) as checks any game runs, over random legal games of
 * every option set (src/games/contract.spec.ts runs it over every game): at sampled positions,
 * every listed command is accepted by decide, in its parsed form, and no unprompted seat has one
 * (nor may it send a prompted seat's), decide and evolve
 * leave their inputs unchanged and decide is deterministic, a timeout's command is accepted, views
 * and redacted events are JSON (redaction keeps the event's type); at the end, replaying the
 * stored (JSON round-tripped) events through the server's read path gives the live state, and the
 * result is JSON with no prompt left; no decision or setup appends a control event (FLOW: the
 * flow is state that evolve derives from the domain events, issue #12). A check returns the first
 * broken rule, or null.
 */
import { createHash } from 'node:crypto';
import { isViolation, type AnyGameEngine, type Json, type Seat, type Viewer } from '../engine';
import { rngFor } from '../random';
import { replay } from '../upcast';
import { playRandom, type PlayedCommand, type RandomGame } from './play';

export interface ContractCase {
  engine: AnyGameEngine;
  seats: number;
  seed: string;
  options: Json;
  /** Check the position of every `every`-th command in full (default 7; 1 = all; sparser after 40 checks). */
  every?: number;
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

function hash(value: unknown): string {
  return createHash('sha256').update(json(value)).digest('hex');
}

/** JSON-clean: survives a round trip unchanged (no NaN, Infinity, class instances, top-level undefined). */
function isJson(value: unknown): boolean {
  const text = JSON.stringify(value);
  return text !== undefined && JSON.stringify(JSON.parse(text)) === text;
}

/** JSON with sorted keys: the same for equal plain data whatever the key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * legalCommands = what decide accepts (for the prompted seats), nothing for the others, whose
 * decide refuses what a prompted seat may send; a listed command is in its parsed (canonical) form.
 */
function checkLegal(c: ContractCase, state: unknown, version: number): string | null {
  const { engine, seed } = c;
  const prompted = new Set(engine.pending(state).map((p) => p.seat));
  const sample = [...prompted].map((seat) => engine.legalCommands(state, seat)[0]).filter(Boolean);
  for (let seat = 0; seat < c.seats; seat++) {
    const legal = engine.legalCommands(state, seat);
    if (!prompted.has(seat)) {
      if (legal.length > 0) return `seat ${seat} has no prompt but ${legal.length} legal commands`;
      for (const command of sample)
        if (!isViolation(engine.decide(state, seat, command, rngFor(seed, version))))
          return `seat ${seat} has no prompt but decide accepts its ${json(command)}`;
      continue;
    }
    if (legal.length === 0) return `seat ${seat} is prompted but has no legal command`;
    for (const command of legal) {
      const parsed = engine.parseCommand(JSON.parse(json(command)));
      if (isViolation(parsed)) return `legal ${json(command)} does not parse: ${parsed.code}`;
      if (canonical(parsed) !== canonical(command))
        return `legal ${json(command)} is not in its parsed form ${json(parsed)}`;
      const out = engine.decide(state, seat, parsed, rngFor(seed, version));
      if (isViolation(out)) return `legal ${json(command)} refused: ${out.code}`;
    }
    const timeout = engine.timeoutCommand(state, seat);
    if (timeout && isViolation(engine.decide(state, seat, timeout, rngFor(seed, version))))
      return `seat ${seat}'s timeout command ${json(timeout)} is refused`;
  }
  return null;
}

/** decide and evolve are pure: inputs unchanged, the same answer twice. */
function checkPurity(
  engine: AnyGameEngine,
  played: PlayedCommand,
  seed: string,
  version: number,
): string | null {
  const before = hash(played.before);
  const again = engine.decide(played.before, played.seat, played.command, rngFor(seed, version));
  if (hash(played.before) !== before) return 'decide changed its input state';
  if (json(again) !== json(played.events)) return 'decide gave another answer for the same input';
  let state = played.before;
  for (const event of played.events) {
    const was = hash(state);
    const next = engine.evolve(state, event);
    if (hash(state) !== was) return `evolve(${event.type}) changed its input state`;
    state = next;
  }
  return null;
}

/** Views and redacted events are JSON for every viewer; redaction keeps the type (or hides all). */
function checkRedaction(engine: AnyGameEngine, played: PlayedCommand, seats: number): string | null {
  const viewers: Viewer[] = [...Array.from({ length: seats }, (_, s) => s as Seat), 'spectator'];
  for (const viewer of viewers) {
    if (!isJson(engine.view(played.after, viewer))) return `view for ${viewer} is not JSON`;
    let state = played.before;
    for (const event of played.events) {
      const visible = engine.redact(event, viewer, state);
      if (visible !== null && (visible.type !== event.type || !isJson(visible)))
        return `redact(${event.type}) for ${viewer} is not a JSON ${event.type}`;
      state = engine.evolve(state, event);
    }
  }
  return null;
}

/**
 * Event types no engine appends to a new game: a FLOW records control state instead of a fact
 * (games stored before their engine derived it still hold some, and replay them).
 */
export const CONTROL_EVENTS: readonly string[] = ['FLOW'];

/** The first control event among `events`, as a broken rule, or null. */
function checkFacts(events: readonly { type: string }[]): string | null {
  const e = events.find((x) => CONTROL_EVENTS.includes(x.type));
  return e ? `appends a ${e.type} event (control state, not a fact)` : null;
}

/** Plays one random game of `c` and checks the contract along the way. */
export function checkContract(c: ContractCase): string | null {
  const every = c.every ?? 7;
  let broken: string | null = null;
  // Every `every`-th position for the first 40 checks, then every 25th of those (long games).
  const checked = (i: number) => i % every === 0 && (i <= 40 * every || i % (25 * every) === 0);
  let game: RandomGame;
  try {
    game = playRandom(c.engine, c.seats, c.seed, c.options, (played) => {
      const at = played.version;
      const where = (rule: string | null) => rule && `command ${played.index} (version ${at}): ${rule}`;
      broken ??= where(checkFacts(played.events));
      if (broken || !checked(played.index)) return;
      broken =
        where(checkLegal(c, played.before, at)) ??
        where(checkPurity(c.engine, played, c.seed, at)) ??
        where(checkRedaction(c.engine, played, c.seats));
    });
  } catch (error) {
    // The random player itself refuses to go on: a listed command was refused, or no end.
    return (error as Error).message;
  }
  if (broken) return broken;
  const setup = checkFacts(game.events.filter((_, i) => game.causes[i].command === 0));
  if (setup) return `setup ${setup}`;
  const stored = game.events.map((payload) => ({
    payload: JSON.parse(json(payload)) as typeof payload,
    schemaVersion: c.engine.eventSchema ?? 1,
  }));
  if (!isJson(game.state)) return 'the final state is not plain JSON data';
  if (hash(replay(c.engine, null, stored)) !== hash(game.state))
    return 'replaying the stored events differs from live';
  const result = c.engine.result(game.state);
  if (!result || !isJson(result)) return 'the result is missing or not JSON';
  if (c.engine.pending(game.state).length > 0) return 'prompts remain after the end';
  return null;
}
