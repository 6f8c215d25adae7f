/**
 * Carson City (Big Box / 2nd edition), base game, as a pure engine. See
 * /shared/rules/carson-city.md for the specification; section and decision numbers are cited in
 * the code comments.
 */
import type { GameEngine, Seat, Viewer } from '../engine';
import type { Rng } from '../random';
import { parseCommand, type CarsonCommand } from './commands';
import { decide } from './decide';
import { evolveAgenda as evolve } from './agenda-resolve';
import { recallFold } from './fold-memo';
import type { CarsonEvent } from './events';
import { legalCommands, timeoutCommand } from './legal';
import { CARSON_COMMAND_TABLE } from './command-table';
import { CARSON_MODULES } from './modules/registry';
import { installModules } from './ports';
import { installCommands } from './protocol';
import { result } from './score';
import { CARSON_EVENT_SCHEMA, CARSON_UPCASTERS } from './upcasters';
import { parseOptions, setup } from './setup';
import type { CarsonOptions, CarsonState } from './state';
import { pending, redact, view, type CarsonView } from './view';

export type { CarsonCommand, Target } from './commands';
export type { CarsonEvent, DuelParticipant, RodeoScore } from './events';
export type { CarsonOptions, CarsonState, ModuleName, PromptState, Phase, StableNo } from './state';
export type { CarsonView, DuelTilesView, HorsesView, OutlawsView, SoloView } from './view';
export type { ActionId, StepId } from './data/actions';
export type { BuildingType } from './data/buildings';
export type { EdgeRef, ParcelRef } from './data/board';
export type { Side } from './data/personalities';

// The modules' ports, installed before the engine can be used (the core reads them, ports.ts).
installModules(CARSON_MODULES);
// The command handlers, one per command type (protocol.ts), in their listing order.
installCommands(CARSON_COMMAND_TABLE);

export const carsonCityEngine: GameEngine<
  CarsonOptions,
  CarsonState,
  CarsonCommand,
  CarsonEvent,
  CarsonView
> = {
  type: 'carson-city',
  title: 'Carson City',
  // 1 seat = the solo mode against Jeb Standish (§11), which needs the `solo` option.
  seats: { min: 1, max: 6 },
  // 2: options gained `modules` (and the river); older snapshots are rebuilt from events.
  // 3: `might` (Might is Right duel tiles, null without the module).
  // 4: `outlaws` (§10.5, null without the module) and the option `outlawVP`; also covers the
  // A New Beginning and Kit Carson fields (§10.1, §10.4), which landed on schema 3.
  // 5: `solo` (the solo mode, §11; null otherwise) and `options.solo`. Later optional additions
  // that a schema-5 snapshot reads unchanged keep 5: `options.solo.dataSource`/`placeholders`,
  // `options.outlawVPSource`, a tile duel's `discardAsked` and a CHOOSE_OPTION prompt's `duel`
  // (absent = none asked / no duel), null entries in `anb.sheets` after the reveal (solo).
  stateSchema: 5,
  // 2: GAME_ENDED carries the result; FLOW only where evolve's agenda rules do not reach.
  eventSchema: CARSON_EVENT_SCHEMA,
  upcasters: CARSON_UPCASTERS,
  parseOptions,
  setup: (options: CarsonOptions, seatCount: number, rng: Rng) => setup(options, seatCount, rng),
  // A decision's events folded right after it come from decide's own fold (fold-memo.ts).
  evolve: (state: CarsonState | null, event: CarsonEvent) => recallFold(state, event) ?? evolve(state, event),
  parseCommand,
  decide: (state: CarsonState, seat: Seat, command: CarsonCommand, rng: Rng) =>
    decide(state, seat, command, rng),
  pending,
  legalCommands,
  timeoutCommand,
  view: (state: CarsonState, viewer: Viewer) => view(state, viewer),
  redact: (event: CarsonEvent, viewer: Viewer) => redact(event, viewer),
  result,
};

export default carsonCityEngine;
