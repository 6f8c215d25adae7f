/**
 * Construction (§5.5-5.6, §6.3): a pending building onto one's parcel (PLACE_BUILDING: after a
 * purchase, or a building window), its Houses one by one (PLACE_HOUSE), the consent of a parcel's
 * owner to a House on it (CONSENT). The Town Hall's parcel (PLACE_TOWN_HALL, §6.3) is with the
 * bag's refill that draws it (phases/end-of-round/).
 */
import { violation, type RuleViolation, type Seat } from '../../../engine';
import { resolveRules } from '../../agenda-resolve';
import { buildTargets, canBuildSomething, commitBuild, houseSpots, onlyOf, parcelAllows } from '../../build';
import { Codes, promptOfKind, riverViolation } from '../../codes';
import { bad, parcelField, type Raw } from '../../commands';
import { BUILDINGS, isBuildingType } from '../../data/buildings';
import type { Ctx } from '../../ctx';
import type { CarsonHandler, CommandOf } from '../../protocol';
import { isRiver, schoolOnSide } from '../../rules';
import type { CarsonState, PendingBuild } from '../../state';
import { PORTS } from '../../ports';
import { P, ref } from '../refs';

type Build = CommandOf<'BUILD_PENDING'>;
type House = CommandOf<'PLACE_HOUSE'>;

const KEEP = Object.freeze({ type: 'KEEP_PENDING' as const });
const CANCEL = Object.freeze({ type: 'CANCEL_BUILD' as const });
const CONSENTS: readonly CommandOf<'ANSWER_CONSENT'>[] = [false, true].map((accept) =>
  Object.freeze({ type: 'ANSWER_CONSENT' as const, accept }),
);

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

function parseBuild(o: Raw): Build | RuleViolation {
  const parcel = parcelField(o.parcel);
  if (!parcel || !isBuildingType(o.building)) return bad('BUILD_PENDING needs building and parcel');
  return { type: 'BUILD_PENDING', building: o.building, parcel };
}

function checkBuild(s: CarsonState, seat: Seat, cmd: Build): RuleViolation | null {
  const prompt = promptOfKind(s, seat, 'PLACE_BUILDING')!;
  const player = s.players[seat];
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

/** Each pending building (the one bought, after a purchase) on each parcel it may go to. */
function buildForms(s: CarsonState, seat: Seat, river: boolean): Build[] {
  const prompt = promptOfKind(s, seat, 'PLACE_BUILDING')!;
  const out: Build[] = [];
  for (const b of [...new Set(s.players[seat].pending)]) {
    if (prompt.only !== null && b !== prompt.only) continue;
    for (const p of buildTargets(s, seat, b, prompt.refused))
      if (river || !isRiver(s, p)) out.push({ type: 'BUILD_PENDING', building: b, parcel: ref(p) });
  }
  return out;
}

export const BUILD_PENDING: CarsonHandler<Build> = {
  type: 'BUILD_PENDING',
  types: ['BUILD_PENDING'],
  answers: ['PLACE_BUILDING'],
  keys: ['building', 'parcel'],
  parse: parseBuild,
  check: checkBuild,
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'PLACE_BUILDING') return;
    const parcel = P(cmd.parcel);
    if (resolveRules(ctx.state)) ctx.emit({ type: 'BUILD_STARTED', seat, building: cmd.building, parcel });
    const build: PendingBuild = {
      building: cmd.building,
      parcel,
      needed: BUILDINGS[cmd.building].houses,
      houses: [],
      refused: prompt.refused ?? [],
      mode: prompt.mode,
    };
    continueBuild(ctx, seat, build, prompt.only);
  },
  // Valid by construction: the check accepts a parcel of buildTargets that is not river, so the
  // list is computed once instead of once per candidate.
  legal: (s, seat) => buildForms(s, seat, false),
  candidates: (s, seat) => buildForms(s, seat, true),
};

export const KEEP_PENDING: CarsonHandler<CommandOf<'KEEP_PENDING'>> = {
  type: 'KEEP_PENDING',
  types: ['KEEP_PENDING'],
  answers: ['PLACE_BUILDING'],
  keys: [],
  check: () => null,
  decide(ctx, seat) {
    if (resolveRules(ctx.state)) ctx.emit({ type: 'PENDING_KEPT', seat });
  },
  legal: () => [KEEP],
};

function parseHouse(o: Raw): House | RuleViolation {
  const parcel = parcelField(o.parcel);
  if (!parcel || typeof o.townHouse !== 'boolean') return bad('PLACE_HOUSE needs parcel and townHouse');
  return { type: 'PLACE_HOUSE', parcel, townHouse: o.townHouse };
}

function decideHouse(ctx: Ctx, seat: Seat, cmd: House): void {
  const s = ctx.state;
  const prompt = ctx.answered!;
  if (prompt.kind !== 'PLACE_HOUSE') return;
  const house = { parcel: P(cmd.parcel), town: cmd.townHouse };
  if (resolveRules(s)) ctx.emit({ type: 'HOUSE_CHOSEN', seat, parcel: house.parcel, town: house.town });
  const owner = s.parcels[house.parcel].owner;
  if (owner !== null && owner !== seat && PORTS.solo.isStandish(s, owner)) {
    // Solo: Standish never lets a House onto his parcel (decision, §11.3 "what would you not
    // want him to do": the House would only serve the player's building).
    ctx.emit({ type: 'CONSENT_ANSWERED', seat: owner, requester: seat, parcel: house.parcel, accept: false });
    const refused = [...prompt.build.refused, house.parcel];
    return continueBuild(ctx, seat, { ...prompt.build, refused }, onlyOf(prompt.build));
  }
  if (owner !== null && owner !== seat) {
    ctx.prompt({ seat: owner, kind: 'CONSENT', requester: seat, build: prompt.build, house });
    return;
  }
  continueBuild(
    ctx,
    seat,
    { ...prompt.build, houses: [...prompt.build.houses, house] },
    onlyOf(prompt.build),
  );
}

/** The building's House spots (the check's own list), without river or outlaw parcels. */
function houseForms(s: CarsonState, seat: Seat, all: boolean): House[] {
  const out: House[] = [];
  for (const h of houseSpots(s, promptOfKind(s, seat, 'PLACE_HOUSE')!.build))
    if (all || (!isRiver(s, h.parcel) && !PORTS.outlaws.hasOutlaw(s, h.parcel)))
      out.push({ type: 'PLACE_HOUSE', parcel: ref(h.parcel), townHouse: h.town });
  return out;
}

export const PLACE_HOUSE: CarsonHandler<House> = {
  type: 'PLACE_HOUSE',
  types: ['PLACE_HOUSE'],
  answers: ['PLACE_HOUSE'],
  keys: ['parcel', 'townHouse'],
  parse: parseHouse,
  check(s, seat, cmd) {
    const prompt = promptOfKind(s, seat, 'PLACE_HOUSE')!;
    const p = P(cmd.parcel);
    if (isRiver(s, p)) return riverViolation();
    if (PORTS.outlaws.hasOutlaw(s, p))
      return violation(Codes.OUTLAW_PARCEL, "no House on an outlaw's parcel (§10.5)");
    return houseSpots(s, prompt.build).some((h) => h.parcel === p && h.town === cmd.townHouse)
      ? null
      : violation(Codes.ILLEGAL_PARCEL, 'a House needs an empty connected parcel (or a House to flip)');
  },
  decide: decideHouse,
  legal: (s, seat) => houseForms(s, seat, false),
  candidates: (s, seat) => houseForms(s, seat, true),
};

/** Give up this construction; the building stays pending. */
export const CANCEL_BUILD: CarsonHandler<CommandOf<'CANCEL_BUILD'>> = {
  type: 'CANCEL_BUILD',
  types: ['CANCEL_BUILD'],
  answers: ['PLACE_HOUSE'],
  keys: [],
  check: () => null,
  decide(ctx, seat) {
    const prompt = ctx.answered!;
    if (prompt.kind !== 'PLACE_HOUSE') return;
    const { building, parcel } = prompt.build;
    if (resolveRules(ctx.state)) ctx.emit({ type: 'BUILD_CANCELLED', seat, building, parcel });
    const refused = prompt.build.refused;
    ctx.prompt({
      seat,
      kind: 'PLACE_BUILDING',
      mode: prompt.build.mode,
      only: onlyOf(prompt.build),
      ...(refused.length > 0 && { refused }),
    });
  },
  legal: () => [CANCEL],
};

/** Allow (or refuse) another player's House / Town House on your parcel. */
export const ANSWER_CONSENT: CarsonHandler<CommandOf<'ANSWER_CONSENT'>> = {
  type: 'ANSWER_CONSENT',
  types: ['ANSWER_CONSENT'],
  answers: ['CONSENT'],
  keys: ['accept'],
  parse: (o) =>
    typeof o.accept === 'boolean' ? { type: 'ANSWER_CONSENT', accept: o.accept } : bad('accept is a boolean'),
  check: () => null,
  decide(ctx, seat, cmd) {
    const prompt = ctx.answered!;
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
    continueBuild(ctx, prompt.requester, build, onlyOf(prompt.build));
  },
  legal: () => CONSENTS.slice(),
};
