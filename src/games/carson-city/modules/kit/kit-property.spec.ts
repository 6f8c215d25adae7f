/**
 * Property test for Kit Carson (§10.4): random legal games, 2-6 players, random personality sets,
 * a fifth of them each with the Carson River too, with Horses, with Might is Right and Horses,
 * with A New Beginning and the river. At the simultaneous prompt a random prompted seat
 * acts (any arrival order); it locks with probability LOCK_CHANCE, otherwise it sends a uniform
 * legal command (place, move, withdraw, road...). Uniform play alone would still end (the lock is
 * always legal, so every seat locks with probability 1) but slowly — a seat with several placed
 * cowboys has hundreds of moves to choose from — so the lock chance bounds a game's length.
 * Each game must end with a valid result (Kit Carson bonus in the totals), keep the placement
 * invariants, and accept every legal command sampled for any prompted
 * seat. Game count: CC_KIT_PROPERTY_GAMES (default small: a few seconds).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import { isViolation, type Seat } from '../../../engine';
import { createRng } from '../../../random';
import type { CarsonCommand } from '../../commands';
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import type { CarsonState } from '../../state';
import { play, startGame } from '../../testing/harness';
import { must, mustReplay } from '../../testing/invariants';

const GAMES = Number(process.env.CC_KIT_PROPERTY_GAMES ?? 20);
const LOCK_CHANCE = 0.2;

function checkState(s: CarsonState): void {
  for (const [seat, p] of s.players.entries()) {
    must(p.reserve >= 0 && p.noDuel >= 0 && p.dynamite >= 0, `seat ${seat}: no negative reserve or markers`);
    const own = s.placements.filter((x) => x.seat === seat);
    must(
      own.filter((x) => x.white).length === (p.white === 'PLACED' ? 1 : 0),
      `seat ${seat}: white cowboy placed once`,
    );
    must(own.filter((x) => x.extra).length <= 1, `seat ${seat}: one Singer extra cowboy`);
    // A seat never holds two cowboys on a single-winner location (§13 #41).
    const single = own.filter((x) => x.loc !== 'A:WAGES' && x.loc !== 'A:ROAD').map((x) => x.loc);
    must(new Set(single).size === single.length, `seat ${seat}: one cowboy per single-winner location`);
  }
  must(s.dynamiteSupply >= 0, 'dynamite supply >= 0');
  for (const loc of new Set(s.placements.filter((x) => x.white).map((x) => x.loc))) {
    if (loc === 'A:WAGES' || loc === 'A:ROAD') continue;
    const here = s.placements.filter((x) => x.loc === loc);
    must(
      here.every((x) => x.white || x.noDuel),
      `nobody but a no-duel cowboy shares the white cowboy's ${loc}`,
    );
  }
  const p = s.flow.prompt;
  if (p && p.kind === 'KIT_PLACEMENT') {
    must(
      p.seats.every((x) => !s.passed.includes(x)),
      'locked seats are not prompted',
    );
    must(p.seats.length + s.passed.length === s.seatCount, 'every seat is prompted or locked');
  }
}

function runGame(g: number): { commands: number; moves: number; withdraws: number } {
  const seats = 2 + ((g + Math.floor(g / 5)) % 5);
  const options = {
    modules: [
      ['KIT_CARSON', 'CARSON_RIVER'],
      ['KIT_CARSON', 'HORSES'],
      ['KIT_CARSON'],
      ['KIT_CARSON', 'MIGHT_IS_RIGHT', 'HORSES'],
      ['KIT_CARSON', 'A_NEW_BEGINNING', 'CARSON_RIVER'],
    ][g % 5],
    personalitySet: g % 2 === 0 ? 'RANDOM' : 'SETTLING_SCORES',
  };
  const seed = `kit-${g}`;
  const rng = createRng(seed);
  const probe = createRng(`probe-${seed}`);
  const start = startGame(options, seats, seed);
  let state = start.state;
  const all: CarsonEvent[] = [...start.events];
  let n = 0;
  let moves = 0;
  let withdraws = 0;
  let lastSeq = 0;
  const locks: Seat[] = [];
  while (engine.result(state) === null) {
    const prompts = engine.pending(state);
    must(prompts.length > 0, 'a prompt while the game runs');
    const seat: Seat = prompts[rng.int(0, prompts.length - 1)].seat;
    const legal = engine.legalCommands(state, seat);
    must(legal.length > 0, `seat ${seat} has a legal command`);
    // Every sampled legal command of any prompted seat is accepted: in states reached in any
    // arrival order at the simultaneous prompt, which the contract suite's random play (always the
    // first prompted seat) does not reach (parsed forms: the contract suite).
    for (const p of prompts.slice(0, 2)) {
      const theirs = p.seat === seat ? legal : engine.legalCommands(state, p.seat);
      const sample =
        theirs.length <= 12
          ? theirs
          : Array.from({ length: 3 }, () => theirs[probe.int(0, theirs.length - 1)]);
      for (const c of sample) {
        const r = engine.decide(state, p.seat, c, createRng('probe'));
        if (isViolation(r)) throw new Error(`legal command refused: ${JSON.stringify(c)} ${r.code}`);
      }
    }
    let cmd: CarsonCommand;
    const lock = legal.find((c) => c.type === 'LOCK');
    if (lock && rng.int(0, 999) < LOCK_CHANCE * 1000) cmd = lock;
    else cmd = legal[rng.int(0, legal.length - 1)];
    const r = play(state, seat, cmd, createRng(`${seed}#${n}`));
    state = r.state;
    all.push(...r.events);
    for (const e of r.events) {
      if (e.type === 'ROUND_STARTED') {
        lastSeq = 0;
        locks.length = 0;
      }
      if (e.type === 'PASSED') locks.push(e.seat);
      const seq = 'seq' in e ? e.seq : undefined;
      if (seq !== undefined) {
        must(seq === lastSeq + 1, `sequence numbers follow each other (${lastSeq} then ${seq})`);
        lastSeq = seq;
      }
      if (e.type === 'PLACEMENT_ENDED')
        must(JSON.stringify(e.passTrack) === JSON.stringify(locks), 'pass track = lock order');
    }
    if (cmd.type === 'RELOCATE_COWBOY') moves++;
    if (cmd.type === 'WITHDRAW_COWBOY') withdraws++;
    checkState(state);
    if (++n > 40000) throw new Error('game too long');
  }
  mustReplay(all, state);
  const result = engine.result(state)!;
  expect(result.seats).toHaveLength(seats);
  expect(result.winners).toHaveLength(1);
  for (const f of state.final!) {
    expect(f.total).toBe(
      f.vpDuringPlay +
        f.money +
        f.possessions +
        f.bridges +
        f.teacher +
        f.trainStation +
        f.horses +
        f.kitCarson,
    );
    expect(f.kitCarson).toBe(seats - 1 - state.passTrack.indexOf(f.seat));
  }
  return { commands: n, moves, withdraws };
}

describe('property: random legal Kit Carson games', () => {
  test(`${GAMES} games end with a valid result, keep the placement rules and replay exactly`, () => {
    const started = Date.now();
    let commands = 0;
    let moves = 0;
    let withdraws = 0;
    for (let g = 0; g < GAMES; g++) {
      const r = runGame(g);
      commands += r.commands;
      moves += r.moves;
      withdraws += r.withdraws;
    }
    expect(moves).toBeGreaterThan(0);
    expect(withdraws).toBeGreaterThan(0);
    console.log(
      `Kit Carson property: ${GAMES} games, ${commands} commands (${moves} moves, ${withdraws} withdrawals) in ${Date.now() - started} ms`,
    );
  });
});
