/**
 * What a seat can work out from its view alone, and how much it likes each seat's health.
 *
 * Beliefs about hidden roles are the counting prior (the roles not yet seen, spread evenly over the
 * seats that hide a role) unless the caller infers better ones from the view's public history
 * (inference.ts; STRONG does, HEURISTIC does not). Every number here comes from the view; nothing
 * reads the state.
 */
import type { BangView, PlayerView } from '../view';
import type { CharacterId } from '../data/characters';
import { ROLES_BY_PLAYER_COUNT, THREE_PLAYER_TARGET, type Role } from '../data/roles';

/**
 * Weights of the utility, in life points: what a seat alive is worth beyond its life (the
 * Sheriff's life is the game), and how much each role wants each other role healthy. Frozen: bots
 * are pure.
 */
export const TUNING = deepFreeze({
  sheriffLife: 1,
  aliveValue: 3,
  sheriffAlive: 25,
  weights: {
    lawDeputy: 0.7,
    lawOutlaw: -1,
    lawRenegade: -0.6,
    outlawDeputy: -0.6,
    outlawOutlaw: 0.7,
    outlawRenegade: -0.2,
    renegadeSheriff: 0.5,
    renegadeOutlaw: -1,
    renegadeDeputy: -0.6,
  },
});

function deepFreeze<T extends object>(value: T): Readonly<T> {
  for (const v of Object.values(value)) if (typeof v === 'object' && v !== null) deepFreeze(v as object);
  return Object.freeze(value);
}

export const ROLE_LIST: Role[] = ['SHERIFF', 'DEPUTY', 'OUTLAW', 'RENEGADE'];

/** A compact, mutable copy of the public numbers (for quick what-if evaluations). */
export interface Table {
  n: number;
  me: number;
  life: number[];
  maxLife: number[];
  arrows: number[];
  alive: boolean[];
  pile: number;
}

export interface Perspective {
  view: BangView;
  me: number;
  myRole: Role;
  /** Per seat: role if known to me, else null. */
  known: (Role | null)[];
  /** Per seat: probability of each role (known roles are certain). */
  belief: Record<Role, number>[];
  /** Per seat, how much I want them healthy: +1 = me/teammate, -1 = enemy. */
  ally: number[];
  /** Value of a seat being alive, in life points (huge for the Sheriff: his death ends the game). */
  aliveValue: number[];
  /** Value of each life point of a seat (the Sheriff's life is the game's clock). */
  lifeWeight: number[];
  characters: (CharacterId | null)[];
  /** Seats that hide a role from me (living, not me, not face up). */
  hidden: number[];
}

export function tableOf(view: BangView, me: number): Table {
  return {
    n: view.seatCount,
    me,
    life: view.players.map((p) => p.life),
    maxLife: view.players.map((p) => p.maxLife),
    arrows: view.players.map((p) => p.arrows),
    alive: view.players.map((p) => p.alive),
    pile: view.pile,
  };
}

export function cloneTable(t: Table): Table {
  return {
    n: t.n,
    me: t.me,
    life: t.life.slice(),
    maxLife: t.maxLife,
    arrows: t.arrows.slice(),
    alive: t.alive.slice(),
    pile: t.pile,
  };
}

/** The roles nobody has shown me yet (the deal minus every role I can see). */
export function unseenRoles(view: BangView): Role[] {
  const pool = [...(ROLES_BY_PLAYER_COUNT[view.seatCount] ?? [])];
  for (const p of view.players) {
    if (p.role === null) continue;
    const i = pool.indexOf(p.role);
    if (i >= 0) pool.splice(i, 1);
  }
  return pool;
}

function emptyBelief(): Record<Role, number> {
  return { SHERIFF: 0, DEPUTY: 0, OUTLAW: 0, RENEGADE: 0 };
}

/** How much a `mine` player wants a `theirs` player healthy (4-8 players). */
export function roleWeight(
  mine: Role,
  theirs: Role,
  ctx: { outlawsLeft: number; othersThanSheriffAndRenegades: number },
): number {
  const w = TUNING.weights;
  switch (mine) {
    case 'SHERIFF':
    case 'DEPUTY':
      if (theirs === 'SHERIFF') return 1;
      if (theirs === 'DEPUTY') return w.lawDeputy;
      if (theirs === 'OUTLAW') return w.lawOutlaw;
      return ctx.outlawsLeft === 0 ? -1 : w.lawRenegade;
    case 'OUTLAW':
      if (theirs === 'SHERIFF') return -1;
      if (theirs === 'DEPUTY') return w.outlawDeputy;
      if (theirs === 'OUTLAW') return w.outlawOutlaw;
      return w.outlawRenegade;
    case 'RENEGADE':
      // The Renegade needs the Sheriff alive until everyone else is gone, then must kill him.
      if (theirs === 'SHERIFF') return ctx.othersThanSheriffAndRenegades === 0 ? -1 : w.renegadeSheriff;
      if (theirs === 'OUTLAW') return w.renegadeOutlaw;
      if (theirs === 'DEPUTY') return w.renegadeDeputy;
      return w.renegadeDeputy;
  }
}

/**
 * `me`'s view of the table. Beliefs about hidden roles are the counting prior unless `inferred`
 * gives them (STRONG passes the posterior read from the public history, see inference.ts).
 */
export function perspective(view: BangView, me: number, inferred?: Record<Role, number>[]): Perspective {
  const players = view.players;
  const myRole = players[me].role ?? 'OUTLAW';
  const known = players.map((p) => p.role);
  const hidden = players.filter((p) => p.alive && p.seat !== me && p.role === null).map((p) => p.seat);
  const pool = unseenRoles(view);
  const belief = players.map((p: PlayerView) => {
    const b = emptyBelief();
    if (p.role !== null) b[p.role] = 1;
    else if (inferred && hidden.includes(p.seat)) Object.assign(b, inferred[p.seat]);
    else if (hidden.includes(p.seat) && pool.length > 0) for (const r of pool) b[r] += 1 / pool.length;
    return b;
  });
  const ally = players.map(() => 0);
  const aliveValue = players.map(() => TUNING.aliveValue);
  const lifeWeight = players.map(() => 1);
  const characters = players.map((p) => p.character);

  if (view.threePlayer) {
    const target = THREE_PLAYER_TARGET[myRole];
    for (const p of players) {
      if (p.seat === me) ally[p.seat] = 1;
      else if (view.mode === 'LAST_SURVIVOR') ally[p.seat] = -1;
      else ally[p.seat] = p.role === target ? -1 : -0.4;
    }
    return { view, me, myRole, known, belief, ally, aliveValue, lifeWeight, characters, hidden };
  }

  const livingOutlawsMax =
    pool.filter((r) => r === 'OUTLAW').length + players.filter((p) => p.alive && p.role === 'OUTLAW').length;
  // Seats still standing between the Renegade and his final duel with the Sheriff.
  const othersThanSheriffAndRenegades = players.filter(
    (p) => p.alive && p.seat !== me && p.role !== 'SHERIFF' && p.role !== 'RENEGADE',
  ).length;
  const ctx = { outlawsLeft: livingOutlawsMax, othersThanSheriffAndRenegades };
  for (const p of players) {
    if (p.seat === me) {
      ally[p.seat] = myRole === 'SHERIFF' ? 1.3 : 1;
      continue;
    }
    let w = 0;
    for (const r of ROLE_LIST) if (belief[p.seat][r] > 0) w += belief[p.seat][r] * roleWeight(myRole, r, ctx);
    ally[p.seat] = w;
    if (p.role === 'SHERIFF') {
      aliveValue[p.seat] = TUNING.sheriffAlive;
      lifeWeight[p.seat] = TUNING.sheriffLife;
    }
  }
  if (myRole === 'SHERIFF') {
    aliveValue[me] = TUNING.sheriffAlive;
    lifeWeight[me] = TUNING.sheriffLife;
  }
  return { view, me, myRole, known, belief, ally, aliveValue, lifeWeight, characters, hidden };
}

/** Utility of a table from my perspective: allies' health up, enemies' down. */
export function utility(pv: Perspective, t: Table): number {
  let u = 0;
  const arrowRisk = t.pile <= 3 ? 0.5 : t.pile <= 6 ? 0.3 : 0.15;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s]) continue;
    const jour = pv.characters[s] === 'JOURDONNAIS';
    const risk = Math.min(t.life[s], jour ? Math.min(1, t.arrows[s]) : t.arrows[s]) * arrowRisk;
    // Low life is worth more per point (closer to elimination).
    const life = t.life[s] + (t.life[s] <= 2 ? 0.5 * t.life[s] : 1) - risk;
    u += pv.ally[s] * (pv.aliveValue[s] + pv.lifeWeight[s] * life);
  }
  return u;
}

/** Apply simultaneous life losses and eliminations (no abilities beyond Vulture Sam's bonus). */
export function applyLosses(pv: Perspective, t: Table, hits: number[]): void {
  let dead = 0;
  for (let s = 0; s < t.n; s++) {
    if (!t.alive[s] || hits[s] <= 0) continue;
    t.life[s] = Math.max(0, t.life[s] - hits[s]);
    if (t.life[s] === 0) {
      t.alive[s] = false;
      t.pile += t.arrows[s];
      t.arrows[s] = 0;
      dead++;
    }
  }
  if (dead > 0) {
    const sam = pv.characters.findIndex((c, s) => c === 'VULTURE_SAM' && t.alive[s]);
    if (sam >= 0) t.life[sam] = Math.min(t.maxLife[sam], t.life[sam] + 2 * dead);
  }
}

/** The roller (me) takes `count` arrows, with the Indian attack when the pile empties. */
export function takeArrows(pv: Perspective, t: Table, seat: number, count: number): void {
  for (let i = 0; i < count; i++) {
    if (!t.alive[seat]) return;
    t.arrows[seat]++;
    t.pile--;
    if (t.pile <= 0) {
      const hits = t.arrows.map((a, s) => (pv.characters[s] === 'JOURDONNAIS' ? Math.min(1, a) : a));
      for (let s = 0; s < t.n; s++) t.arrows[s] = 0;
      t.pile = 9;
      applyLosses(pv, t, hits);
    }
  }
}

/** Living seats in order around the table. */
export function living(t: Table): number[] {
  const out: number[] = [];
  for (let s = 0; s < t.n; s++) if (t.alive[s]) out.push(s);
  return out;
}

/** Seats a shot of `type` by `roller` may hit (spec §3.5 R3; mirrors the engine's reach). */
export function reach(t: Table, roller: number, type: 'ONE' | 'TWO', rose: boolean): number[] {
  const circle = living(t);
  const n = circle.length;
  const at = circle.indexOf(roller);
  if (at < 0 || n < 2) return [];
  const effective = n <= 3 ? 'ONE' : type;
  const ks = effective === 'ONE' ? (rose ? [1, 2] : [1]) : rose ? [2, 3] : [2];
  const out: number[] = [];
  for (const k of ks) {
    for (const s of [circle[(at + k) % n], circle[(((at - k) % n) + n) % n]]) {
      if (s !== roller && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

export function roleGuess(pv: Perspective, seat: number): string {
  const known = pv.known[seat];
  if (known) return known.toLowerCase();
  const b = pv.belief[seat];
  const best = ROLE_LIST.reduce((a, r) => (b[r] > b[a] ? r : a), 'OUTLAW' as Role);
  return `probably ${best.toLowerCase()} (${Math.round(b[best] * 100)}%)`;
}
