/**
 * Phase 3's last step, building (estate) income (§5.7): the Town Hall's duel at its start (§6.3),
 * the attack duels, the income choices, the payment.
 */
import { PARCEL_COUNT } from '../../data/board';
import type { BuildingType } from '../../data/buildings';
import type { Ctx } from '../../ctx';
import { PORTS } from '../../ports';
import { incomeLevel as incomeLevelFor, isBuilding, locParcel } from '../../rules';
import type { Task } from '../../state';
import { mightOf, placementsAt } from '../../table';
import { duel, marksmanDuelTask, marksmanIn, tileDuelTask } from './duels';

/** Building income after the outlaw fights: Town Hall, attack duels, choices, payment (§5.7). */
export function estateMain(ctx: Ctx): void {
  const after = townHallContest(ctx);
  ctx.push(
    ...after,
    { t: 'DUELS', step: 'ESTATE', chooser: null },
    { t: 'ESTATE_CHOICES' },
    { t: 'ESTATE_PAY' },
    { t: 'EDITOR' },
  );
}

/** Town Hall duel at the start of building income (§6.3). */
function townHallContest(ctx: Ctx): Task[] {
  const s = ctx.state;
  if (s.townHall.parcel === null) return [];
  const loc = `B:${s.townHall.parcel}`;
  const challengers = placementsAt(s, loc).map((p) => p.seat);
  if (challengers.length === 0) return [];
  const occupant = s.townHall.occupant;
  const seats = occupant === null ? challengers : [occupant, ...challengers];
  if (seats.length === 1) {
    ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: seats[0], previous: null });
    return [];
  }
  if (mightOf(s)) return [tileDuelTask(s, loc, seats, { kind: 'TOWN_HALL', previous: occupant })];
  if (marksmanIn(s, seats))
    return [marksmanDuelTask(s, loc, seats, { kind: 'TOWN_HALL', previous: occupant })];
  const { winner, after } = duel(ctx, loc, seats);
  ctx.emit({ type: 'TOWN_HALL_OCCUPIED', seat: winner, previous: occupant });
  return after;
}

/** Building income (§5.7 step 4). */
export function payEstate(ctx: Ctx): void {
  const s = ctx.state;
  // Horses, stable 3: one Ranch doubled per horse there (never with the Grocer, §5.7 step 4.2).
  const horseDoubled = new Set<number>();
  if (PORTS.horses.horsesOn(s)) {
    for (let seat = 0; seat < s.seatCount; seat++) {
      const parcels = PORTS.horses.ranchesToDouble(s, seat, (q) => incomeLevelFor(s, q));
      if (parcels.length === 0) continue;
      ctx.emit({ type: 'RANCHES_DOUBLED', seat, parcels });
      for (const q of parcels) horseDoubled.add(q);
    }
  }
  for (let p = 0; p < PARCEL_COUNT; p++) {
    const cell = s.parcels[p];
    if (cell.owner === null || !isBuilding(cell.content)) continue;
    const owner = cell.owner;
    const building = cell.content as BuildingType;
    const base = incomeLevelFor(s, p);
    const op = s.players[owner];
    let multiplier = 1;
    if (op.doubled === building || horseDoubled.has(p)) multiplier = 2;
    else if (building === 'MINE' && op.dynamitedMines.includes(p)) multiplier = 3;
    const amount = base * multiplier;
    const attackers = placementsAt(s, `B:${p}`).filter((x) => x.seat !== owner);
    const attacker = attackers.length > 0 ? attackers[0].seat : null;
    const stolen = attacker === null ? 0 : Math.floor(amount / 2);
    if (base === 0 && attacker === null) continue;
    // Outlaws: an undefeated outlaw on it, the owner receives half rounded down, the rest is
    // lost (§5.7 step 4.3; not for the yellow Heroes). Its attackers all lost the fight.
    const halved = attacker === null && PORTS.outlaws.outlawHalves(s, p);
    ctx.emit({
      type: 'INCOME',
      owner,
      parcel: p,
      building,
      base,
      multiplier,
      amount,
      attacker,
      stolen,
      received: halved ? Math.floor(amount / 2) : amount - stolen,
      ...(halved && { outlaw: true as const }),
    });
  }
  // Solo: his income, stolen halves included, becomes VP at once (§11.7).
  if (PORTS.solo.soloOf(s)) PORTS.solo.convertStandishIncome(ctx);
  // Attackers and defenders have acted: to the general reserve (§4.4).
  for (const pl of s.placements.filter(
    (x) => x.loc.startsWith('B:') && locParcel(x.loc) !== s.townHall.parcel,
  )) {
    ctx.emit({
      type: 'COWBOY_RETURNED',
      seat: pl.seat,
      loc: pl.loc,
      to: 'GENERAL',
      white: pl.white,
      reason: 'ESTATE',
    });
  }
}
