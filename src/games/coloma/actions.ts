/** The Site actions of a turn (RULES.md §3) and the turn's Barrels and end. */
import type { RuleViolation, Seat } from '../engine';
import type { ColomaCommand } from './commands';
import {
  draw,
  emit,
  fail,
  goldChoices,
  grant,
  paid,
  payment,
  takeBarrel,
  type Cost,
  type Ctx,
  MAX_HORSES,
} from './ctx';
import type { Section, Tool } from './events';
import type { Handler } from './protocol';
import { boomOf, commonOf, mapSpace, neighbours } from './rules';
import type { ColomaState } from './state';

type Of<T extends ColomaCommand['type']> = Extract<ColomaCommand, { type: T }>;

/** May the current turn take `section` of a Site showing `site` (a number or the Barker)? */
export function sectionOpen(s: ColomaState, section: Section, site: number | 'BARKER'): RuleViolation | null {
  const t = s.turn!;
  const at = section === 'COMMON' ? commonOf(s, t.site) : boomOf(s, t.site);
  if (at !== site)
    return fail(
      'NOT_AVAILABLE',
      `your Pioneer has no ${section} action of ${site === 'BARKER' ? 'the Barker' : `Site ${site}`}`,
    );
  if (section === 'COMMON' ? t.commonUsed : t.boomUsed)
    return fail('LIMIT', `the ${section} action is already used this turn`);
  return null;
}

export const sectionOf = (tool: Tool): Section => (tool === 'HAMMER' ? 'COMMON' : 'BOOM');
export const toolCost = (
  tool: Tool,
  c: { hammer: { bucks: number; dudes: number }; saw: { gold: number; dudes: number } },
): Cost => (tool === 'HAMMER' ? { ...c.hammer } : { ...c.saw });
export const TOOLS: Tool[] = ['HAMMER', 'SAW'];

export function payFor(
  s: ColomaState,
  seat: Seat,
  tool: Tool,
  cost: Cost,
  gold: number,
): RuleViolation | null {
  if (tool === 'SAW' && gold > 0) return fail('INSUFFICIENT', 'a Saw cost is paid in Gold, not Bucks');
  const r = payment(s, s.players[seat], cost, gold);
  return 'violation' in r ? r : null;
}

export function choicesFor(s: ColomaState, seat: Seat, tool: Tool, cost: Cost): number[] {
  if (tool === 'SAW') return 'violation' in payment(s, s.players[seat], cost, 0) ? [] : [0];
  return goldChoices(s, s.players[seat], cost);
}

export function siteAction(ctx: Ctx, seat: Seat, section: Section, action: string): void {
  emit(ctx, { type: 'SITE_ACTION', seat, section, action });
}

const shovel: Handler<Of<'SHOVEL'>> = {
  type: 'SHOVEL',
  answers: ['TURN'],
  check: (s) => sectionOpen(s, 'COMMON', 1),
  decide: (ctx, seat) => {
    siteAction(ctx, seat, 'COMMON', 'SHOVEL');
    grant(ctx, seat, ctx.state.data.suttersMill.shovel, 'SUTTERS_MILL');
  },
  legal: () => [{ type: 'SHOVEL' }],
};

const wheelbarrow: Handler<Of<'WHEELBARROW'>> = {
  type: 'WHEELBARROW',
  answers: ['TURN'],
  check: (s) => sectionOpen(s, 'BOOM', 1),
  decide: (ctx, seat) => {
    siteAction(ctx, seat, 'BOOM', 'WHEELBARROW');
    grant(ctx, seat, ctx.state.data.suttersMill.wheelbarrow, 'SUTTERS_MILL');
  },
  legal: () => [{ type: 'WHEELBARROW' }],
};

const buyCost = (s: ColomaState, c: Of<'BUY'>): Cost => ({
  bucks: c.tents * s.data.barkerPrices.tent + c.horses * s.data.barkerPrices.horse,
});

const buy: Handler<Of<'BUY'>> = {
  type: 'BUY',
  answers: ['TURN'],
  check: (s, seat, c) => {
    const p = s.players[seat];
    if (c.tents + c.horses === 0) return fail('ILLEGAL_TARGET', 'buy at least one Tent or Horse');
    if (c.tents > p.supplyTents) return fail('LIMIT', 'no Tents of your colour are left in the supply');
    if (p.horses + c.horses > MAX_HORSES) return fail('LIMIT', 'at most 6 Horses (RB L284)');
    const r = payment(s, p, buyCost(s, c), c.gold);
    return sectionOpen(s, 'COMMON', 'BARKER') ?? ('violation' in r ? r : null);
  },
  decide: (ctx, seat, c) => {
    const amounts = payment(ctx.state, ctx.state.players[seat], buyCost(ctx.state, c), c.gold);
    siteAction(ctx, seat, 'COMMON', 'BUY');
    paid(ctx, seat, amounts as object, 'BARKER');
    grant(ctx, seat, { tents: c.tents, horses: c.horses }, 'BARKER');
  },
  legal: (s, seat) => {
    const p = s.players[seat];
    const out: Of<'BUY'>[] = [];
    for (let tents = 0; tents <= p.supplyTents; tents++)
      for (let horses = 0; horses <= MAX_HORSES - p.horses; horses++)
        for (const gold of goldChoices(s, p, buyCost(s, { type: 'BUY', tents, horses, gold: 0 })))
          out.push({ type: 'BUY', tents, horses, gold });
    return out;
  },
};

const takeBarrelCmd: Handler<Of<'TAKE_BARREL'>> = {
  type: 'TAKE_BARREL',
  answers: ['TURN'],
  check: (s, _seat, c) =>
    sectionOpen(s, 'BOOM', 'BARKER') ??
    (c.from > 0 && s.hideout[c.from - 1] === null
      ? fail('ILLEGAL_TARGET', 'that Hideout space is empty')
      : null),
  decide: (ctx, seat, c) => {
    siteAction(ctx, seat, 'BOOM', 'BARREL');
    takeBarrel(ctx, seat, c.from);
  },
  legal: () => [0, 1, 2, 3, 4].map((from) => ({ type: 'TAKE_BARREL', from })),
};

function riverCheck(s: ColomaState, seat: Seat, c: Of<'EXPLORE_RIVER'>): RuleViolation | null {
  if (s.players[seat].rivers >= 4) return fail('LIMIT', 'at most 4 Rivers (RB L413)');
  return (
    sectionOpen(s, sectionOf(c.tool), 2) ??
    payFor(s, seat, c.tool, toolCost(c.tool, s.data.site2.river), c.gold)
  );
}

const exploreRiver: Handler<Of<'EXPLORE_RIVER'>> = {
  type: 'EXPLORE_RIVER',
  answers: ['TURN'],
  check: riverCheck,
  decide: (ctx, seat, c) => {
    const s = ctx.state;
    const amounts = payment(s, s.players[seat], toolCost(c.tool, s.data.site2.river), c.gold);
    const canyon = s.players[seat].rivers;
    siteAction(ctx, seat, sectionOf(c.tool), c.tool);
    paid(ctx, seat, amounts as object, 'RIVER');
    emit(ctx, { type: 'RIVER_EXPLORED', seat, canyon });
    grant(ctx, seat, ctx.state.data.playerBoard.canyons[canyon].benefit, 'RIVER_CANYON');
  },
  legal: (s, seat) =>
    TOOLS.flatMap((tool) =>
      choicesFor(s, seat, tool, toolCost(tool, s.data.site2.river)).map((gold) => ({
        type: 'EXPLORE_RIVER' as const,
        tool,
        gold,
      })),
    ),
};

function bridgeCheck(s: ColomaState, seat: Seat, c: Of<'BUILD_BRIDGE'>): RuleViolation | null {
  const p = s.players[seat];
  if (!(c.bridge in s.bridges) || s.bridges[c.bridge] === 0)
    return fail('ILLEGAL_TARGET', 'no Bridge of that type is left');
  if (p.bridges.includes(c.bridge)) return fail('LIMIT', 'never two Bridges of one type (RB L413)');
  if (p.bridges.length >= 4 || p.rivers <= p.bridges.length)
    return fail('LIMIT', 'a Bridge needs a River without a Bridge (RB L412-L413)');
  return (
    sectionOpen(s, sectionOf(c.tool), 2) ??
    payFor(s, seat, c.tool, toolCost(c.tool, s.data.site2.bridge), c.gold)
  );
}

const buildBridge: Handler<Of<'BUILD_BRIDGE'>> = {
  type: 'BUILD_BRIDGE',
  answers: ['TURN'],
  check: bridgeCheck,
  decide: (ctx, seat, c) => {
    const s = ctx.state;
    const amounts = payment(s, s.players[seat], toolCost(c.tool, s.data.site2.bridge), c.gold);
    siteAction(ctx, seat, sectionOf(c.tool), c.tool);
    paid(ctx, seat, amounts as object, 'BRIDGE');
    emit(ctx, { type: 'BRIDGE_BUILT', seat, bridge: c.bridge });
  },
  legal: (s, seat) =>
    Object.keys(s.bridges).flatMap((bridge) =>
      TOOLS.flatMap((tool) =>
        choicesFor(s, seat, tool, toolCost(tool, s.data.site2.bridge)).map((gold) => ({
          type: 'BUILD_BRIDGE' as const,
          tool,
          bridge,
          gold,
        })),
      ),
    ),
};

const build: Handler<Of<'BUILD'>> = {
  type: 'BUILD',
  answers: ['TURN'],
  check: (s, seat, c) => {
    if (!s.players[seat].hand.includes(c.card))
      return fail('ILLEGAL_TARGET', 'that card is not in your hand');
    return (
      sectionOpen(s, sectionOf(c.tool), 3) ??
      payFor(s, seat, c.tool, toolCost(c.tool, s.data.buildings[c.card]), c.gold)
    );
  },
  decide: (ctx, seat, c) => {
    const s = ctx.state;
    const amounts = payment(s, s.players[seat], toolCost(c.tool, s.data.buildings[c.card]), c.gold);
    siteAction(ctx, seat, sectionOf(c.tool), c.tool);
    paid(ctx, seat, amounts as object, 'BUILDING');
    emit(ctx, { type: 'BUILDING_BUILT', seat, card: c.card, tool: c.tool });
  },
  legal: (s, seat) =>
    [...new Set(s.players[seat].hand)].flatMap((card) =>
      TOOLS.flatMap((tool) =>
        choicesFor(s, seat, tool, toolCost(tool, s.data.buildings[card])).map((gold) => ({
          type: 'BUILD' as const,
          tool,
          card,
          gold,
        })),
      ),
    ),
};

/** RULES.md §3.6: the spaces counted along `path`, or why it is not a legal Wagon action. */
export function wagonRoute(s: ColomaState, seat: Seat, path: string[]): { counted: string[] } | string {
  const p = s.players[seat];
  const occupied = new Set(s.players.filter((x) => x.seat !== seat).map((x) => x.wagon));
  const seen = new Set([p.wagon]);
  const counted: string[] = [];
  let prev = p.wagon;
  for (const id of path) {
    const space = mapSpace(s, id);
    if (!space || !neighbours(s, prev).includes(id)) return `${id} is not next to ${prev}`;
    if (seen.has(id)) return 'a Wagon action never turns back or re-enters a space (RB L491)';
    seen.add(id);
    if (space.kind === 'TOWN' || !occupied.has(id)) counted.push(id);
    prev = id;
  }
  if (counted[counted.length - 1] !== path[path.length - 1])
    return 'an occupied space is skipped, not stopped on (RB L505-L509)';
  if (counted.length > p.horses)
    return `you move at most as many spaces as your ${p.horses} Horse(s) (RB L463)`;
  return { counted };
}

const wagon: Handler<Of<'WAGON'>> = {
  type: 'WAGON',
  answers: ['TURN'],
  check: (s, seat, c) => {
    if (s.turn!.wagons <= 0) return fail('NOT_AVAILABLE', 'no Wagon action left this turn');
    const r = wagonRoute(s, seat, c.path);
    if (typeof r === 'string') return fail('ILLEGAL_TARGET', r);
    if (c.stopBenefit && mapSpace(s, c.path[c.path.length - 1])!.kind !== 'TOWN')
      return fail('ILLEGAL_TARGET', 'only a Town has a Stop benefit (RB L498-L502)');
    return null;
  },
  decide: (ctx, seat, c) => {
    const s = ctx.state;
    const { counted } = wagonRoute(s, seat, c.path) as { counted: string[] };
    const section: Section = commonOf(s, s.turn!.site) === 4 && !s.turn!.commonUsed ? 'COMMON' : 'BOOM';
    siteAction(ctx, seat, section, 'WAGON');
    emit(ctx, { type: 'WAGON_MOVED', seat, path: [...c.path], stopBenefit: c.stopBenefit });
    counted.forEach((id, i) => {
      const space = mapSpace(ctx.state, id)!;
      const last = i === counted.length - 1;
      grant(ctx, seat, last && c.stopBenefit ? space.stop! : space.benefit, `FRONTIER_${id}`);
      // Range Rider: a vacant Horseshoe (counted spaces are vacant or Towns) draws 1
      if (space.kind === 'HORSESHOE' && ctx.state.players[seat].pioneer === 'RANGE_RIDER') draw(ctx, seat, 1);
    });
  },
  legal: (s, seat) => wagonPaths(s, seat),
};

/** Every simple path of at most Horses counted spaces, each with and without the Stop benefit. */
function wagonPaths(s: ColomaState, seat: Seat): Of<'WAGON'>[] {
  const out: Of<'WAGON'>[] = [];
  const walk = (path: string[]) => {
    if (path.length > 0) {
      const r = wagonRoute(s, seat, path);
      if (typeof r === 'string' && !r.includes('occupied')) return;
      if (typeof r !== 'string') {
        out.push({ type: 'WAGON', path, stopBenefit: false });
        if (mapSpace(s, path[path.length - 1])!.kind === 'TOWN')
          out.push({ type: 'WAGON', path, stopBenefit: true });
      }
    }
    const from = path.length ? path[path.length - 1] : s.players[seat].wagon;
    if (path.length < 20) for (const n of neighbours(s, from)) walk([...path, n]);
  };
  walk([]);
  return out;
}

const placeGunmen: Handler<Of<'PLACE_GUNMEN'>> = {
  type: 'PLACE_GUNMEN',
  answers: ['TURN'],
  check: (s, seat, c) => {
    const open =
      commonOf(s, s.turn!.site) === 5 ? null : fail('NOT_AVAILABLE', 'Gunmen are placed at Site 5 (RB L530)');
    if (open) return open;
    if (s.turn!.gunmen) return fail('LIMIT', 'one row of Gunmen per turn (RB L542)');
    if (c.row >= s.rows.length || s.rows[c.row] !== null)
      return fail('ILLEGAL_TARGET', 'that row is not empty');
    if (s.players[seat].dudes < s.data.shootout.rows[c.row])
      return fail('INSUFFICIENT', 'fill the whole row from your Lodge (RB L538)');
    return null;
  },
  decide: (ctx, seat, c) => {
    siteAction(ctx, seat, 'COMMON', 'GUNMEN');
    emit(ctx, { type: 'GUNMEN_PLACED', seat, row: c.row, dudes: ctx.state.data.shootout.rows[c.row] });
  },
  legal: (s) => s.rows.map((_, row) => ({ type: 'PLACE_GUNMEN', row })),
};

/** A Tent on an Event or a Frontier Land; `anywhere` = Toll House (no adjacency, RULES.md §3.5). */
export function tentCheck(
  s: ColomaState,
  seat: Seat,
  event: number | null,
  land: string | null,
  anywhere: boolean,
): RuleViolation | null {
  const p = s.players[seat];
  if (p.tents < 1) return fail('INSUFFICIENT', 'no Tent in your Lodge');
  if (event !== null)
    return p.eventTents.includes(event)
      ? fail('LIMIT', 'you already have a Tent on that Event (RB L546)')
      : null;
  const l = s.data.frontierMap.lands.find((x) => x.id === land);
  if (!l) return fail('ILLEGAL_TARGET', 'no such Frontier Land');
  if (p.lands.includes(l.id)) return fail('LIMIT', 'one Tent per Frontier Land (RB L564)');
  if (!anywhere && !l.towns.includes(p.wagon))
    return fail('ILLEGAL_TARGET', 'your Wagon must be on a Town next to that Land (RB L562-L563)');
  return null;
}

export function tentTargets(s: ColomaState): { event: number | null; land: string | null }[] {
  return [
    ...[1, 2, 3, 4, 5].map((event) => ({ event, land: null })),
    ...s.data.frontierMap.lands.map((l) => ({ event: null, land: l.id })),
  ];
}

const placeTent: Handler<Of<'PLACE_TENT'>> = {
  type: 'PLACE_TENT',
  answers: ['TURN'],
  check: (s, seat, c) =>
    commonOf(s, s.turn!.site) !== 5
      ? fail('NOT_AVAILABLE', 'Tents are placed at Site 5 (RB L530)')
      : tentCheck(s, seat, c.event, c.land, false),
  decide: (ctx, seat, c) => {
    siteAction(ctx, seat, 'COMMON', 'TENT');
    emit(ctx, { type: 'TENT_PLACED', seat, event: c.event, land: c.land });
  },
  legal: (s) => tentTargets(s).map((t) => ({ type: 'PLACE_TENT', ...t })),
};

const gainTent: Handler<Of<'GAIN_TENT'>> = {
  type: 'GAIN_TENT',
  answers: ['TURN'],
  check: (s) => sectionOpen(s, 'BOOM', 5),
  decide: (ctx, seat) => {
    siteAction(ctx, seat, 'BOOM', 'GAIN_TENT');
    grant(ctx, seat, { tents: 1 }, 'SITE_5_BOOM');
  },
  legal: () => [{ type: 'GAIN_TENT' }],
};

const useBarrel: Handler<Of<'USE_BARREL'>> = {
  type: 'USE_BARREL',
  answers: ['TURN'],
  check: (s, seat, c) => {
    const b = s.players[seat].barrels[c.index];
    return !b || b.used ? fail('ILLEGAL_TARGET', 'no unused Barrel there') : null;
  },
  decide: (ctx, seat, c) => {
    const b = ctx.state.players[seat].barrels[c.index];
    emit(ctx, { type: 'BARREL_USED', seat, index: c.index });
    grant(ctx, seat, ctx.state.data.barrels.find((x) => x.id === b.id)!.use, `BARREL_${b.id}`);
  },
  legal: (s, seat) => s.players[seat].barrels.map((_, index) => ({ type: 'USE_BARREL', index })),
};

const endTurn: Handler<Of<'FINISH_TURN'>> = {
  type: 'FINISH_TURN',
  answers: ['TURN'],
  check: () => null,
  decide: (ctx, seat) => emit(ctx, { type: 'TURN_ENDED', seat }),
  legal: () => [{ type: 'FINISH_TURN' }],
};

export const ACTION_HANDLERS = {
  SHOVEL: shovel,
  WHEELBARROW: wheelbarrow,
  BUY: buy,
  TAKE_BARREL: takeBarrelCmd,
  EXPLORE_RIVER: exploreRiver,
  BUILD_BRIDGE: buildBridge,
  BUILD: build,
  WAGON: wagon,
  PLACE_GUNMEN: placeGunmen,
  PLACE_TENT: placeTent,
  GAIN_TENT: gainTent,
  USE_BARREL: useBarrel,
  FINISH_TURN: endTurn,
};
