/** decide: validate a command, apply it, then run the automatic steps to the next prompt. */
import { isViolation, type RuleViolation, type Seat } from '../engine';
import type { Rng } from '../random';
import { edgeId, parcelIndex } from './data/board';
import { BUILDINGS } from './data/buildings';
import { GOVERNOR } from './data/personalities';
import { canBuildSomething, commitBuild } from './build';
import type { CarsonCommand } from './commands';
import { rules3 } from './agenda-modules';
import { Ctx } from './ctx';
import { evolveAgenda as evolve, resolveRules } from './agenda-resolve';
import { rememberFold, rememberStep } from './fold-memo';
import type { CarsonEvent } from './events';
import { advance, kitCarson } from './flow';
import { townHallOptions } from './phases/end-of-round/flow';
import { marksmanDuelStep, runDuelAt } from './phases/resolution/duels';
import { bid, OPTION_HANDLERS, parcelHandler, PERSONALITY_DEFS, takeBuilding } from './personalities';
import { cashLimit, governorParcels, holds, isBridge, newlyConnectedBy, parcelPrice } from './rules';
import type { CarsonState, PendingBuild, PromptState } from './state';
import { ownPlacement, sideFor, targetLoc, validate } from './validate';
import { PORTS } from './ports';

export function decide(
  state: CarsonState,
  seat: Seat,
  command: CarsonCommand,
  rng: Rng,
): CarsonEvent[] | RuleViolation {
  const v = validate(state, seat, command);
  if (isViolation(v)) return v;
  const ctx = Ctx.over(state, rng);
  apply(ctx, seat, command);
  advance(ctx);
  finishFlow(ctx, state);
  return ctx.events;
}

/**
 * Close a decision (or the setup, `from` null): the events' facts, folded by `evolve` from `from`,
 * move the flow on by agenda.ts's rules. In games of agenda rules 4 they always reach the control
 * state the engine reached; in older games a FLOW event records it where they do not, so replaying
 * the events from `from` rebuilds the state exactly. A rules-4 miss is an engine bug, which the
 * contract (no engine appends a FLOW, every option set) and agenda-rules4.spec fail on; a live game
 * that meets one still records its FLOW, as older rules do, and goes on: a thrown error would
 * refuse every command of that position, and a correspondence game (its bot and timer turns too)
 * would stall for good. Operators find such games by a FLOW after a GAME_STARTED of agenda 4.
 */
export function finishFlow(ctx: Ctx, from: CarsonState | null): void {
  let derived = from;
  rememberFold(from);
  for (const e of ctx.events) rememberStep(e, (derived = evolve(derived, e)));
  const flow = ctx.state.flow;
  if (derived && sameJson(derived.flow, flow)) return;
  ctx.emit({ type: 'FLOW', flow: { ...flow, tasks: flow.tasks.slice() } });
}

/** Deep equality of JSON values (object key order aside; keys holding undefined count as absent). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  // No closures (this runs after every decision). Arrays of one length: entry by entry (an
  // undefined entry matches only an undefined one, as keys holding undefined count as absent);
  // otherwise a's defined keys all match in b, and b has as many defined keys.
  if (arrays && (a as unknown[]).length === (b as unknown[]).length) {
    const x = a as unknown[];
    const y = b as unknown[];
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      const w = y[i];
      // The same entry (most of the agenda's tasks are shared): no call.
      if (v !== w && (v === undefined || w === undefined || !sameJson(v, w))) return false;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  // for-in, not Object.keys: no key arrays (plain JSON values: own enumerable keys only).
  let defined = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    defined++;
    const w = y[k];
    if (v !== w && !sameJson(v, w)) return false;
  }
  for (const k in y) if (y[k] !== undefined) defined--;
  return defined === 0;
}

/** Declines another fact already records (agenda rules 3 record the others as ACTION_DECLINED). */
const RECORDED_DECLINES: readonly PromptState['kind'][] = ['BID', 'BUY_HORSE', 'STABLE_TWO', 'STABLE_HORSE'];

type Applier = (ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState) => void;

/** Where each command is applied (a command of no entry changes nothing). */
const APPLY: Partial<Record<CarsonCommand['type'], Applier>> = {
  PLACE_ROAD: applyRoad,
  CHOOSE_STARTING_PARCEL: applyDraftAndPicks,
  PICK_CHARACTER: applyDraftAndPicks,
  FILL_SHEET: applyDraftAndPicks,
  PLACE_COWBOY: applyPlacement,
  PASS: applyPlacement,
  LOCK: applyPlacement,
  RELOCATE_COWBOY: applyPlacement,
  WITHDRAW_COWBOY: applyPlacement,
  STABLE_HORSE: applyPlacement,
  BUY_HORSE: applyPlacement,
  MOVE_PLACED_COWBOY: applyPurchases,
  CHOOSE_DUEL_ORDER: applyPurchases,
  BUY_PARCEL: applyPurchases,
  BUY_BUILDING: applyPurchases,
  DECLINE_ACTION: applyPurchases,
  BUY_VP: applyPurchases,
  KEEP_PENDING: applyPurchases,
  BUILD_PENDING: applyPurchases,
  PLACE_HOUSE: applyBuilding,
  CANCEL_BUILD: applyBuilding,
  ANSWER_CONSENT: applyBuilding,
  SPEND_CASH: applyBuilding,
  PLACE_TOWN_HALL: applyBuilding,
  CHOOSE_OPTION: applyMenus,
  CHOOSE_PARCEL: applyMenus,
  TAKE_BUILDING: applyMenus,
  BID: applyMenus,
  MOVE_COWBOY: applyMenus,
  CHOOSE_DUEL_DIE: applyMenus,
  CHOOSE_DUEL_TILE: applyMenus,
};

function apply(ctx: Ctx, seat: Seat, cmd: CarsonCommand): void {
  const prompt = ctx.state.flow.prompt!;
  if (cmd.type !== 'PLACE_ROAD') ctx.prompt(null);
  APPLY[cmd.type]?.(ctx, seat, cmd, prompt);
}

/** A road from the reserve, at any prompt of the seat (§13 #14); the flow stays as it was. */
function applyRoad(ctx: Ctx, seat: Seat, cmd: CarsonCommand): void {
  if (cmd.type !== 'PLACE_ROAD') return;
  const s = ctx.state;
  const edge = edgeId(cmd.edge);
  const newly = newlyConnectedBy(s, edge);
  // Carson River: a road on a bridge slot is a bridge, 2 roads from the reserve (§10.2).
  const bridge = isBridge(s, edge);
  ctx.emit({
    type: 'ROAD_PLACED',
    seat,
    edge,
    newlyConnected: newly,
    fromReserve: true,
    ...(bridge && { bridge: true as const }),
  });
  // Yellow Governor: +1 VP per road reaching a newly connected parcel, +2 VP for such a
  // bridge (§9.1 #13, §10.2); river parcels are not "new parcels" (governorParcels).
  if (governorParcels(s, newly).length > 0 && holds(s, seat, GOVERNOR, 'YELLOW')) {
    ctx.emit(
      bridge
        ? { type: 'VP', seat, delta: 2, reason: 'GOVERNOR_BRIDGE' }
        : { type: 'VP', seat, delta: 1, reason: 'GOVERNOR_ROAD' },
    );
  }
}

/** The starting parcels, the picks and A New Beginning's sheets (§3, §4.2, §10.1). */
function applyDraftAndPicks(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'CHOOSE_STARTING_PARCEL':
      ctx.emit({
        type: 'PARCEL_CLAIMED',
        seat,
        parcel: parcelIndex(cmd.parcel.c, cmd.parcel.r),
        price: 0,
        reason: 'DRAFT',
        rolls: [],
      });
      return;
    case 'PICK_CHARACTER': {
      const side = sideFor(s, cmd.personality, cmd.side, seat)!;
      const paperboy = prompt.kind === 'PICK_CHARACTER' && prompt.paperboy;
      // A New Beginning: Great service done's second tile (§10.1); effects add up.
      const service = prompt.kind === 'GREAT_SERVICE';
      ctx.emit({
        type: 'CHARACTER_PICKED',
        seat,
        personality: cmd.personality,
        side,
        paperboy,
        ...(service && { greatService: true as const }),
      });
      // Influential connections: the tile stays on the side chosen (§10.1).
      const tile = s.tiles.find((t) => t.id === cmd.personality)!;
      if (tile.side !== 'EITHER' && tile.side !== side)
        ctx.emit({ type: 'TILE_FLIPPED', id: tile.id, side, reason: 'INFLUENTIAL' });
      PERSONALITY_DEFS[cmd.personality]?.onPick?.(ctx, seat, side);
      return;
    }
    case 'FILL_SHEET': {
      // Sealed (§10.1): only the sender sees this event's sheet until the reveal (view.redact).
      const { type: _type, ...sheet } = cmd;
      ctx.emit({ type: 'SHEET_SEALED', seat, sheet });
      const waiting = prompt.kind === 'FILL_SHEET' ? prompt.waiting.filter((x) => x !== seat) : [];
      if (waiting.length > 0) ctx.prompt({ seat: waiting[0], kind: 'FILL_SHEET', waiting });
      return;
    }
  }
}

/** Phase 2: placements, passes and locks, Horses' stables (§4.3, §10.4, §10.6). */
function applyPlacement(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'PLACE_COWBOY': {
      const loc = targetLoc(cmd.target);
      const extra = cmd.extra === true;
      if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'EXTRA_COWBOY' });
      ctx.emit({
        type: 'COWBOY_PLACED',
        seat,
        loc,
        white: cmd.white === true,
        noDuel: cmd.noDuel === true || extra,
        dynamite: cmd.dynamite === true,
        extra,
        ...(kitCarson(s) && { seq: kitSeq(prompt) }),
      });
      if (extra) ctx.emit({ type: 'OPTION_CHOSEN', seat, purpose: 'SINGER_EXTRA', option: 'USED' });
      nextPlacement(ctx, prompt);
      // Horses: a horse into a stable after each placement, the extra one of stable 2 included
      // (§10.6, §13 #32). The next placement turn waits on the agenda. Kit Carson: only while the
      // seat has stabled fewer horses this round than it has cowboys on the board, so withdrawing
      // and placing again never brings more horses than placing once (§10.4 decision).
      if (prompt.kind === 'PLACE_COWBOY' || prompt.kind === 'STABLE_TWO') {
        if (!kitCarson(s) || PORTS.kit.kitHorseDue(ctx.state, seat))
          PORTS.horses.offerHorse(ctx, seat, prompt.index);
      } else if (prompt.kind === 'KIT_PLACEMENT' && PORTS.kit.kitHorseDue(ctx.state, seat))
        PORTS.horses.offerHorse(ctx, seat, 0);
      return;
    }
    case 'PASS':
      if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'PASS' });
      ctx.emit({
        type: 'PASSED',
        seat,
        position: s.passed.length + 1,
        automatic: false,
        ...(kitCarson(s) && { seq: kitSeq(prompt) }),
      });
      nextPlacement(ctx, prompt);
      return;
    case 'LOCK':
      ctx.emit({
        type: 'PASSED',
        seat,
        position: s.passed.length + 1,
        automatic: false,
        seq: kitSeq(prompt),
      });
      nextPlacement(ctx, prompt);
      return;
    case 'RELOCATE_COWBOY':
    case 'WITHDRAW_COWBOY': {
      const placed = ownPlacement(s, seat, cmd)!;
      const markers = {
        white: placed.white,
        noDuel: placed.noDuel,
        dynamite: placed.dynamite,
        extra: placed.extra,
      };
      if (cmd.type === 'RELOCATE_COWBOY') {
        ctx.emit({
          type: 'COWBOY_RELOCATED',
          seat,
          from: placed.loc,
          to: targetLoc(cmd.to),
          ...markers,
          seq: kitSeq(prompt),
        });
      } else ctx.emit({ type: 'COWBOY_WITHDRAWN', seat, loc: placed.loc, ...markers, seq: kitSeq(prompt) });
      nextPlacement(ctx, prompt);
      return;
    }
    case 'STABLE_HORSE':
      if (prompt.kind !== 'STABLE_HORSE') return;
      ctx.emit({ type: 'HORSE_STABLED', seat, stable: cmd.stable });
      PORTS.horses.stableEffect(ctx, seat, cmd.stable, prompt.index);
      return;
    case 'BUY_HORSE':
      if (prompt.kind !== 'BUY_HORSE') return;
      ctx.emit({ type: 'HORSE_BOUGHT', seat, price: prompt.price, stable: cmd.stable });
      PORTS.horses.stableEffect(ctx, seat, cmd.stable, -1);
      return;
  }
}

/** Phase 3 choices: moved cowboys, duel order, parcels, buildings, VP, building windows (§5). */
function applyPurchases(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'MOVE_PLACED_COWBOY': {
      const from = targetLoc(cmd.from);
      ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'MOVE_COWBOY' });
      ctx.emit({ type: 'COWBOY_RETURNED', seat, loc: from, to: 'RESERVE', white: false, reason: 'STABLE_2' });
      if (cmd.to) {
        const loc = targetLoc(cmd.to);
        ctx.emit({
          type: 'COWBOY_PLACED',
          seat,
          loc,
          white: false,
          noDuel: false,
          dynamite: false,
          extra: false,
          // A fact only agenda rules 3 read: games that declared older rules store what they did.
          ...(rules3(s) && { moved: true }),
        });
      }
      return;
    }
    case 'CHOOSE_DUEL_ORDER':
      if (prompt.kind === 'CHOOSE_DUEL_ORDER') {
        const loc = `${prompt.step === 'PARCELS' ? 'P' : 'B'}:${parcelIndex(cmd.parcel.c, cmd.parcel.r)}`;
        // Agenda rules 3: the choice is a fact (a tile or Marksman duel emits nothing before its prompts).
        if (rules3(s)) ctx.emit({ type: 'DUEL_ORDER_CHOSEN', seat, step: prompt.step, loc });
        runDuelAt(ctx, loc);
      }
      return;
    case 'BUY_PARCEL':
      if (prompt.kind === 'BUY_PARCEL') {
        ctx.emit({
          type: 'PARCEL_CLAIMED',
          seat,
          parcel: prompt.parcel,
          price: parcelPrice(s, prompt.parcel, seat),
          reason: 'PURCHASE',
          rolls: [],
        });
      }
      return;
    case 'BUY_BUILDING':
      if (prompt.kind === 'BUY_BUILDING') {
        ctx.emit({
          type: 'BUILDING_BOUGHT',
          seat,
          from: 'TRACK',
          square: prompt.square,
          building: prompt.building,
          price: prompt.price,
          reason: 'PURCHASE',
        });
        ctx.prompt({ seat, kind: 'PLACE_BUILDING', mode: 'PURCHASE', only: prompt.building });
      }
      return;
    case 'DECLINE_ACTION':
      if (prompt.kind === 'BID') bid(ctx, seat, prompt.auction, null);
      // Horses: a declined horse purchase is the ordinary $4 of Wages (§10.6).
      if (prompt.kind === 'BUY_HORSE') ctx.emit({ type: 'MONEY', seat, delta: 4, reason: 'WAGES' });
      if (prompt.kind === 'STABLE_TWO') ctx.emit({ type: 'STABLE_TWO_CHOSEN', seat, choice: 'NOTHING' });
      if (prompt.kind === 'STABLE_HORSE') ctx.emit({ type: 'HORSE_KEPT', seat });
      else if (resolveRules(s) && !RECORDED_DECLINES.includes(prompt.kind))
        ctx.emit({
          type: 'ACTION_DECLINED',
          seat,
          prompt: prompt.kind,
          ...('purpose' in prompt && { purpose: prompt.purpose }),
        });
      return;
    case 'BUY_VP':
      if (prompt.kind === 'BUY_VP') {
        ctx.emit({
          type: 'VP_BOUGHT',
          seat,
          count: cmd.count,
          price: prompt.price,
          paid: cmd.count * prompt.price,
        });
      }
      return;
    case 'KEEP_PENDING':
      if (resolveRules(s)) ctx.emit({ type: 'PENDING_KEPT', seat });
      return;
    case 'BUILD_PENDING': {
      if (prompt.kind !== 'PLACE_BUILDING') return;
      const parcel = parcelIndex(cmd.parcel.c, cmd.parcel.r);
      if (resolveRules(s)) ctx.emit({ type: 'BUILD_STARTED', seat, building: cmd.building, parcel });
      const build: PendingBuild = {
        building: cmd.building,
        parcel,
        needed: BUILDINGS[cmd.building].houses,
        houses: [],
        refused: prompt.refused ?? [],
        mode: prompt.mode,
      };
      return continueBuild(ctx, seat, build, prompt.only);
    }
  }
}

/** Houses, consents, the cash limit and the Town Hall (§5.6, §7). */
function applyBuilding(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'PLACE_HOUSE': {
      if (prompt.kind !== 'PLACE_HOUSE') return;
      const house = { parcel: parcelIndex(cmd.parcel.c, cmd.parcel.r), town: cmd.townHouse };
      if (resolveRules(s)) ctx.emit({ type: 'HOUSE_CHOSEN', seat, parcel: house.parcel, town: house.town });
      const owner = s.parcels[house.parcel].owner;
      if (owner !== null && owner !== seat && PORTS.solo.isStandish(s, owner)) {
        // Solo: Standish never lets a House onto his parcel (decision, §11.3 "what would you not
        // want him to do": the House would only serve the player's building).
        ctx.emit({
          type: 'CONSENT_ANSWERED',
          seat: owner,
          requester: seat,
          parcel: house.parcel,
          accept: false,
        });
        return continueBuild(
          ctx,
          seat,
          { ...prompt.build, refused: [...prompt.build.refused, house.parcel] },
          onlyOf(prompt.build),
        );
      }
      if (owner !== null && owner !== seat) {
        ctx.prompt({ seat: owner, kind: 'CONSENT', requester: seat, build: prompt.build, house });
        return;
      }
      return continueBuild(
        ctx,
        seat,
        { ...prompt.build, houses: [...prompt.build.houses, house] },
        onlyOf(prompt.build),
      );
    }
    case 'CANCEL_BUILD':
      if (prompt.kind === 'PLACE_HOUSE') {
        const { building, parcel } = prompt.build;
        if (resolveRules(s)) ctx.emit({ type: 'BUILD_CANCELLED', seat, building, parcel });
        const refused = prompt.build.refused;
        ctx.prompt({
          seat,
          kind: 'PLACE_BUILDING',
          mode: prompt.build.mode,
          only: onlyOf(prompt.build),
          ...(refused.length > 0 && { refused }),
        });
      }
      return;
    case 'ANSWER_CONSENT': {
      if (prompt.kind !== 'CONSENT') return;
      ctx.emit({
        type: 'CONSENT_ANSWERED',
        seat,
        requester: prompt.requester,
        parcel: prompt.house.parcel,
        accept: cmd.accept,
      });
      const build = cmd.accept
        ? { ...prompt.build, houses: [...prompt.build.houses, prompt.house] }
        : { ...prompt.build, refused: [...prompt.build.refused, prompt.house.parcel] };
      return continueBuild(ctx, prompt.requester, build, onlyOf(prompt.build));
    }
    case 'SPEND_CASH':
      if (prompt.kind === 'SPEND_CASH') {
        ctx.emit({
          type: 'CASH_SPENT',
          seat,
          amount: cmd.amount,
          cashLimit: cashLimit(s, seat),
          vp: Math.floor(cmd.amount / 10),
        });
      }
      return;
    case 'PLACE_TOWN_HALL': {
      const p = parcelIndex(cmd.parcel.c, cmd.parcel.r);
      const opt = townHallOptions(s).find((o) => o.parcel === p)!;
      ctx.emit({ type: 'TOWN_HALL_PLACED', seat, parcel: p, roads: opt.roads });
      return;
    }
  }
}

/** Personality menus and parcels, bids, and the modules' duel choices (§9, §10.1, §10.3). */
function applyMenus(ctx: Ctx, seat: Seat, cmd: CarsonCommand, prompt: PromptState): void {
  const s = ctx.state;
  switch (cmd.type) {
    case 'CHOOSE_OPTION':
      if (prompt.kind === 'CHOOSE_OPTION') {
        ctx.emit({ type: 'OPTION_CHOSEN', seat, purpose: prompt.purpose, option: cmd.option });
        if (prompt.purpose === PORTS.might.marksmanDiscardPurpose && prompt.duel) {
          // A New Beginning's Marksman with Might is Right (§10.1): discard the last 2, draw 5.
          if (cmd.option === 'DISCARD') PORTS.might.discardLastTwo(ctx, seat);
          PORTS.might.startTileDuel(ctx, prompt.duel);
        } else if (prompt.purpose.startsWith('OUTLAW_REWARD:'))
          PORTS.outlaws.outlawRewardChosen(ctx, seat, prompt.purpose, cmd.option);
        else if (prompt.purpose === PORTS.outlaws.moveOrderPurpose)
          PORTS.outlaws.outlawMoveChosen(ctx, prompt.options, cmd.option);
        else OPTION_HANDLERS[prompt.purpose]?.(ctx, seat, cmd.option);
      }
      return;
    case 'CHOOSE_PARCEL':
      if (prompt.kind === 'CHOOSE_PARCEL') {
        const parcel = parcelIndex(cmd.parcel.c, cmd.parcel.r);
        if (prompt.purpose.startsWith('AUCTION_') && resolveRules(s))
          ctx.emit({ type: 'AUCTION_PARCEL_CHOSEN', seat, parcel });
        parcelHandler(prompt.purpose)?.(ctx, seat, parcel);
      }
      return;
    case 'TAKE_BUILDING':
      takeBuilding(ctx, seat, cmd.square);
      return;
    case 'BID':
      if (prompt.kind === 'BID') bid(ctx, seat, prompt.auction, cmd.amount);
      return;
    case 'MOVE_COWBOY': {
      const doctor = s.players.findIndex((_, i) => holds(s, i, 14, 'YELLOW'));
      const paid = doctor === seat || doctor < 0 ? 0 : 3;
      ctx.emit({ type: 'COWBOY_MOVED', seat, to: `A:${cmd.action}`, paid });
      if (paid > 0) ctx.emit({ type: 'MONEY', seat: doctor, delta: paid, reason: 'DOCTOR' });
      return;
    }
    case 'CHOOSE_DUEL_DIE': {
      // A New Beginning, Marksman (§10.1): the kept die, then the next choice or the settlement.
      if (prompt.kind !== 'CHOOSE_DUEL_DIE') return;
      const duel = prompt.duel;
      const dice = cmd.dice.slice().sort((a, b) => a - b);
      ctx.emit({ type: 'DUEL_DIE_KEPT', seat, loc: duel.loc, dice });
      const i = duel.seats.indexOf(seat);
      marksmanDuelStep(ctx, { ...duel, kept: duel.kept.map((k, j) => (j === i ? dice : k)) });
      return;
    }
    case 'CHOOSE_DUEL_TILE': {
      // Might is Right sealed commit (§10.3): record the choice (redacted for the others), then
      // wait for the other seats, or reveal / let the red Gunsmith choose / settle.
      if (prompt.kind !== 'CHOOSE_DUEL_TILE') return;
      ctx.emit({
        type: 'DUEL_TILES_CHOSEN',
        seat,
        loc: prompt.duel.loc,
        tiles: cmd.tiles.slice(),
        count: cmd.tiles.length,
      });
      const i = prompt.waiting.indexOf(seat);
      const waiting = prompt.waiting.filter((_, k) => k !== i);
      const need = prompt.need.filter((_, k) => k !== i);
      if (waiting.length > 0) ctx.prompt({ ...prompt, seat: waiting[0], waiting, need });
      else PORTS.might.tileDuelStep(ctx, prompt.duel);
      return;
    }
  }
}

/**
 * Kit Carson: the sequence number of this placement command in the round's Phase 2 (§10.4: each
 * accepted command is numbered). The first player's opening is 1.
 */
function kitSeq(prompt: PromptState): number {
  return prompt.kind === 'KIT_PLACEMENT' ? prompt.seq + 1 : 1;
}

/** After a Phase 2 command: the next turn (§4.3), or Kit Carson's session again (§10.4). */
function nextPlacement(ctx: Ctx, prompt: PromptState): void {
  if (prompt.kind === 'PLACE_COWBOY') {
    ctx.push(
      kitCarson(ctx.state) ? { t: 'KIT_SESSION', seq: 1 } : { t: 'PLACE_TURN', index: prompt.index + 1 },
    );
  } else if (prompt.kind === 'KIT_PLACEMENT') ctx.push({ t: 'KIT_SESSION', seq: prompt.seq + 1 });
}

function onlyOf(build: PendingBuild): PendingBuild['building'] | null {
  return build.mode === 'PURCHASE' ? build.building : null;
}

/** Next House prompt, or the finished building (then the window continues, §5.6). */
function continueBuild(
  ctx: Ctx,
  seat: Seat,
  build: PendingBuild,
  only: PendingBuild['building'] | null,
): void {
  if (build.houses.length < build.needed) {
    ctx.prompt({ seat, kind: 'PLACE_HOUSE', build });
    return;
  }
  commitBuild(ctx, seat, build);
  const s = ctx.state;
  if (
    build.mode === 'WINDOW' &&
    s.players[seat].pending.length > 0 &&
    (canBuildSomething(s, seat) || s.players[seat].roads > 0)
  ) {
    ctx.prompt({ seat, kind: 'PLACE_BUILDING', mode: 'WINDOW', only });
  } else ctx.prompt(null);
}
