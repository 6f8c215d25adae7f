/**
 * Setup (§3): the starting-parcel draft. With A New Beginning the same prompt places each parcel
 * bought on the sheet (§10.1).
 */
import { violation } from '../../../engine';
import { Codes, riverViolation } from '../../codes';
import { parcelCommand } from '../../commands';
import { PARCEL_COUNT } from '../../data/board';
import type { CarsonHandler, CommandOf } from '../../protocol';
import { isRiver } from '../../rules';
import { P, PARCEL_REFS } from '../refs';

type StartingParcel = CommandOf<'CHOOSE_STARTING_PARCEL'>;

const STARTING_PARCELS: readonly StartingParcel[] = PARCEL_REFS.map((parcel) =>
  Object.freeze({ type: 'CHOOSE_STARTING_PARCEL' as const, parcel }),
);

/** Put a property tile on any unowned parcel that is not river. */
export const CHOOSE_STARTING_PARCEL: CarsonHandler<StartingParcel> = {
  type: 'CHOOSE_STARTING_PARCEL',
  types: ['CHOOSE_STARTING_PARCEL'],
  answers: ['CHOOSE_STARTING_PARCEL'],
  keys: ['parcel'],
  parse: parcelCommand('CHOOSE_STARTING_PARCEL'),
  check(s, _seat, cmd) {
    if (isRiver(s, P(cmd.parcel))) return riverViolation();
    return s.parcels[P(cmd.parcel)].owner === null
      ? null
      : violation(Codes.ILLEGAL_PARCEL, 'that parcel is owned');
  },
  decide(ctx, seat, cmd) {
    ctx.emit({ type: 'PARCEL_CLAIMED', seat, parcel: P(cmd.parcel), price: 0, reason: 'DRAFT', rolls: [] });
  },
  legal(s) {
    const out: StartingParcel[] = [];
    for (let p = 0; p < PARCEL_COUNT; p++)
      if (s.parcels[p].owner === null && !isRiver(s, p)) out.push(STARTING_PARCELS[p]);
    return out;
  },
  candidates(s) {
    const out: StartingParcel[] = [];
    for (let p = 0; p < PARCEL_COUNT; p++)
      if (s.parcels[p].owner === null) out.push({ type: 'CHOOSE_STARTING_PARCEL', parcel: PARCEL_REFS[p] });
    return out;
  },
};
