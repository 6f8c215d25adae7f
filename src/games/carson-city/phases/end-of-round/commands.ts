/**
 * Phase 4, end of round (§4.5, §7): the cash limit. A seat over its limit spends at least the
 * excess (1 VP per $10); below it, spending is voluntary (§13 #18).
 */
import { violation } from '../../../engine';
import { Codes, promptOfKind } from '../../codes';
import { bad, isInt } from '../../commands';
import type { CarsonHandler, CommandOf } from '../../protocol';
import { cashLimit } from '../../rules';

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
