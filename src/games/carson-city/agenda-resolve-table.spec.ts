/**
 * Rules 3's dispatch table (agenda-resolve.ts `RULES`): `resolveFlow` asks a rule only for the event
 * types listed beside it (#17). A rule that answers an event type missing from its list would go
 * unasked, silently; so here every rule is asked for every event of random games over every option
 * set (the contract's and the combined module sets, solo with each strategy, random personalities),
 * and
 * - no rule answers a type that is not in its list,
 * - `resolveFlow` (the table) answers what asking every rule in the table's order answers.
 */
import { combinedOptionSets, optionSets } from '../kit/option-sets';
import { evolveAgenda, resolveFlow, RULES, settledMarksmanDuel } from './agenda-resolve';
import type { CarsonEvent } from './events';
import { evolve } from './evolve';
import type { CarsonState, Flow } from './state';
import { sweepOptionSets, type SweepSet } from './testing/harness';

const SETS: SweepSet[] = [
  ...[...optionSets(), ...combinedOptionSets()].filter((x) => x.type === 'carson-city'),
  // Random personalities, so that the Auctioneer's and the Doctor's rules are reached too.
  ...[4, 5, 6, 3, 4, 6].map((seats, i) => ({
    label: `random-personalities-${i}`,
    seats,
    options: { personalitySet: 'RANDOM', ...(i % 2 ? { modules: ['HORSES', 'OUTLAWS'] } : {}) },
  })),
];

/** The chain before the table: every rule in order, the first flow wins. */
function everyRule(prev: CarsonState, next: CarsonState, e: CarsonEvent): Flow | null {
  for (const [rule] of RULES) {
    const flow = rule(prev, next, e);
    if (flow !== null) return flow;
  }
  return null;
}

describe("agenda rules 3: resolveFlow's table of event types", () => {
  it('no rule answers an event type missing from its list; the table answers as every rule asked in order', () => {
    const unlisted = new Set<string>();
    const differing: string[] = [];
    const answered = new Map<number, number>();
    let events = 0;
    // CC_RESOLVE_TABLE_GAMES games per option set (default 1), uniform and builder policies in turn.
    const games = Number(process.env.CC_RESOLVE_TABLE_GAMES ?? 1);
    sweepOptionSets(SETS, 'rt', games, (set, before, _after, decided) => {
      let state = before;
      for (const e of decided) {
        events += 1;
        // evolveAgenda's own steps up to its resolveFlow call.
        const prev = e.type === 'DUEL' ? settledMarksmanDuel(state, e.loc) : state;
        const next = evolve(prev, e);
        RULES.forEach(([rule, types], i) => {
          if (rule(prev, next, e) === null) return;
          answered.set(i, (answered.get(i) ?? 0) + 1);
          if (!types.includes(e.type)) unlisted.add(`rule ${i} answers ${e.type} (${set.label})`);
        });
        if (
          differing.length < 5 &&
          JSON.stringify(resolveFlow(prev, next, e)) !== JSON.stringify(everyRule(prev, next, e))
        )
          differing.push(`${set.label}: ${e.type}`);
        state = evolveAgenda(state, e);
      }
    });
    expect([...unlisted]).toEqual([]);
    expect(differing).toEqual([]);
    // The sweep reached every rule (else the check above proves nothing about it).
    expect(events).toBeGreaterThan(10_000);
    expect([...answered.keys()].sort()).toEqual(RULES.map((_, i) => i));
  });
});
