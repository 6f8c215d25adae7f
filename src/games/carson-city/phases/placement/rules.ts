/**
 * Phase 2's placement rules (§4.3, §9.2 Sheriff/Singer/Heroes, §13 #11, #41): may a cowboy of a
 * seat, with its markers, stand on a target now. Shared by the placement commands
 * (./commands.ts), their listing (./listing.ts), Kit Carson's moves (§10.4) and Horses' stable 2
 * (§10.6), so every one of them applies the very same checks.
 */
import { violation, type RuleViolation, type Seat } from '../../../engine';
import {
  ACTIONS,
  buildSquare,
  buyVpOpen,
  MULTI_ACTIONS,
  SINGER_ACTIONS,
  type ActionId,
} from '../../data/actions';
import { PARCEL_COUNT } from '../../data/board';
import { HEROES, SINGER } from '../../data/personalities';
import { Codes, riverViolation } from '../../codes';
import type { CarsonCommand, Target } from '../../commands';
import type { Ctx } from '../../ctx';
import { generalCowboys } from '../../table';
import { holds, isAttackable, isBuilding, isPurchasable, isRedSheriff, isRiver } from '../../rules';
import type { CarsonState, PromptState } from '../../state';
import { PORTS } from '../../ports';
import { P } from '../refs';

/** Location keys built once: the placement rules look many up per prompt. */
const PARCEL_KEYS: readonly string[] = Array.from({ length: PARCEL_COUNT }, (_, p) => `P:${p}`);
const BUILDING_KEYS: readonly string[] = Array.from({ length: PARCEL_COUNT }, (_, p) => `B:${p}`);
/** Per action square, what its location rules read of it (looked up once, not per placement check). */
interface ActionInfo {
  key: string;
  /** buildSquare: its building square, or -1. */
  square: number;
  multi: boolean;
}
const ACTION_INFO: ReadonlyMap<string, ActionInfo> = new Map(
  ACTIONS.map((a) => [a, { key: `A:${a}`, square: buildSquare(a), multi: MULTI_ACTIONS.includes(a) }]),
);

/** Location key of a placement target of `seat` (a stable is the seat's own, `S:<n>`). */
export function targetLoc(t: Target): string {
  if (t.kind === 'ACTION') return `A:${t.action}`;
  if (t.kind === 'STABLE') return PORTS.horses.stableLoc(t.stable);
  return `${t.kind === 'PARCEL' ? 'P' : 'B'}:${P(t.parcel)}`;
}

/** Phase 2 placement rules (§4.3, §9.2 Sheriff/Singer, §13 #11, #41). */
export function placementViolation(
  s: CarsonState,
  seat: Seat,
  cmd: Extract<CarsonCommand, { type: 'PLACE_COWBOY' }>,
): RuleViolation | null {
  const white = cmd.white === true;
  const extra = cmd.extra === true;
  const noDuel = cmd.noDuel === true || extra;
  return (
    markerViolation(s, seat, cmd) ??
    locationViolation(s, seat, cmd.target, { white, noDuel, dynamite: cmd.dynamite === true, extra })
  );
}

/**
 * The placement rules that do not depend on the target: the figure and markers a PLACE_COWBOY
 * asks for are there. `placementViolation` is this, then `locationViolation`; ./listing.ts checks
 * each marker combination once and each target once per combination.
 */
export function markerViolation(
  s: CarsonState,
  seat: Seat,
  cmd: { white?: boolean; noDuel?: boolean; dynamite?: boolean; extra?: boolean },
): RuleViolation | null {
  const player = s.players[seat];
  const white = cmd.white === true;
  const extra = cmd.extra === true;
  if (white && extra) return violation(Codes.ILLEGAL_TARGET, 'one cowboy at a time');
  if (extra && cmd.noDuel !== undefined)
    return violation(Codes.ILLEGAL_TARGET, 'the extra cowboy carries its own no-duel marker');
  if (white && player.white !== 'RESERVE') return violation(Codes.NO_COWBOY, 'you have no white cowboy');
  if (extra) {
    if (!holds(s, seat, SINGER, 'RED') || player.flags.includes('SINGER_EXTRA:USED'))
      return violation(Codes.NO_COWBOY, 'no Singer extra cowboy');
    if (generalCowboys(s, seat) <= 0)
      return violation(Codes.NO_COWBOY, 'no figure of your colour in the general reserve');
  }
  if (!white && !extra && player.reserve === 0)
    return violation(Codes.NO_COWBOY, 'no cowboy in your reserve');
  if (cmd.noDuel === true && !extra && player.noDuel === 0)
    return violation(Codes.NO_MARKER, 'no no-duel marker left');
  if (cmd.dynamite === true && player.dynamite === 0) return violation(Codes.NO_MARKER, 'no dynamite');
  return null;
}

/** What the location rules read of the cowboys at a location: bits of `occupants`. */
const ANY = 1;
const OWN = 2;
const WHITE = 4;
/** A cowboy without a no-duel marker. */
const DUELER = 8;

/**
 * The cowboys at location `key`, as the location rules read them: someone (ANY), one of `seat`'s
 * (OWN), the Sheriff's white cowboy (WHITE), one without a no-duel marker (DUELER).
 */
function occupants(s: CarsonState, seat: Seat, key: string): number {
  let o = 0;
  for (let i = 0; i < s.placements.length; i++) {
    const p = s.placements[i];
    if (p.loc === key)
      o |= ANY | (p.seat === seat ? OWN : 0) | (p.white ? WHITE : 0) | (p.noDuel ? 0 : DUELER);
  }
  return o;
}

/** The location rules for an action square (§4.3, §9.2). */
function actionLocationViolation(
  s: CarsonState,
  seat: Seat,
  a: ActionId,
  white: boolean,
  noDuel: boolean,
  redSheriff: boolean,
): RuleViolation | null {
  if (!buyVpOpen(a, s.round)) return violation(Codes.ILLEGAL_TARGET, 'the round marker blocks that square');
  const info = ACTION_INFO.get(a);
  const sq = info?.square ?? buildSquare(a);
  if (sq >= 0 && s.track[sq] === null) return violation(Codes.ILLEGAL_TARGET, 'no building on that square');
  if (a === 'AMMUNITION' && s.ammunitionVoid)
    return violation(Codes.ILLEGAL_TARGET, 'the 3-guns marker was auctioned');
  const here = occupants(s, seat, info?.key ?? `A:${a}`);
  if (info?.multi ?? MULTI_ACTIONS.includes(a)) {
    if (white && here !== 0)
      return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
    return null;
  }
  if ((here & OWN) !== 0) return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy there');
  if (!noDuel && (here & WHITE) !== 0)
    return violation(Codes.ILLEGAL_TARGET, "nobody may challenge the Sheriff's cowboy");
  if (white && here !== 0) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
  if (redSheriff && !noDuel && (here & DUELER) !== 0)
    return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
  return null;
}

/**
 * May a cowboy of `seat` with these markers stand on `target` now? The location rules of §4.3,
 * §9.2 (Sheriff, Singer, Heroes), §13 #11, #41 — shared by placements and Kit Carson moves.
 * `f.redSheriff`, when given, is `isRedSheriff(s, seat)`.
 */
export function locationViolation(
  s: CarsonState,
  seat: Seat,
  target: Target,
  f: { white: boolean; noDuel: boolean; dynamite: boolean; extra: boolean; redSheriff?: boolean },
): RuleViolation | null {
  const { white, extra } = f;
  const noDuel = f.noDuel || extra;
  if (extra && (target.kind !== 'ACTION' || target.action !== 'GAMBLING'))
    return violation(Codes.ILLEGAL_TARGET, 'the extra cowboy goes on Gambling');
  if (noDuel && !extra && (target.kind !== 'ACTION' || !SINGER_ACTIONS.includes(target.action))) {
    return violation(Codes.ILLEGAL_TARGET, 'no-duel markers go on Roads, money or VP actions');
  }
  if (target.kind === 'STABLE') {
    // Horses: a cowboy of your colour from the reserve into your own stable, once per stable
    // per round (§10.6); it carries no marker and the white cowboy is not of your colour.
    if (!PORTS.horses.horsesOn(s))
      return violation(Codes.ILLEGAL_TARGET, 'stables are used only with the HORSES module');
    if (white || f.dynamite)
      return violation(Codes.ILLEGAL_TARGET, 'a stable takes a plain cowboy of your colour');
    if (PORTS.horses.stableCowboy(s, seat, target.stable))
      return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy in that stable');
    return null;
  }
  // ./listing.ts looks the seat's red Sheriff up once for all its targets.
  const redSheriff = f.redSheriff ?? isRedSheriff(s, seat);
  if (target.kind === 'ACTION')
    return actionLocationViolation(s, seat, target.action, white, noDuel, redSheriff);
  if (noDuel) return violation(Codes.ILLEGAL_TARGET, 'no-duel markers go on action squares');
  const p = P(target.parcel);
  const cell = s.parcels[p];
  const key = target.kind === 'PARCEL' ? PARCEL_KEYS[p] : BUILDING_KEYS[p];
  const here = occupants(s, seat, key);
  if ((here & OWN) !== 0) return violation(Codes.ILLEGAL_TARGET, 'you already have a cowboy there');
  if ((here & WHITE) !== 0)
    return violation(Codes.ILLEGAL_TARGET, "nobody may challenge the Sheriff's cowboy");
  if (white && here !== 0) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy needs an empty location');
  if (PORTS.outlaws.hasOutlaw(s, p)) {
    // Outlaws (§10.5): a cowboy on the outlaw's parcel (`PARCEL`) or building (`BUILDING`, an
    // owned building) fights it before building income. The parcel is not for sale.
    if (key !== PORTS.outlaws.outlawLoc(s, p)) {
      return violation(
        Codes.OUTLAW_PARCEL,
        target.kind === 'PARCEL'
          ? "an outlaw's parcel cannot be bought: fight it on its building"
          : 'fight the outlaw on its parcel',
      );
    }
    // Engine decisions (README): the Sheriff's white cowboy never duels; the red Sheriff never
    // starts a duel (§13 #44), except on his own building.
    if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy does not fight outlaws');
    if (redSheriff && cell.owner !== seat)
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (target.kind === 'PARCEL') {
    if (isRiver(s, p)) return riverViolation();
    if (!isPurchasable(s, p))
      return violation(Codes.ILLEGAL_PARCEL, 'only unowned parcels without a building');
    if (redSheriff && here !== 0)
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (!isBuilding(cell.content)) return violation(Codes.ILLEGAL_TARGET, 'no building there');
  if (cell.content === 'TOWN_HALL') {
    if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy cannot occupy the Town Hall');
    if (s.townHall.occupant === seat)
      return violation(Codes.ILLEGAL_TARGET, 'you already occupy the Town Hall');
    if (redSheriff && (here !== 0 || s.townHall.occupant !== null))
      return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot start a duel');
    return null;
  }
  if (cell.owner === seat) {
    return isAttackable(s, p)
      ? null
      : violation(Codes.ILLEGAL_TARGET, 'that building cannot be attacked, no need to defend it');
  }
  if (white) return violation(Codes.ILLEGAL_TARGET, 'the white cowboy cannot attack');
  if (redSheriff) return violation(Codes.ILLEGAL_TARGET, 'the red Sheriff cannot attack');
  if (holds(s, seat, HEROES, 'YELLOW'))
    return violation(Codes.ILLEGAL_TARGET, 'the yellow Heroes cannot attack');
  if (!isAttackable(s, p)) return violation(Codes.ILLEGAL_TARGET, 'that building cannot be attacked');
  return null;
}

/** After a Phase 2 command: the next turn (§4.3), or Kit Carson's session again (§10.4). */
export function nextPlacement(ctx: Ctx, prompt: PromptState): void {
  if (prompt.kind === 'PLACE_COWBOY') {
    ctx.push(
      PORTS.kit.kitOn(ctx.state)
        ? { t: 'KIT_SESSION', seq: 1 }
        : { t: 'PLACE_TURN', index: prompt.index + 1 },
    );
  } else if (prompt.kind === 'KIT_PLACEMENT') ctx.push({ t: 'KIT_SESSION', seq: prompt.seq + 1 });
}
