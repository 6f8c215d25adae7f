/**
 * Phase 3 (§4.4, §5): the resolution's choices. The duel order (§5.2), the purchases of a parcel
 * (§5.4), a building (§5.5) and VP, their DECLINE_ACTION (which also declines the personalities'
 * optional menus, §9, Great service done, §10.1, and Horses' offers, §10.6), and the menus the
 * personalities open (§9: options, parcels, the Chinese Worker's building, the Auctioneer's bids,
 * the Doctor's move). Construction (§5.5-5.6) is ./construction.ts.
 */
import { violation, type RuleViolation, type Seat } from '../../../engine';
import { rules3 } from '../../agenda-modules';
import { resolveRules } from '../../agenda-resolve';
import { Codes, promptOf, promptOfKind, riverViolation } from '../../codes';
import { bad, isInt, parcelCommand, type Raw } from '../../commands';
import { isActionId } from '../../data/actions';
import { doctorDestinations } from '../../table';
import { runDuelAt } from './duels';
import { bid, OPTION_HANDLERS, parcelHandler, takeBuilding } from '../../personalities';
import type { CarsonHandler, CommandOf } from '../../protocol';
import { holds, isRiver, parcelPrice } from '../../rules';
import type { CarsonState } from '../../state';
import { PORTS } from '../../ports';
import { P, ref } from '../refs';

/** A command with no fields (its parse is its type). */
const only = <T extends 'BUY_PARCEL' | 'BUY_BUILDING' | 'DECLINE_ACTION'>(type: T) =>
  Object.freeze({ type }) as CommandOf<T>;
const DECLINE = only('DECLINE_ACTION');
const BUY_PARCEL_COMMAND = only('BUY_PARCEL');
const BUY_BUILDING_COMMAND = only('BUY_BUILDING');

/** An integer field's parse. */
function intCommand<T extends 'BUY_VP' | 'BID' | 'TAKE_BUILDING'>(
  type: T,
  key: string,
  message: string,
): (o: Raw) => CommandOf<T> | RuleViolation {
  return (o) => (isInt(o[key]) ? ({ type, [key]: o[key] } as CommandOf<T>) : bad(message));
}

/** One of the locations whose duel is pending (§5.2: the start player chooses the order). */
function duelOrderViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CommandOf<'CHOOSE_DUEL_ORDER'>,
): RuleViolation | null {
  const prompt = promptOfKind(s, seat, 'CHOOSE_DUEL_ORDER')!;
  const key = `${prompt.step === 'PARCELS' ? 'P' : 'B'}:${P(cmd.parcel)}`;
  return prompt.locs.includes(key) ? null : violation(Codes.ILLEGAL_TARGET, 'no pending duel there');
}

export const CHOOSE_DUEL_ORDER: CarsonHandler<CommandOf<'CHOOSE_DUEL_ORDER'>> = {
  type: 'CHOOSE_DUEL_ORDER',
  types: ['CHOOSE_DUEL_ORDER'],
  answers: ['CHOOSE_DUEL_ORDER'],
  keys: ['parcel'],
  parse: parcelCommand('CHOOSE_DUEL_ORDER'),
  check: duelOrderViolation,
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'CHOOSE_DUEL_ORDER') return;
    const loc = `${prompt.step === 'PARCELS' ? 'P' : 'B'}:${P(cmd.parcel)}`;
    // Agenda rules 3: the choice is a fact (a tile or Marksman duel emits nothing before its prompts).
    if (rules3(ctx.state)) ctx.emit({ type: 'DUEL_ORDER_CHOSEN', seat, step: prompt.step, loc });
    runDuelAt(ctx, loc);
  },
  legal(s, seat) {
    const out: CommandOf<'CHOOSE_DUEL_ORDER'>[] = [];
    for (const loc of promptOfKind(s, seat, 'CHOOSE_DUEL_ORDER')!.locs) {
      const c = { type: 'CHOOSE_DUEL_ORDER' as const, parcel: ref(Number(loc.slice(2))) };
      if (duelOrderViolation(s, seat, c) === null) out.push(c);
    }
    return out;
  },
};

/** Step 5 (§5.4): buy the parcel won at the price shown. */
export const BUY_PARCEL: CarsonHandler<CommandOf<'BUY_PARCEL'>> = {
  type: 'BUY_PARCEL',
  types: ['BUY_PARCEL'],
  answers: ['BUY_PARCEL'],
  keys: [],
  check: () => null,
  decide(ctx, seat) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'BUY_PARCEL') return;
    ctx.emit({
      type: 'PARCEL_CLAIMED',
      seat,
      parcel: prompt.parcel,
      price: parcelPrice(ctx.state, prompt.parcel, seat),
      reason: 'PURCHASE',
      rolls: [],
    });
  },
  legal: () => [BUY_PARCEL_COMMAND],
};

/** Steps 6-12 (§5.5): buy the building of the square won; then place it (PLACE_BUILDING). */
export const BUY_BUILDING: CarsonHandler<CommandOf<'BUY_BUILDING'>> = {
  type: 'BUY_BUILDING',
  types: ['BUY_BUILDING'],
  answers: ['BUY_BUILDING'],
  keys: [],
  check: () => null,
  decide(ctx, seat) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'BUY_BUILDING') return;
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
  },
  legal: () => [BUY_BUILDING_COMMAND],
};

export const BUY_VP: CarsonHandler<CommandOf<'BUY_VP'>> = {
  type: 'BUY_VP',
  types: ['BUY_VP'],
  answers: ['BUY_VP'],
  keys: ['count'],
  parse: intCommand('BUY_VP', 'count', 'count is an integer'),
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'BUY_VP')!;
    return cmd.count >= 1 && cmd.count * prompt.price <= s.players[seat].money
      ? null
      : violation(Codes.ILLEGAL_AMOUNT, 'count from 1 to what you can pay');
  },
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'BUY_VP') return;
    ctx.emit({
      type: 'VP_BOUGHT',
      seat,
      count: cmd.count,
      price: prompt.price,
      paid: cmd.count * prompt.price,
    });
  },
  legal(s, seat) {
    const price = promptOfKind(s, seat, 'BUY_VP')!.price;
    const out: CommandOf<'BUY_VP'>[] = [];
    for (let k = 1; k * price <= s.players[seat].money; k++) out.push({ type: 'BUY_VP', count: k });
    return out;
  },
};

/**
 * DECLINE_ACTION: not buying (parcel, building, VP), not taking a menu's building, parcel or move,
 * dropping out of a bid; Great service done not this round (the power is kept, §10.1); Horses: the
 * horse kept, the $4 of Wages instead of a horse, stable 2's nothing (§10.6).
 */
export const DECLINE_ACTION: CarsonHandler<CommandOf<'DECLINE_ACTION'>> = {
  type: 'DECLINE_ACTION',
  types: ['DECLINE_ACTION'],
  answers: [
    'GREAT_SERVICE',
    'STABLE_TWO',
    'STABLE_HORSE',
    'BUY_HORSE',
    'BUY_PARCEL',
    'BUY_BUILDING',
    'BUY_VP',
    'CHOOSE_PARCEL',
    'TAKE_BUILDING',
    'BID',
    'MOVE_COWBOY',
  ],
  keys: [],
  check(s, seat) {
    const prompt = promptOf(s, seat)!;
    return prompt.kind === 'CHOOSE_PARCEL' && !prompt.optional
      ? violation(Codes.ILLEGAL_OPTION, 'this choice is compulsory')
      : null;
  },
  decide(ctx, seat) {
    const s = ctx.state;
    const prompt = ctx.answered!;
    // A bid's and the Horses' offers' declines are facts of their own; agenda rules 3 record
    // every other as ACTION_DECLINED.
    if (prompt.kind === 'BID') return bid(ctx, seat, prompt.auction, null);
    if (PORTS.horses.declineOffer(ctx, seat, prompt)) return;
    if (resolveRules(s))
      ctx.emit({
        type: 'ACTION_DECLINED',
        seat,
        prompt: prompt.kind,
        ...('purpose' in prompt && { purpose: prompt.purpose }),
      });
  },
  legal(s, seat) {
    const prompt = promptOf(s, seat)!;
    return prompt.kind === 'CHOOSE_PARCEL' && !prompt.optional ? [] : [DECLINE];
  },
};

/** A personality's menu (§9): one of the options listed in the prompt. */
export const CHOOSE_OPTION: CarsonHandler<CommandOf<'CHOOSE_OPTION'>> = {
  type: 'CHOOSE_OPTION',
  types: ['CHOOSE_OPTION'],
  answers: ['CHOOSE_OPTION'],
  keys: ['option'],
  parse: (o) =>
    typeof o.option === 'string' ? { type: 'CHOOSE_OPTION', option: o.option } : bad('option is a string'),
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'CHOOSE_OPTION')!;
    return prompt.options.includes(cmd.option)
      ? null
      : violation(Codes.ILLEGAL_OPTION, `choose one of ${prompt.options.join(', ')}`);
  },
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'CHOOSE_OPTION') return;
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
  },
  legal(s, seat) {
    const out: CommandOf<'CHOOSE_OPTION'>[] = [];
    for (const option of promptOfKind(s, seat, 'CHOOSE_OPTION')!.options)
      out.push({ type: 'CHOOSE_OPTION', option });
    return out;
  },
};

/** A personality's parcel (§9: Settler, Lawyer, Prospector, Auctioneer...): one of those listed. */
export const CHOOSE_PARCEL: CarsonHandler<CommandOf<'CHOOSE_PARCEL'>> = {
  type: 'CHOOSE_PARCEL',
  types: ['CHOOSE_PARCEL'],
  answers: ['CHOOSE_PARCEL'],
  keys: ['parcel'],
  parse: parcelCommand('CHOOSE_PARCEL'),
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'CHOOSE_PARCEL')!;
    if (isRiver(s, P(cmd.parcel))) return riverViolation();
    return prompt.parcels.includes(P(cmd.parcel))
      ? null
      : violation(Codes.ILLEGAL_PARCEL, 'not one of the parcels offered');
  },
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'CHOOSE_PARCEL') return;
    const parcel = P(cmd.parcel);
    if (prompt.purpose.startsWith('AUCTION_') && resolveRules(ctx.state))
      ctx.emit({ type: 'AUCTION_PARCEL_CHOSEN', seat, parcel });
    parcelHandler(prompt.purpose)?.(ctx, seat, parcel);
  },
  // The parcels offered but river ones (the check's own rules).
  legal(s, seat) {
    const out: CommandOf<'CHOOSE_PARCEL'>[] = [];
    for (const p of promptOfKind(s, seat, 'CHOOSE_PARCEL')!.parcels)
      if (!isRiver(s, p)) out.push({ type: 'CHOOSE_PARCEL', parcel: ref(p) });
    return out;
  },
  candidates(s, seat) {
    return promptOfKind(s, seat, 'CHOOSE_PARCEL')!.parcels.map((p) => ({
      type: 'CHOOSE_PARCEL',
      parcel: ref(p),
    }));
  },
};

/** The red Chinese Worker (§9): take the building of square 0..6 ($3..$12). */
export const TAKE_BUILDING: CarsonHandler<CommandOf<'TAKE_BUILDING'>> = {
  type: 'TAKE_BUILDING',
  types: ['TAKE_BUILDING'],
  answers: ['TAKE_BUILDING'],
  keys: ['square'],
  parse: intCommand('TAKE_BUILDING', 'square', 'square is 0..6'),
  check(s, seat, cmd) {
    return promptOfKind(s, seat, 'TAKE_BUILDING')!.squares.includes(cmd.square)
      ? null
      : violation(Codes.ILLEGAL_TARGET, 'no building there');
  },
  decide: (ctx, seat, cmd) => takeBuilding(ctx, seat, cmd.square),
  legal(s, seat) {
    const out: CommandOf<'TAKE_BUILDING'>[] = [];
    for (const square of promptOfKind(s, seat, 'TAKE_BUILDING')!.squares)
      out.push({ type: 'TAKE_BUILDING', square });
    return out;
  },
};

/** The Auctioneer's auction (§9): bid more than the current bid, at most your money. */
export const BID: CarsonHandler<CommandOf<'BID'>> = {
  type: 'BID',
  types: ['BID'],
  answers: ['BID'],
  keys: ['amount'],
  parse: intCommand('BID', 'amount', 'amount is an integer'),
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'BID')!;
    return cmd.amount > prompt.auction.bid && cmd.amount >= 1 && cmd.amount <= s.players[seat].money
      ? null
      : violation(Codes.ILLEGAL_AMOUNT, 'bid more than the current bid, at most your money');
  },
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind === 'BID') bid(ctx, seat, prompt.auction, cmd.amount);
  },
  legal(s, seat) {
    const out: CommandOf<'BID'>[] = [];
    const from = Math.max(1, promptOfKind(s, seat, 'BID')!.auction.bid + 1);
    for (let a = from; a <= s.players[seat].money; a++) out.push({ type: 'BID', amount: a });
    return out;
  },
  candidates(s, seat) {
    const out: CommandOf<'BID'>[] = [];
    for (let a = promptOfKind(s, seat, 'BID')!.auction.bid + 1; a <= s.players[seat].money; a++)
      out.push({ type: 'BID', amount: a });
    return out;
  },
};

/** The Doctor's move (§9): to a free, unresolved action square listed in the prompt. */
function moveCowboyViolation(
  s: CarsonState,
  seat: Seat,
  cmd: CommandOf<'MOVE_COWBOY'>,
): RuleViolation | null {
  return promptOfKind(s, seat, 'MOVE_COWBOY')!.actions.includes(cmd.action) &&
    doctorDestinations(s).includes(cmd.action)
    ? null
    : violation(Codes.ILLEGAL_TARGET, 'not a free unresolved action square');
}

/** The Doctor (§9): move the defeated cowboy onto a free unresolved action square. */
export const MOVE_COWBOY: CarsonHandler<CommandOf<'MOVE_COWBOY'>> = {
  type: 'MOVE_COWBOY',
  types: ['MOVE_COWBOY'],
  answers: ['MOVE_COWBOY'],
  keys: ['action'],
  parse: (o) => (isActionId(o.action) ? { type: 'MOVE_COWBOY', action: o.action } : bad('unknown action')),
  check: moveCowboyViolation,
  decide(ctx, seat, cmd) {
    const s = ctx.state;
    const doctor = s.players.findIndex((_, i) => holds(s, i, 14, 'YELLOW'));
    const paid = doctor === seat || doctor < 0 ? 0 : 3;
    ctx.emit({ type: 'COWBOY_MOVED', seat, to: `A:${cmd.action}`, paid });
    if (paid > 0) ctx.emit({ type: 'MONEY', seat: doctor, delta: paid, reason: 'DOCTOR' });
  },
  legal(s, seat) {
    return moveCowboyCandidates(s, seat).filter((c) => moveCowboyViolation(s, seat, c) === null);
  },
  candidates: moveCowboyCandidates,
};

function moveCowboyCandidates(s: CarsonState, seat: Seat): CommandOf<'MOVE_COWBOY'>[] {
  return promptOfKind(s, seat, 'MOVE_COWBOY')!.actions.map((action) => ({ type: 'MOVE_COWBOY', action }));
}
