/**
 * Phase 4, end of round (§4.5, §7): the cash limit (SPEND_CASH: a seat over its limit spends at
 * least the excess, 1 VP per $10; below it, spending is voluntary, §13 #18), and the Town Hall's
 * parcel when a refill of the building squares draws it (PLACE_TOWN_HALL, §6.3; ./flow.ts opens
 * the prompt, also for the refills during a round).
 */
import { violation } from '../../../engine';
import { Codes, promptOfKind, riverViolation } from '../../codes';
import { bad, isInt, parcelCommand } from '../../commands';
import type { CarsonHandler, CommandOf } from '../../protocol';
import { cashLimit, isRiver } from '../../rules';
import { P, ref } from '../refs';
import { townHallOptions } from './flow';

type Spend = CommandOf<'SPEND_CASH'>;

export const SPEND_CASH: CarsonHandler<Spend> = {
  type: 'SPEND_CASH',
  types: ['SPEND_CASH'],
  answers: ['SPEND_CASH'],
  keys: ['amount'],
  parse: (o) =>
    isInt(o.amount) ? { type: 'SPEND_CASH', amount: o.amount as number } : bad('amount is an integer'),
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'SPEND_CASH')!;
    return cmd.amount >= prompt.min && cmd.amount <= prompt.max
      ? null
      : violation(Codes.ILLEGAL_AMOUNT, `spend from ${prompt.min} to ${prompt.max}`);
  },
  decide(ctx, seat, cmd) {
    if (ctx.answered!.kind !== 'SPEND_CASH') return;
    const s = ctx.state;
    ctx.emit({
      type: 'CASH_SPENT',
      seat,
      amount: cmd.amount,
      cashLimit: cashLimit(s, seat),
      vp: Math.floor(cmd.amount / 10),
    });
  },
  legal(s, seat) {
    const prompt = promptOfKind(s, seat, 'SPEND_CASH')!;
    const out: Spend[] = [];
    for (let a = prompt.min; a <= prompt.max; a++) out.push({ type: 'SPEND_CASH', amount: a });
    return out;
  },
};

/** The Town Hall's parcel (§6.3), roads added if needed. */
export const PLACE_TOWN_HALL: CarsonHandler<CommandOf<'PLACE_TOWN_HALL'>> = {
  type: 'PLACE_TOWN_HALL',
  types: ['PLACE_TOWN_HALL'],
  answers: ['PLACE_TOWN_HALL'],
  keys: ['parcel'],
  parse: parcelCommand('PLACE_TOWN_HALL'),
  check(s, _seat, cmd) {
    if (isRiver(s, P(cmd.parcel))) return riverViolation();
    return townHallOptions(s).some((o) => o.parcel === P(cmd.parcel))
      ? null
      : violation(Codes.ILLEGAL_PARCEL, 'not a Town Hall parcel');
  },
  decide(ctx, seat, cmd) {
    const p = P(cmd.parcel);
    const opt = townHallOptions(ctx.state).find((o) => o.parcel === p)!;
    ctx.emit({ type: 'TOWN_HALL_PLACED', seat, parcel: p, roads: opt.roads });
  },
  // Valid by construction: the options not on the river.
  legal(s) {
    const out: CommandOf<'PLACE_TOWN_HALL'>[] = [];
    for (const o of townHallOptions(s))
      if (!isRiver(s, o.parcel)) out.push({ type: 'PLACE_TOWN_HALL', parcel: ref(o.parcel) });
    return out;
  },
  candidates: (s) => townHallOptions(s).map((o) => ({ type: 'PLACE_TOWN_HALL', parcel: ref(o.parcel) })),
};
