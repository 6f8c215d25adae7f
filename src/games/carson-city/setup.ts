/** Options and setup (§3). */
import { violation, CommonViolations, type RuleViolation } from '../engine';
import type { Rng } from '../random';
import { parcelFromDice, parcelSides } from './data/board';
import { initialBag, PRESET_SQUARES, type BuildingType } from './data/buildings';
import { DOCTOR, PAPERBOY, PERSONALITY_SETS, TEACHER, type PersonalitySetName, type TileSpec } from './data/personalities';
import { Ctx } from './ctx';
import { finishFlow } from './decide';
import type { CarsonEvent } from './events';
import { advance, drawFromBag, range } from './flow';
import { MODULE_NAMES, type CarsonOptions, type CarsonState, type ModuleName, type Task, type TileState } from './state';

const SETS = Object.keys(PERSONALITY_SETS) as PersonalitySetName[];

export function parseOptions(raw: unknown, seatCount: number): CarsonOptions | RuleViolation {
  const bad = (m: string) => violation(CommonViolations.INVALID_OPTIONS, m);
  if (!Number.isInteger(seatCount) || seatCount < 2 || seatCount > 6) return bad('Carson City is for 2 to 6 players');
  const o = (raw ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o)) return bad('options are an object');
  for (const k of Object.keys(o)) if (!['buildings', 'personalitySet', 'tiles', 'modules', 'stable3RodeoValue'].includes(k)) return bad(`unknown option ${k}`);
  const modules = parseModules(o.modules);
  if (typeof modules === 'string') return bad(modules);
  const hat = o.stable3RodeoValue ?? 2;
  if (!Number.isInteger(hat) || (hat as number) < 0 || (hat as number) > 10) return bad('stable3RodeoValue is an integer 0..10 (§13 #30)');
  if (o.stable3RodeoValue !== undefined && !modules.includes('HORSES')) return bad('stable3RodeoValue only with the HORSES module');
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
      if (typeof x !== 'object' || x === null || !Number.isInteger(x.id) || (x.id as number) < 0 || (x.id as number) > 19) return bad('tile id 0..19');
      if (x.side !== 'YELLOW' && x.side !== 'RED' && x.side !== 'EITHER') return bad('tile side YELLOW, RED or EITHER');
      tiles.push({ id: x.id as number, side: x.side });
    }
    const ids = new Set(tiles.map((t) => t.id));
    if (ids.size !== tiles.length) return bad('tiles must be distinct');
    const want = ids.has(PAPERBOY) ? 8 : 7;
    if (tiles.length !== want) return bad(`use ${want} tiles (8 with the Paperboy, §3 step 11)`);
  } else if (o.tiles !== undefined) return bad('tiles only with personalitySet LIST');
  else if (set !== 'RANDOM') tiles = PERSONALITY_SETS[set as PersonalitySetName].map((t) => ({ ...t }));
  return { buildings, personalitySet: set as CarsonOptions['personalitySet'], tiles, modules, stable3RodeoValue: hat as number };
}

/** Modules implemented by this engine (the others of §10 are refused until they are built). */
const SUPPORTED_MODULES: readonly ModuleName[] = ['HORSES'];

/** `modules`: distinct known names, in the canonical order of MODULE_NAMES; else a message. */
function parseModules(raw: unknown): ModuleName[] | string {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return `modules is an array of ${MODULE_NAMES.join(', ')}`;
  for (const m of raw) {
    if (!MODULE_NAMES.includes(m as ModuleName)) return `unknown module ${String(m)} (one of ${MODULE_NAMES.join(', ')})`;
    if (!SUPPORTED_MODULES.includes(m as ModuleName)) return `module ${String(m)} is not supported yet`;
  }
  if (new Set(raw).size !== raw.length) return 'modules must be distinct';
  return MODULE_NAMES.filter((m) => raw.includes(m));
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
    .map((t): TileState => ({ id: t.id, side: t.id === DOCTOR ? 'EITHER' : t.id === TEACHER ? 'YELLOW' : t.side, takenBy: null }))
    .sort((a, b) => a.id - b.id);
}

export function setup(options: CarsonOptions, seatCount: number, rng: Rng): CarsonEvent[] {
  const firstOrder = rng.shuffle(range(seatCount));
  const track: (BuildingType | null)[] = Array(7).fill(null);
  for (const [k, b] of Object.entries(PRESET_SQUARES)) track[Number(k)] = b;
  const start: CarsonEvent = {
    type: 'GAME_STARTED',
    options,
    seatCount,
    firstOrder,
    tiles: tilesFor(options, rng),
    bag: initialBag(options.buildings === 'FIRST_GAME'),
    track,
  };
  const ctx = new Ctx(null as unknown as CarsonState, rng);
  ctx.emit(start);
  // Town centre (§3 step 4): white die = column, black die = row, inner 6x6 (§2.1).
  const white = rng.die();
  const black = rng.die();
  const centre = parcelFromDice(white, black);
  // Horses (§10.6): each player takes 1 horse from the 25; the rest is the supply.
  if (options.modules.includes('HORSES')) {
    for (let seat = 0; seat < seatCount; seat++) ctx.emit({ type: 'HORSE_GAINED', seat, reason: 'SETUP' });
  }
  ctx.emit({ type: 'TOWN_CENTRE_PLACED', white, black, parcel: centre, roads: parcelSides(centre) });
  // Nine mountains, rolling again on an occupied parcel (§3 step 6).
  for (let m = 0; m < 9; m++) {
    const rolls: number[][] = [];
    for (;;) {
      const w = rng.die();
      const b = rng.die();
      rolls.push([w, b]);
      const p = parcelFromDice(w, b);
      if (ctx.state.parcels[p].content === null) {
        ctx.emit({ type: 'MOUNTAIN_PLACED', rolls, parcel: p });
        break;
      }
    }
  }
  // Squares $5, $6, $8 from the bag (§3 step 3). Setting a drawn Town Hall aside and drawing
  // again, then returning it, is the same as drawing among the other buildings.
  for (const square of [2, 3, 4]) {
    const b = drawFromBag(ctx, true);
    if (b) ctx.emit({ type: 'BUILDING_DRAWN', square, building: b, reason: 'SETUP' });
  }
  // Draft (§3 step 10, §13 #4): reverse order, then forward.
  const tasks: Task[] = [
    ...firstOrder
      .slice()
      .reverse()
      .map((seat): Task => ({ t: 'DRAFT', seat })),
    ...firstOrder.map((seat): Task => ({ t: 'DRAFT', seat })),
    { t: 'ROUND_START' },
  ];
  ctx.state.flow.tasks = tasks;
  advance(ctx);
  finishFlow(ctx);
  return ctx.events;
}
