/**
 * Every command a seat may send now, in canonical form (as parseCommand normalises it), and the
 * default a turn timer plays. The lists are bounded: at most 5 dice, each with at most 4 targets
 * (or 8 seats for a beer).
 */
import type { BangCommand, DieAssignment, SlabDouble } from './commands';
import { pending } from './pending';
import {
  bartAllowance,
  beerDice,
  characterAt,
  kitAllowance,
  kitSources,
  livingSeats,
  pedroOwed,
  rerollableDice,
  shotDice,
  shotTargets,
  usedAs,
} from './rules';
import type { BangState } from './state';

function product<T>(options: T[][]): T[][] {
  return options.reduce<T[][]>(
    (acc, choices) => acc.flatMap((prefix) => choices.map((c) => [...prefix, c])),
    [[]],
  );
}

function nonEmptySubsets(items: number[]): number[][] {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) {
    out.push(items.filter((_, i) => mask & (1 << i)));
  }
  return out;
}

/** Multisets of seats (one entry per arrow) of size 0..limit within each seat's holding. */
function arrowMultisets(sources: { seat: number; arrows: number }[], limit: number): number[][] {
  const out: number[][] = [];
  const walk = (index: number, picked: number[]) => {
    if (index === sources.length) {
      out.push(picked);
      return;
    }
    const { seat, arrows } = sources[index];
    for (let k = 0; k <= Math.min(arrows, limit - picked.length); k++) {
      walk(index + 1, [...picked, ...Array<number>(k).fill(seat)]);
    }
  };
  walk(0, []);
  return out;
}

function shotOptions(state: BangState, die: number): DieAssignment[] {
  const turn = state.turn!;
  const face = turn.dice[die] as 'ONE' | 'TWO';
  const janet = characterAt(state, turn.seat) === 'CALAMITY_JANET';
  const out: DieAssignment[] = [];
  for (const swap of janet ? [false, true] : [false]) {
    for (const target of shotTargets(state, turn.seat, usedAs(face, swap))) {
      out.push(swap ? { die, target, swap: true } : { die, target });
    }
  }
  return out;
}

function resolveShotCommands(state: BangState): BangCommand[] {
  const turn = state.turn!;
  const shots = shotDice(turn.dice);
  const assignments = product(shots.map((die) => shotOptions(state, die)));
  const doubles: (SlabDouble | null)[] = [null];
  if (characterAt(state, turn.seat) === 'SLAB_THE_KILLER') {
    const beers = turn.dice.flatMap((f, i) => (f === 'BEER' ? [i] : []));
    for (const beerDie of beers) for (const shotDie of shots) doubles.push({ beerDie, shotDie });
  }
  return doubles.flatMap((slabDouble) =>
    assignments.map((a): BangCommand =>
      slabDouble
        ? { type: 'RESOLVE_DICE', assignments: a, slabDouble }
        : { type: 'RESOLVE_DICE', assignments: a },
    ),
  );
}

export function legalCommands(state: BangState, seat: number): BangCommand[] {
  const prompt = pending(state).find((p) => p.seat === seat);
  if (!prompt) return [];
  switch (prompt.kind) {
    case 'CHOOSE_CHARACTER':
      return state.players[seat].offers.map((character) => ({ type: 'CHOOSE_CHARACTER', character }));
    case 'SID_KETCHUM_HEAL':
      return livingSeats(state).map((target) => ({ type: 'SID_KETCHUM_HEAL', target }));
    case 'ROLL':
      return [{ type: 'ROLL_DICE' }];
    case 'REROLL_OR_KEEP':
      return [
        { type: 'KEEP_DICE' },
        ...nonEmptySubsets(rerollableDice(state)).map((dice): BangCommand => ({ type: 'REROLL_DICE', dice })),
      ];
    case 'RESOLVE_SHOTS':
      return resolveShotCommands(state);
    case 'RESOLVE_BEERS': {
      const seats = livingSeats(state);
      const beers = beerDice(state);
      return product(beers.map((die) => seats.map((target) => ({ die, target })))).map((assignments) => ({
        type: 'RESOLVE_DICE',
        assignments,
      }));
    }
    case 'BART_CASSIDY_SUBSTITUTE': {
      const max = bartAllowance(state)?.max ?? 0;
      return Array.from({ length: max + 1 }, (_, count) => ({ type: 'BART_CASSIDY_TAKE_ARROWS', count }));
    }
    case 'PEDRO_RAMIREZ_DISCARD': {
      const max = pedroOwed(state)?.max ?? 0;
      return Array.from({ length: max + 1 }, (_, count) => ({ type: 'PEDRO_RAMIREZ_DISCARD', count }));
    }
    case 'KIT_CARLSON_DISCARD':
      return arrowMultisets(kitSources(state), kitAllowance(state).limit).map((from) => ({
        type: 'KIT_CARLSON_DISCARD',
        from,
      }));
  }
}

/**
 * What a turn timer plays: the cautious, rule-literal choice. Rolling stops; shots go to the first
 * legal target; beers to the roller; Bart, Pedro and Kit use their abilities in full (PT's
 * imperative wording, Ambiguities #10-11); Sid heals himself; the first offered character.
 */
export function timeoutCommand(state: BangState, seat: number): BangCommand | null {
  const prompt = pending(state).find((p) => p.seat === seat);
  if (!prompt) return null;
  const turn = state.turn;
  switch (prompt.kind) {
    case 'CHOOSE_CHARACTER':
      return { type: 'CHOOSE_CHARACTER', character: state.players[seat].offers[0] };
    case 'SID_KETCHUM_HEAL':
      return { type: 'SID_KETCHUM_HEAL', target: seat };
    case 'ROLL':
      return { type: 'ROLL_DICE' };
    case 'REROLL_OR_KEEP':
      return { type: 'KEEP_DICE' };
    case 'RESOLVE_SHOTS':
      return {
        type: 'RESOLVE_DICE',
        assignments: shotDice(turn!.dice).map((die) => shotOptions(state, die)[0]),
      };
    case 'RESOLVE_BEERS':
      return { type: 'RESOLVE_DICE', assignments: beerDice(state).map((die) => ({ die, target: seat })) };
    case 'BART_CASSIDY_SUBSTITUTE':
      return { type: 'BART_CASSIDY_TAKE_ARROWS', count: bartAllowance(state)?.max ?? 0 };
    case 'PEDRO_RAMIREZ_DISCARD':
      return { type: 'PEDRO_RAMIREZ_DISCARD', count: pedroOwed(state)?.max ?? 0 };
    case 'KIT_CARLSON_DISCARD': {
      const { limit } = kitAllowance(state);
      const sources = kitSources(state).sort((a, b) =>
        a.seat === seat ? -1 : b.seat === seat ? 1 : a.seat - b.seat,
      );
      const from: number[] = [];
      for (const s of sources) for (let i = 0; i < s.arrows && from.length < limit; i++) from.push(s.seat);
      return { type: 'KIT_CARLSON_DISCARD', from: from.sort((a, b) => a - b) };
    }
  }
}
