/**
 * Commands (JSON, SCREAMING `type`). Parcels are `{ c, r }` (column, row 1..8); road edges are
 * `{ dir: 'H' | 'V', x, y }` on the 9x9 vertex grid (spec §0). Every command answers the prompt
 * open for the sending seat (see `pending`), except PLACE_ROAD, which a seat may send whenever it
 * has any prompt open (roads from the personal reserve "at any time", §2.2, §13 #14).
 */
import { CommonViolations, typeForMessage, violation, type RuleViolation } from '../engine';
import { isActionId, type ActionId } from './data/actions';
import { isParcelRef, type EdgeRef, type ParcelRef } from './data/board';
import type { BuildingType } from './data/buildings';
import type { Side } from './data/personalities';
import type { Sheet } from './modules/anb/anb';
import { HANDLERS } from './protocol';
import type { StableNo } from './state';

/** Where a cowboy goes in Phase 2. */
export type Target =
  /** An action square. */
  | { kind: 'ACTION'; action: ActionId }
  /** An unowned parcel, to buy it in step 5. */
  | { kind: 'PARCEL'; parcel: ParcelRef }
  /** A building: a rival's (attack), one's own (defence) or the Town Hall (occupation). */
  | { kind: 'BUILDING'; parcel: ParcelRef }
  /**
   * Horses: one of your own stables (1..5) instead of the board, once per stable per round; it
   * doubles that stable's rodeo value (§10.6).
   */
  | { kind: 'STABLE'; stable: StableNo };

export type CarsonCommand =
  /**
   * Setup draft (prompt CHOOSE_STARTING_PARCEL): put a property tile on any unowned parcel. With A
   * New Beginning, the same prompt places each parcel bought on the sheet (§10.1).
   */
  | { type: 'CHOOSE_STARTING_PARCEL'; parcel: ParcelRef }
  /**
   * A New Beginning (prompt FILL_SHEET, secret, §10.1): hand in the sheet. `cowboys` (extra, on
   * top of the free one: $5/$11/$18/$26), `revolvers` ($6/$13/$21/$30), `roads` ($4/$6/$8/$10),
   * `parcels` ($7/$14/$21/$28): 0..4 each; `vp`: -10 (+$20), -5 (+$10), 0, 5 ($10) or 10 ($20);
   * powers at $10 each: `influential` (Influential connections), `greatService` (Great service
   * done), `marksman` (Marksman); `bid`: first-player bid in dollars (0 = none). The total may not
   * exceed $50; the player starts with $50 − total. Omitted fields count as 0 / false.
   */
  | ({ type: 'FILL_SHEET' } & Sheet)
  /**
   * Phase 1 (prompt PICK_CHARACTER): take personality `personality` (0..19). `side` only for a
   * tile the holder turns (the Doctor/Undertaker, 14), or for any tile but the Teacher when the
   * player has A New Beginning's Influential connections (§10.1; omitted = the tile's side);
   * otherwise omit it. Prompt GREAT_SERVICE (A New Beginning): the second personality, same rules.
   */
  | { type: 'PICK_CHARACTER'; personality: number; side?: Side }
  /**
   * Phase 2 (prompt PLACE_COWBOY): place one cowboy. `white`: the Sheriff's white cowboy;
   * `noDuel`: attach a Singer no-duel marker; `dynamite`: attach a dynamite marker; `extra`: the
   * red Singer's cowboy from the general reserve (Gambling only). Attack vs defence follows from
   * the building's owner.
   */
  | {
      type: 'PLACE_COWBOY';
      target: Target;
      white?: boolean;
      noDuel?: boolean;
      dynamite?: boolean;
      extra?: boolean;
    }
  /**
   * Phase 2 (prompt PLACE_COWBOY): pass; take the first free space of the pass-order track. With
   * Kit Carson this is also the first player's lock at the opening placement (§10.4).
   */
  | { type: 'PASS' }
  /**
   * Kit Carson (prompt KIT_PLACEMENT, §10.4): move one of your placed cowboys — the one at
   * `from`; `white` / `dynamite` (true only) pick the Sheriff's white cowboy or a cowboy carrying
   * dynamite among yours there — to `to`, with its markers. Checked like a new placement at `to`.
   */
  | { type: 'RELOCATE_COWBOY'; from: Target; to: Target; white?: boolean; dynamite?: boolean }
  /**
   * Kit Carson (prompt KIT_PLACEMENT): take one of your placed cowboys back (picked as in
   * RELOCATE_COWBOY); it returns where it came from with its markers (a full undo of the placement).
   */
  | { type: 'WITHDRAW_COWBOY'; from: Target; white?: boolean; dynamite?: boolean }
  /**
   * Kit Carson (prompt KIT_PLACEMENT): done for this round; take the next free pass-order space.
   * No more placing, moving or withdrawing this round.
   */
  | { type: 'LOCK' }
  /** Any prompt: place a road from the personal reserve on `edge`. */
  | { type: 'PLACE_ROAD'; edge: EdgeRef }
  /** Prompt CHOOSE_DUEL_ORDER: resolve the duel at this parcel or building next. */
  | { type: 'CHOOSE_DUEL_ORDER'; parcel: ParcelRef }
  /** Prompt BUY_PARCEL: buy the parcel won in step 5 at the price shown. */
  | { type: 'BUY_PARCEL' }
  /** Prompt BUY_BUILDING: buy the building of the square won, at the price shown. */
  | { type: 'BUY_BUILDING' }
  /**
   * Decline: BUY_PARCEL, BUY_BUILDING, BUY_VP, TAKE_BUILDING, MOVE_COWBOY, optional CHOOSE_PARCEL,
   * BID (drop out), GREAT_SERVICE (not this round: the power is kept).
   */
  | { type: 'DECLINE_ACTION' }
  /** Prompt PLACE_BUILDING: build one of your pending buildings on your parcel. */
  | { type: 'BUILD_PENDING'; building: BuildingType; parcel: ParcelRef }
  /** Prompt PLACE_BUILDING: keep the (remaining) buildings pending. */
  | { type: 'KEEP_PENDING' }
  /**
   * Prompt PLACE_HOUSE: add the building's next House on an empty road-connected parcel
   * (`townHouse` false) or flip the House there into a Town House (`townHouse` true). On another
   * player's parcel this asks their consent.
   */
  | { type: 'PLACE_HOUSE'; parcel: ParcelRef; townHouse: boolean }
  /** Prompt PLACE_HOUSE: give up this construction; the building stays pending. */
  | { type: 'CANCEL_BUILD' }
  /** Prompt CONSENT: allow (or refuse) another player's House / Town House on your parcel. */
  | { type: 'ANSWER_CONSENT'; accept: boolean }
  /** Prompt BUY_VP: buy `count` VP at the square's price each. */
  | { type: 'BUY_VP'; count: number }
  /** Prompt SPEND_CASH: spend `amount` (at least the excess over the cash limit); 1 VP per $10. */
  | { type: 'SPEND_CASH'; amount: number }
  /** Prompt PLACE_TOWN_HALL: put the Town Hall on this parcel (roads added if needed, §6.3). */
  | { type: 'PLACE_TOWN_HALL'; parcel: ParcelRef }
  /** Prompt CHOOSE_OPTION: one of the options listed in the prompt (personality choices). */
  | { type: 'CHOOSE_OPTION'; option: string }
  /** Prompt CHOOSE_PARCEL: one of the parcels listed (Settler, Lawyer, Prospector, Auctioneer...). */
  | { type: 'CHOOSE_PARCEL'; parcel: ParcelRef }
  /** Prompt TAKE_BUILDING (red Chinese Worker): take the building of square 0..6 ($3..$12). */
  | { type: 'TAKE_BUILDING'; square: number }
  /** Prompt BID: bid `amount` dollars (more than the current bid, at most your money). */
  | { type: 'BID'; amount: number }
  /** Prompt MOVE_COWBOY (Doctor): move the defeated cowboy onto this action square. */
  | { type: 'MOVE_COWBOY'; action: ActionId }
  /**
   * Horses, prompt STABLE_HORSE (after each cowboy placement): put a horse from your personal
   * supply into stable 1..5 and get its effect (stable 4: +$2; stable 2: prompt STABLE_TWO).
   * DECLINE_ACTION keeps the horse.
   */
  | { type: 'STABLE_HORSE'; stable: StableNo }
  /**
   * Horses, prompt BUY_HORSE (Wages): pay $4 for a horse instead of receiving $4; it goes into
   * stable 1..5 at once (stable 2's options do nothing in Phase 3, §13 #31). DECLINE_ACTION
   * takes the $4.
   */
  | { type: 'BUY_HORSE'; stable: StableNo }
  /**
   * Horses, prompt STABLE_TWO: move one of your plain cowboys (no marker) from board location
   * `from` to board location `to`, or back to your reserve when `to` is omitted. The other
   * answers: PLACE_COWBOY (one extra cowboy), PASS, DECLINE_ACTION (no effect).
   */
  | { type: 'MOVE_PLACED_COWBOY'; from: Target; to?: Target }
  /**
   * Might is Right (prompt CHOOSE_DUEL_TILE, §10.3): the duel tile(s) to play from your hand, as
   * values 0..5 in ascending order (two with dynamite). Sealed: nobody sees them before the reveal.
   */
  | { type: 'CHOOSE_DUEL_TILE'; tiles: number[] }
  /**
   * A New Beginning, Marksman (prompt CHOOSE_DUEL_DIE, §10.1): the die to keep of the two rolled
   * (with dynamite, one of each pair: two values, ascending). One of the prompt's `options`.
   */
  | { type: 'CHOOSE_DUEL_DIE'; dice: number[] };

export type CarsonCommandType = CarsonCommand['type'];

// The parse helpers the handlers share (each handler's `parse` is with its rules, protocol.ts).

/** INVALID_COMMAND: the command's shape is wrong. */
export const bad = (message: string): RuleViolation => violation(CommonViolations.INVALID_COMMAND, message);

/** A command's JSON object. */
export type Raw = Record<string, unknown>;

/** A parcel `{ c, r }` from JSON, or null. */
export function parcelField(v: unknown): ParcelRef | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Raw;
  if (Object.keys(o).some((k) => k !== 'c' && k !== 'r')) return null;
  return isParcelRef(o.c, o.r) ? { c: o.c as number, r: o.r as number } : null;
}

/** Whether `o` has only `type` and these keys. */
export function onlyKeys(o: Raw, keys: readonly string[]): boolean {
  return Object.keys(o).every((k) => k === 'type' || keys.includes(k));
}

/** An optional boolean flag. */
export const isBool = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
/** An integer. */
export const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);

/**
 * Every command type (for API completeness checks: each has a typed mutation and route; the
 * installed command table covers exactly these).
 */
export const CARSON_COMMAND_TYPES = Object.keys({
  CHOOSE_STARTING_PARCEL: 1,
  FILL_SHEET: 1,
  PICK_CHARACTER: 1,
  PLACE_COWBOY: 1,
  PASS: 1,
  RELOCATE_COWBOY: 1,
  WITHDRAW_COWBOY: 1,
  LOCK: 1,
  PLACE_ROAD: 1,
  CHOOSE_DUEL_ORDER: 1,
  BUY_PARCEL: 1,
  BUY_BUILDING: 1,
  DECLINE_ACTION: 1,
  BUILD_PENDING: 1,
  KEEP_PENDING: 1,
  PLACE_HOUSE: 1,
  CANCEL_BUILD: 1,
  ANSWER_CONSENT: 1,
  BUY_VP: 1,
  SPEND_CASH: 1,
  PLACE_TOWN_HALL: 1,
  CHOOSE_OPTION: 1,
  CHOOSE_PARCEL: 1,
  TAKE_BUILDING: 1,
  BID: 1,
  MOVE_COWBOY: 1,
  STABLE_HORSE: 1,
  BUY_HORSE: 1,
  MOVE_PLACED_COWBOY: 1,
  CHOOSE_DUEL_TILE: 1,
  CHOOSE_DUEL_DIE: 1,
} satisfies Record<CarsonCommandType, 1>) as CarsonCommandType[];

/** The parse of a command of one parcel field (`parcel`). */
export function parcelCommand<
  T extends 'CHOOSE_STARTING_PARCEL' | 'CHOOSE_DUEL_ORDER' | 'PLACE_TOWN_HALL' | 'CHOOSE_PARCEL',
>(t: T): (o: Raw) => Extract<CarsonCommand, { type: T }> | RuleViolation {
  return (o) => {
    const parcel = parcelField(o.parcel);
    return parcel
      ? ({ type: t, parcel } as Extract<CarsonCommand, { type: T }>)
      : bad(`${t} needs parcel {c, r} in 1..8`);
  };
}

/** A stable number 1..5 (Horses). */
export const isStable = (v: unknown): v is StableNo => v === 1 || v === 2 || v === 3 || v === 4 || v === 5;

/** A placement target from JSON, or the message for INVALID_COMMAND. */
export function targetField(target: unknown): Target | string {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return 'target is an object';
  const tg = target as Raw;
  if (tg.kind === 'ACTION') {
    if (!onlyKeys({ ...tg, type: 1 }, ['kind', 'action']) || !isActionId(tg.action)) return 'unknown action';
    return { kind: 'ACTION', action: tg.action };
  }
  if (tg.kind === 'PARCEL' || tg.kind === 'BUILDING') {
    const parcel = parcelField(tg.parcel);
    if (!parcel || !onlyKeys({ ...tg, type: 1 }, ['kind', 'parcel'])) return 'target needs parcel {c, r}';
    return { kind: tg.kind, parcel };
  }
  if (tg.kind === 'STABLE') {
    if (!onlyKeys({ ...tg, type: 1 }, ['kind', 'stable']) || !isStable(tg.stable)) return 'stable is 1..5';
    return { kind: 'STABLE', stable: tg.stable };
  }
  return 'target.kind is ACTION, PARCEL, BUILDING or STABLE';
}

/** Shape-check a command from JSON (INVALID_COMMAND when malformed or with unknown fields). */
export function parseCommand(raw: unknown): CarsonCommand | RuleViolation {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('a command is a JSON object');
  const o = raw as Raw;
  const type = o.type;
  if (typeof type === 'string' && Object.hasOwn(HANDLERS, type)) {
    const h = HANDLERS[type as CarsonCommandType]!;
    if (!onlyKeys(o, h.keys)) return bad(`unknown field in ${type}`);
    return h.parse ? h.parse(o) : ({ type } as CarsonCommand);
  }
  return bad(`unknown command type ${typeForMessage(type)}`);
}
