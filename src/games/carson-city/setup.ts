/** Options and setup (§3). */
import { violation, CommonViolations, type RuleViolation } from '../engine';
import type { Rng } from '../random';
import { parcelFromDice, parcelIndex, parcelSides, MOUNTAINS } from './data/board';
import { initialBag, PRESET_SQUARES, type BuildingType } from './data/buildings';
import {
  DOCTOR,
  PAPERBOY,
  PERSONALITY_SETS,
  TEACHER,
  type PersonalitySetName,
  type TileSpec,
} from './data/personalities';
import { Ctx } from './ctx';
import { AGENDA_RULES } from './agenda-version';
import { firstTasks } from './phases/setup/agenda';
import { finishFlow } from './decide';
import type { CarsonEvent } from './events';
import { advance } from './flow';
import { range } from './table';
import { drawFromBag } from './phases/end-of-round/flow';
import { PORTS } from './ports';
import { MODULES } from './data/modules';
import type { CarsonOptions, CarsonState, ModuleName, TileState } from './state';

/** Modules this engine implements (§10): all six; a module not listed would be refused as not yet supported. */
export const SUPPORTED_MODULES: readonly ModuleName[] = MODULES;

const SETS = Object.keys(PERSONALITY_SETS) as PersonalitySetName[];

export function parseOptions(raw: unknown, seatCount: number): CarsonOptions | RuleViolation {
  const bad = (m: string) => violation(CommonViolations.INVALID_OPTIONS, m);
  if (!Number.isInteger(seatCount) || seatCount < 1 || seatCount > 6)
    return bad('Carson City is for 2 to 6 players (1 only in the solo mode, §11)');
  const o = (raw ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o)) return bad('options are an object');
  // Solo mode (§11): one seat against Jeb Standish (checked first: 1 seat needs it).
  const solo = PORTS.solo.parseOption(o, seatCount);
  if (typeof solo === 'string') return bad(solo);
  for (const k of Object.keys(o))
    if (
      ![
        'buildings',
        'personalitySet',
        'tiles',
        'modules',
        'river',
        'stable3RodeoValue',
        'outlawVP',
        'outlawVPSource',
        'solo',
      ].includes(k)
    )
      return bad(`unknown option ${k}`);
  const modules = parseModules(o.modules);
  if (typeof modules === 'string') return bad(modules);
  const river = PORTS.river.parseOption(o.river, modules.includes('CARSON_RIVER'));
  if (typeof river === 'string') return bad(river);
  const hat = o.stable3RodeoValue ?? 2;
  if (!Number.isInteger(hat) || (hat as number) < 0 || (hat as number) > 10)
    return bad('stable3RodeoValue is an integer 0..10 (§13 #30)');
  // The default is accepted without the module, so parsed options parse again.
  if (hat !== 2 && !modules.includes('HORSES')) return bad('stable3RodeoValue only with the HORSES module');
  // Outlaws: the VP table, and its source flagged like the solo data (§13 #28; derived, never set).
  const outlaw = PORTS.outlaws.parseOptions(o, modules.includes('OUTLAWS'));
  if (typeof outlaw === 'string') return bad(outlaw);
  const { vp: outlawVP, source: outlawVPSource } = outlaw;
  const buildings = o.buildings ?? 'FULL';
  if (buildings !== 'FULL' && buildings !== 'FIRST_GAME') return bad('buildings is FULL or FIRST_GAME');
  const set = o.personalitySet ?? (o.tiles !== undefined ? 'LIST' : 'FIRST_GAME');
  if (set !== 'RANDOM' && set !== 'LIST' && !SETS.includes(set as PersonalitySetName)) {
    return bad(`personalitySet is one of ${[...SETS, 'RANDOM', 'LIST'].join(', ')}`);
  }
  let tiles: TileSpec[] = [];
  if (set === 'LIST') {
    if (!Array.isArray(o.tiles)) return bad('LIST needs tiles: [{id, side}]');
    for (const t of o.tiles as unknown[]) {
      const x = t as Record<string, unknown>;
      if (
        typeof x !== 'object' ||
        x === null ||
        !Number.isInteger(x.id) ||
        (x.id as number) < 0 ||
        (x.id as number) > 19
      )
        return bad('tile id 0..19');
      if (x.side !== 'YELLOW' && x.side !== 'RED' && x.side !== 'EITHER')
        return bad('tile side YELLOW, RED or EITHER');
      tiles.push({ id: x.id as number, side: x.side });
    }
    const ids = new Set(tiles.map((t) => t.id));
    if (ids.size !== tiles.length) return bad('tiles must be distinct');
    const want = ids.has(PAPERBOY) ? 8 : 7;
    if (tiles.length !== want) return bad(`use ${want} tiles (8 with the Paperboy, §3 step 11)`);
  } else if (o.tiles !== undefined) return bad('tiles only with personalitySet LIST');
  else if (set !== 'RANDOM') tiles = PERSONALITY_SETS[set as PersonalitySetName].map((t) => ({ ...t }));
  if (solo) {
    // §11.1 step 5: the solo pool replaces the personality choice (7 of 11 at random).
    if (o.personalitySet !== undefined || o.tiles !== undefined)
      return bad(
        'the solo mode draws its 7 personalities from its own pool of 11 (§11.1 step 5): no personalitySet or tiles',
      );
    return {
      buildings,
      personalitySet: 'RANDOM',
      tiles: [],
      modules,
      river,
      stable3RodeoValue: hat as number,
      outlawVP,
      solo,
    };
  }
  return {
    buildings,
    personalitySet: set as CarsonOptions['personalitySet'],
    tiles,
    modules,
    river,
    stable3RodeoValue: hat as number,
    outlawVP,
    ...(outlawVPSource && { outlawVPSource }),
  };
}

/** `modules`: distinct names of §10's modules, default none; unknown or unbuilt ones refused. */
function parseModules(raw: unknown): ModuleName[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return `modules is a list of ${MODULES.join(', ')}`;
  const out: ModuleName[] = [];
  for (const m of raw as unknown[]) {
    if (typeof m !== 'string' || !(MODULES as readonly string[]).includes(m))
      return `unknown module ${String(m)}: one of ${MODULES.join(', ')}`;
    if (!SUPPORTED_MODULES.includes(m as ModuleName)) return `module ${m} is not yet supported`;
    if (out.includes(m as ModuleName)) return `module ${m} listed twice`;
    out.push(m as ModuleName);
  }
  // Canonical order (MODULES), so equal module sets give equal options.
  return MODULES.filter((m) => out.includes(m));
}

/** Tiles in play: 14 is always turned by its holder; the Teacher's side is forced by round. */
function tilesFor(options: CarsonOptions, rng: Rng): TileState[] {
  let specs: TileSpec[] = options.tiles;
  if (options.personalitySet === 'RANDOM') {
    const ids = rng.shuffle(range(20)).slice(0, 7);
    if (ids.includes(PAPERBOY)) ids.push(rng.shuffle(range(20).filter((i) => !ids.includes(i)))[0]);
    specs = ids.map((id) => ({ id, side: rng.int(0, 1) === 0 ? 'YELLOW' : 'RED' }));
  }
  return specs
    .map((t): TileState => ({
      id: t.id,
      side: t.id === DOCTOR ? 'EITHER' : t.id === TEACHER ? 'YELLOW' : t.side,
      takenBy: null,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Town centre (§3 step 4): the dice, rolled again while they hit a river parcel (§13 #38). */
function rollTownCentre(ctx: Ctx, rng: Rng): { white: number; black: number; rerolled: number[][] } {
  const rerolled: number[][] = [];
  let white = rng.die();
  let black = rng.die();
  while (ctx.state.parcels[parcelFromDice(white, black)].content !== null) {
    rerolled.push([white, black]);
    white = rng.die();
    black = rng.die();
  }
  return { white, black, rerolled };
}

/** One mountain, rolling again on an occupied parcel or a river parcel (§3 step 6). */
function placeMountain(ctx: Ctx, rng: Rng): void {
  const rolls: number[][] = [];
  for (;;) {
    const w = rng.die();
    const b = rng.die();
    rolls.push([w, b]);
    const p = parcelFromDice(w, b);
    if (ctx.state.parcels[p].content === null) {
      ctx.emit({ type: 'MOUNTAIN_PLACED', rolls, parcel: p });
      return;
    }
  }
}

export function setup(options: CarsonOptions, seats: number, rng: Rng): CarsonEvent[] {
  const solo = options.solo ?? null;
  // Solo (§11.1): the 2-player setup, Standish being the internal seat 1 (never prompted); his
  // marker is first on the track: "Standish is always first".
  const seatCount = solo ? 2 : seats;
  const firstOrder = solo ? [PORTS.solo.standish, 0] : rng.shuffle(range(seatCount));
  const track: (BuildingType | null)[] = Array(7).fill(null);
  for (const [k, b] of Object.entries(PRESET_SQUARES)) track[Number(k)] = b;
  const bag = initialBag(options.buildings === 'FIRST_GAME');
  // Solo (§11.1 step 2): Church, School, Town Hall and Train Station out of the bag before step 3.
  if (solo) for (const b of PORTS.solo.removedBuildings) bag[b] = 0;
  const start: CarsonEvent = {
    type: 'GAME_STARTED',
    options,
    seatCount,
    firstOrder,
    tiles: solo ? PORTS.solo.tiles(rng) : tilesFor(options, rng),
    bag,
    track,
    agenda: AGENDA_RULES,
    ...(solo && { solo: PORTS.solo.start(solo) }),
  };
  const ctx = new Ctx(null as unknown as CarsonState, rng);
  ctx.emit(start);
  // Might is Right (§10.3): deal the duel tiles and adjust the starting money (T21).
  if (options.modules.includes('MIGHT_IS_RIGHT')) PORTS.might.deal(ctx);
  // Carson River (§10.2): the river is laid before the town centre and the mountains.
  const river = options.river;
  if (river) {
    const parcels = river.course.map((r) => parcelIndex(r.c, r.r));
    ctx.emit({
      type: 'RIVER_PLACED',
      board: river.board,
      parcels,
      mountains: PORTS.river.mountains(river.board, parcels.length),
    });
  }
  // Town centre (§3 step 4): white die = column, black die = row, inner 6x6 (§2.1); a roll that
  // hits a river parcel is rolled again (§10.2, §13 #38).
  const { white, black, rerolled } = rollTownCentre(ctx, rng);
  const centre = parcelFromDice(white, black);
  // Horses (§10.6): each player takes 1 horse from the 25; the rest is the supply.
  if (options.modules.includes('HORSES')) {
    for (let seat = 0; seat < seatCount; seat++) ctx.emit({ type: 'HORSE_GAINED', seat, reason: 'SETUP' });
  }
  ctx.emit({
    type: 'TOWN_CENTRE_PLACED',
    white,
    black,
    parcel: centre,
    roads: parcelSides(centre),
    ...(rerolled.length > 0 && { rerolled }),
  });
  // Nine mountains (6 on the river board, fewer with river tiles: §10.2), rolling again on an
  // occupied parcel or a river parcel (§3 step 6).
  const mountains = river ? PORTS.river.mountains(river.board, river.course.length) : MOUNTAINS;
  for (let m = 0; m < mountains; m++) placeMountain(ctx, rng);
  // Squares $5, $6, $8 from the bag (§3 step 3). Setting a drawn Town Hall aside and drawing
  // again, then returning it, is the same as drawing among the other buildings.
  for (const square of [2, 3, 4]) {
    const b = drawFromBag(ctx, true);
    if (b) ctx.emit({ type: 'BUILDING_DRAWN', square, building: b, reason: 'SETUP' });
  }
  ctx.state.flow.tasks = firstTasks(options, firstOrder);
  advance(ctx);
  finishFlow(ctx, null);
  return ctx.events;
}
