/**
 * Is a command legal for a seat now? Returns null or the violation (stable codes). The common
 * part (protocol.ts step 2): the game is not over, the seat has a prompt, the command's handler
 * answers its kind; then the handler's own `check`. The refusal codes and `promptOf` are in
 * codes.ts, the placement rules in phases/placement/rules.ts (re-exported here for the callers
 * that read them from validate).
 */
import { CommonViolations, violation, type RuleViolation, type Seat } from '../engine';
import { parcelIndex, type ParcelRef } from './data/board';
import { PAPERBOY, SHERIFF, TEACHER } from './data/personalities';
import { buildTargets, houseSpots, parcelAllows } from './build';
import { Codes, promptOf, riverViolation } from './codes';
import type { CarsonCommand } from './commands';
import { doctorDestinations, kitCarson, townHallOptions } from './flow';
import { mightOf } from './table';
import { moveViolation, placementViolation } from './phases/placement/rules';
import { ANSWERING, HANDLERS } from './protocol';
import { isRiver, schoolOnSide } from './rules';
import type { CarsonState, PromptState } from './state';
import { PORTS } from './ports';

export { Codes, promptOf } from './codes';
export {
  locationViolation,
  markerViolation,
  ownPlacement,
  placementViolation,
  targetLoc,
  withoutCowboy,
} from './phases/placement/rules';

const P = (r: ParcelRef) => parcelIndex(r.c, r.r);

const wrongPrompt = (cmd: CarsonCommand, prompt: PromptState): RuleViolation =>
  violation(Codes.WRONG_PROMPT, `${cmd.type} does not answer ${prompt.kind}`);

export function validate(s: CarsonState, seat: Seat, cmd: CarsonCommand): RuleViolation | null {
  if (s.flow.phase === 'GAME_OVER') return violation(CommonViolations.GAME_OVER, 'the game is over');
  const prompt = promptOf(s, seat);
  if (!prompt) return violation(CommonViolations.NOT_YOUR_TURN, 'you have nothing to decide now');
  const h = ANSWERING[prompt.kind]?.[cmd.type];
  if (h) return h.check(s, seat, cmd);
  if (HANDLERS[cmd.type]) return wrongPrompt(cmd, prompt);
  return oldValidate(s, seat, cmd, prompt);
}

/**
 * Which side a tile is taken on (Teacher forced by round, §9.2 #17; 14 chosen by the holder; any
 * other tile chosen by a holder of Influential connections, §10.1, its own side when not given).
 */
export function sideFor(
  s: CarsonState,
  id: number,
  requested: string | undefined,
  seat: Seat,
): 'YELLOW' | 'RED' | null {
  const tile = s.tiles.find((t) => t.id === id);
  if (!tile) return null;
  if (tile.side !== 'EITHER' && PORTS.anb.chooseSideFreely(s, seat, id)) {
    if (requested === undefined) return tile.side;
    return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  }
  if (id === TEACHER) return requested === undefined ? (s.round === 4 ? 'RED' : 'YELLOW') : null;
  if (tile.side === 'EITHER') return requested === 'YELLOW' || requested === 'RED' ? requested : null;
  return requested === undefined ? tile.side : null;
}

function pickViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PICK_CHARACTER' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'PICK_CHARACTER') return wrong();
  const tile = s.tiles.find((t) => t.id === cmd.personality);
  if (!tile || tile.takenBy !== null)
    return violation(Codes.TILE_UNAVAILABLE, 'that personality is not available');
  if (prompt.paperboy && (cmd.personality === SHERIFF || cmd.personality === PAPERBOY)) {
    return violation(Codes.TILE_UNAVAILABLE, 'the Paperboy cannot take the Sheriff');
  }
  return sideFor(s, cmd.personality, cmd.side, seat)
    ? null
    : violation(Codes.ILLEGAL_SIDE, 'side only for the Doctor/Undertaker');
}

function greatServiceViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'GREAT_SERVICE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'PICK_CHARACTER') return wrong();
  if (!prompt.tiles.includes(cmd.personality)) {
    return violation(Codes.TILE_UNAVAILABLE, 'take one of the personalities left, not the Paperboy (§10.1)');
  }
  return sideFor(s, cmd.personality, cmd.side, seat)
    ? null
    : violation(Codes.ILLEGAL_SIDE, 'side only for the Doctor/Undertaker');
}

function placeBuildingViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PLACE_BUILDING' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  const player = s.players[seat];
  if (cmd.type === 'KEEP_PENDING') return null;
  if (cmd.type !== 'BUILD_PENDING') return wrong();
  if (!player.pending.includes(cmd.building) || (prompt.only !== null && prompt.only !== cmd.building)) {
    return violation(Codes.NOT_PENDING, 'that building is not pending for you here');
  }
  const p = P(cmd.parcel);
  if (isRiver(s, p)) return riverViolation();
  if (!parcelAllows(s, seat, cmd.building, p)) {
    const cell = s.parcels[p];
    if (PORTS.outlaws.hasOutlaw(s, p))
      return violation(Codes.OUTLAW_PARCEL, "nothing is built on an outlaw's parcel (§10.5)");
    if (cmd.building === 'SCHOOL' && cell.owner === seat && cell.content === null && schoolOnSide(s, p)) {
      return violation(
        Codes.ONE_SCHOOL_PER_SIDE,
        'a School already stands on this side of the river (§10.2)',
      );
    }
    return violation(Codes.ILLEGAL_PARCEL, 'you cannot build there');
  }
  return buildTargets(s, seat, cmd.building, prompt.refused).includes(p)
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'no room for its Houses');
}

function placeHouseViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'PLACE_HOUSE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'CANCEL_BUILD') return null;
  if (cmd.type !== 'PLACE_HOUSE') return wrong();
  const p = P(cmd.parcel);
  if (isRiver(s, p)) return riverViolation();
  if (PORTS.outlaws.hasOutlaw(s, p))
    return violation(Codes.OUTLAW_PARCEL, "no House on an outlaw's parcel (§10.5)");
  return houseSpots(s, prompt.build).some((h) => h.parcel === p && h.town === cmd.townHouse)
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'a House needs an empty connected parcel (or a House to flip)');
}

function stableHorseViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'STABLE_HORSE') return wrong();
  // Kit Carson: stable 2 (its extra placement / move / pass) is not used (§10.4, PT p. 19).
  if (cmd.stable === 2 && kitCarson(s))
    return violation(Codes.ILLEGAL_TARGET, 'stable 2 is not used with Kit Carson');
  return PORTS.horses.canStable(s, seat)
    ? null
    : violation(Codes.NO_HORSE, 'no horse in your personal supply');
}

function stableTwoViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  wrong: () => RuleViolation,
): RuleViolation | null {
  // Stable 2 (§10.6): an extra cowboy from the reserve, a move, a pass, or nothing.
  if (cmd.type === 'PASS' || cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type === 'PLACE_COWBOY') {
    if (cmd.extra === true) return violation(Codes.NO_COWBOY, 'the extra cowboy comes from your reserve');
    return placementViolation(s, seat, cmd);
  }
  if (cmd.type !== 'MOVE_PLACED_COWBOY') return wrong();
  return moveViolation(s, seat, cmd);
}

function duelTileViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_TILE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_TILE') return wrong();
  const need = prompt.need[prompt.waiting.indexOf(seat)];
  if (cmd.tiles.length !== need) return violation(Codes.ILLEGAL_TILES, `choose exactly ${need} tile(s)`);
  // Only the seat's own hand is consulted: the message reveals nothing of anyone else's.
  return PORTS.might.inHand(mightOf(s)!.hands[seat], cmd.tiles)
    ? null
    : violation(Codes.ILLEGAL_TILES, 'you do not hold those tiles');
}

function duelOrderViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_ORDER' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_ORDER') return wrong();
  const key = `${prompt.step === 'PARCELS' ? 'P' : 'B'}:${P(cmd.parcel)}`;
  return prompt.locs.includes(key) ? null : violation(Codes.ILLEGAL_TARGET, 'no pending duel there');
}

function chooseParcelViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_PARCEL' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION')
    return prompt.optional ? null : violation(Codes.ILLEGAL_OPTION, 'this choice is compulsory');
  if (cmd.type !== 'CHOOSE_PARCEL') return wrong();
  if (isRiver(s, P(cmd.parcel))) return riverViolation();
  return prompt.parcels.includes(P(cmd.parcel))
    ? null
    : violation(Codes.ILLEGAL_PARCEL, 'not one of the parcels offered');
}

function takeBuildingViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'TAKE_BUILDING' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'TAKE_BUILDING') return wrong();
  return prompt.squares.includes(cmd.square) ? null : violation(Codes.ILLEGAL_TARGET, 'no building there');
}

function bidViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'BID' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  const player = s.players[seat];
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'BID') return wrong();
  return cmd.amount > prompt.auction.bid && cmd.amount >= 1 && cmd.amount <= player.money
    ? null
    : violation(Codes.ILLEGAL_AMOUNT, 'bid more than the current bid, at most your money');
}

function moveCowboyViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'MOVE_COWBOY' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type === 'DECLINE_ACTION') return null;
  if (cmd.type !== 'MOVE_COWBOY') return wrong();
  return prompt.actions.includes(cmd.action) && doctorDestinations(s).includes(cmd.action)
    ? null
    : violation(Codes.ILLEGAL_TARGET, 'not a free unresolved action square');
}

function duelDieViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: Extract<PromptState, { kind: 'CHOOSE_DUEL_DIE' }>,
  wrong: () => RuleViolation,
): RuleViolation | null {
  if (cmd.type !== 'CHOOSE_DUEL_DIE') return wrong();
  const key = JSON.stringify(cmd.dice.slice().sort((a, b) => a - b));
  return prompt.options.some((o) => JSON.stringify(o) === key)
    ? null
    : violation(Codes.ILLEGAL_OPTION, 'keep one of the dice you rolled, one of each pair (§10.1)');
}

/** TRANSITIONAL: the checks of the command types with no handler yet. */
function oldValidate(
  s: CarsonState,
  seat: Seat,
  cmd: CarsonCommand,
  prompt: PromptState,
): RuleViolation | null {
  const wrong = () => wrongPrompt(cmd, prompt);
  const player = s.players[seat];

  switch (prompt.kind) {
    case 'CHOOSE_STARTING_PARCEL':
      if (cmd.type !== 'CHOOSE_STARTING_PARCEL') return wrong();
      if (isRiver(s, P(cmd.parcel))) return riverViolation();
      return s.parcels[P(cmd.parcel)].owner === null
        ? null
        : violation(Codes.ILLEGAL_PARCEL, 'that parcel is owned');
    case 'PICK_CHARACTER':
      return pickViolation(s, seat, cmd, prompt, wrong);
    case 'FILL_SHEET': {
      if (cmd.type !== 'FILL_SHEET') return wrong();
      const problem = PORTS.anb.sheetProblemFor(s, seat, cmd);
      return problem ? violation(Codes[problem.code], problem.message) : null;
    }
    case 'GREAT_SERVICE':
      return greatServiceViolation(s, seat, cmd, prompt, wrong);
    case 'PLACE_COWBOY':
      if (cmd.type === 'PASS') return null;
      if (cmd.type !== 'PLACE_COWBOY') return wrong();
      return placementViolation(s, seat, cmd);
    case 'KIT_PLACEMENT':
      return PORTS.kit.kitViolation(s, seat, cmd, wrong);
    case 'CHOOSE_DUEL_ORDER':
      return duelOrderViolation(s, seat, cmd, prompt, wrong);
    case 'BUY_PARCEL':
      return cmd.type === 'BUY_PARCEL' || cmd.type === 'DECLINE_ACTION' ? null : wrong();
    case 'BUY_BUILDING':
      return cmd.type === 'BUY_BUILDING' || cmd.type === 'DECLINE_ACTION' ? null : wrong();
    case 'BUY_VP':
      if (cmd.type === 'DECLINE_ACTION') return null;
      if (cmd.type !== 'BUY_VP') return wrong();
      return cmd.count >= 1 && cmd.count * prompt.price <= player.money
        ? null
        : violation(Codes.ILLEGAL_AMOUNT, 'count from 1 to what you can pay');
    case 'PLACE_BUILDING':
      return placeBuildingViolation(s, seat, cmd, prompt, wrong);
    case 'PLACE_HOUSE':
      return placeHouseViolation(s, seat, cmd, prompt, wrong);
    case 'CONSENT':
      return cmd.type === 'ANSWER_CONSENT' ? null : wrong();
    case 'SPEND_CASH':
      if (cmd.type !== 'SPEND_CASH') return wrong();
      return cmd.amount >= prompt.min && cmd.amount <= prompt.max
        ? null
        : violation(Codes.ILLEGAL_AMOUNT, `spend from ${prompt.min} to ${prompt.max}`);
    case 'PLACE_TOWN_HALL':
      if (cmd.type !== 'PLACE_TOWN_HALL') return wrong();
      if (isRiver(s, P(cmd.parcel))) return riverViolation();
      return townHallOptions(s).some((o) => o.parcel === P(cmd.parcel))
        ? null
        : violation(Codes.ILLEGAL_PARCEL, 'not a Town Hall parcel');
    case 'CHOOSE_OPTION':
      if (cmd.type !== 'CHOOSE_OPTION') return wrong();
      return prompt.options.includes(cmd.option)
        ? null
        : violation(Codes.ILLEGAL_OPTION, `choose one of ${prompt.options.join(', ')}`);
    case 'CHOOSE_PARCEL':
      return chooseParcelViolation(s, seat, cmd, prompt, wrong);
    case 'TAKE_BUILDING':
      return takeBuildingViolation(s, seat, cmd, prompt, wrong);
    case 'BID':
      return bidViolation(s, seat, cmd, prompt, wrong);
    case 'MOVE_COWBOY':
      return moveCowboyViolation(s, seat, cmd, prompt, wrong);
    case 'STABLE_HORSE':
      return stableHorseViolation(s, seat, cmd, wrong);
    case 'BUY_HORSE':
      if (cmd.type === 'DECLINE_ACTION') return null;
      if (cmd.type !== 'BUY_HORSE') return wrong();
      return player.money >= prompt.price
        ? null
        : violation(Codes.INSUFFICIENT_FUNDS, `a horse costs $${prompt.price}`);
    case 'STABLE_TWO':
      return stableTwoViolation(s, seat, cmd, wrong);
    case 'CHOOSE_DUEL_DIE':
      return duelDieViolation(s, seat, cmd, prompt, wrong);
    case 'CHOOSE_DUEL_TILE':
      return duelTileViolation(s, seat, cmd, prompt, wrong);
  }
}
