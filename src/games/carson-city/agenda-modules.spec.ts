/**
 * Agenda rules 3 for the automaton and the modules (agenda-modules.ts): Standish's turns in solo,
 * his end of round, the outlaws' arrival, stable 2's choice and Might is Right's tile duels among
 * a step's duels move the flow on from their facts, so those decisions append no FLOW; replaying
 * the events rebuilds every live state. Games that declared rules 2 keep recording them.
 */
import { createRng } from '../random';
import { combinedOptionSets, optionSets } from '../kit/option-sets';
import { carsonCityEngine as engine } from './index';
import { AGENDA_RULES } from './agenda-version';
import { STEPS } from './data/actions';
import { BANKER, DOCTOR } from './data/personalities';
import type { CarsonEvent } from './events';
import { MARKSMAN_DISCARD } from './modules/might/might';
import type { CarsonState, PromptState } from './state';
import { play, startGame, sweepOptionSets, type SweepSet } from './testing/harness';
import { replayAll, has, held } from './testing/fixtures';

type Case = 'soloTurn' | 'soloRoundEnd' | 'outlaws' | 'stableTwo' | 'tileDuel';

/** A prompt of a tile duel among a step's duels, or of its order. */
function stepDuelPrompt(p: PromptState | null): boolean {
  if (p?.kind === 'CHOOSE_DUEL_ORDER') return true;
  if (p?.kind === 'CHOOSE_DUEL_TILE') return p.duel.then.kind === 'NONE';
  return p?.kind === 'CHOOSE_OPTION' && p.purpose === MARKSMAN_DISCARD && p.duel?.then.kind === 'NONE';
}

/** Which of this file's cases a decision is (from the states around it and its events), if any. */
function caseOf(before: CarsonState, after: CarsonState, events: CarsonEvent[]): Case | null {
  const was = before.flow.prompt;
  const now = after.flow.prompt;
  if (before.solo && has(events, 'TURN_ORDER_SET') && !has(events, 'PLACEMENT_ENDED')) return 'soloTurn';
  if (before.solo && has(events, 'ROUND_ENDED') && !held(before, BANKER, 'RED')) return 'soloRoundEnd';
  if (has(events, 'OUTLAWS_ARRIVED')) return 'outlaws';
  if (was?.kind === 'STABLE_TWO' && !has(events, 'PLACEMENT_ENDED')) return 'stableTwo';
  if (!before.might || held(before, DOCTOR)) return null;
  const parcels = after.flow.step === STEPS.indexOf('PARCELS') && now?.kind === 'BUY_PARCEL';
  if ((stepDuelPrompt(was) || was?.kind === 'CHOOSE_DUEL_ORDER') && (stepDuelPrompt(now) || parcels))
    return 'tileDuel';
  return null;
}

/** Rules 3 option sets: every table of the contract suite, and a few more for the modules. */
const SETS: SweepSet[] = [
  ...[...optionSets(), ...combinedOptionSets()].filter((x) => x.type === 'carson-city'),
  { label: 'might-4', seats: 4, options: { modules: ['MIGHT_IS_RIGHT'] } },
  { label: 'might-anb-3', seats: 3, options: { modules: ['MIGHT_IS_RIGHT', 'A_NEW_BEGINNING'] } },
  { label: 'outlaws-3', seats: 3, options: { modules: ['OUTLAWS'] } },
  { label: 'horses-4', seats: 4, options: { modules: ['HORSES'] } },
  { label: 'solo-might', seats: 1, options: { solo: { strategy: 'FORCE' }, modules: ['MIGHT_IS_RIGHT'] } },
  { label: 'solo-anb', seats: 1, options: { solo: { strategy: 'URBAN' }, modules: ['A_NEW_BEGINNING'] } },
  {
    label: 'solo-all',
    seats: 1,
    options: { solo: { strategy: 'MINER' }, modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT', 'CARSON_RIVER'] },
  },
];

describe('agenda rules 3: the automaton and the modules from facts', () => {
  it('new games declare rules 3 or later (rules 4 keep every rule of 3)', () => {
    expect(AGENDA_RULES).toBe(4);
    expect(startGame({}, 2, 'r3-declared').state.agenda).toBe(4);
  });

  it("Standish's turns, his end of round, the outlaws' arrival, stable 2 and step tile duels append no FLOW; replay = live", () => {
    const seen: Record<Case, number> = {
      soloTurn: 0,
      soloRoundEnd: 0,
      outlaws: 0,
      stableTwo: 0,
      tileDuel: 0,
    };
    // CC_AGENDA3_GAMES games per option set (default 1), uniform and builder policies in turn.
    const games = Number(process.env.CC_AGENDA3_GAMES ?? 1);
    sweepOptionSets(SETS, 'r3', games, (set, before, after, events) => {
      const c = caseOf(before, after, events);
      if (c === null) return;
      seen[c] += 1;
      expect({ case: c, set: set.label, flow: has(events, 'FLOW') }).toEqual({
        case: c,
        set: set.label,
        flow: false,
      });
    });
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(0);
  });

  it('a game that declared rules 2 keeps them: its outlaws still arrive with a FLOW, no new fact is emitted', () => {
    const start = startGame({ modules: ['OUTLAWS', 'MIGHT_IS_RIGHT', 'HORSES'] }, 3, 'r3-old');
    // The setup as an engine of those rules stored it: its facts, then the FLOW of the first prompt.
    const declared: CarsonEvent[] = [
      ...start.events.map((e) => (e.type === 'GAME_STARTED' ? { ...e, agenda: 2 } : e)),
      { type: 'FLOW', flow: start.state.flow },
    ];
    let state = replayAll(declared);
    const events = [...declared];
    let arrivals = 0;
    for (let n = 0; n < 5000 && engine.result(state) === null; n++) {
      const prompt = engine.pending(state)[0];
      const legal = engine.legalCommands(state, prompt.seat).filter((c) => c.type !== 'PLACE_ROAD');
      const r = play(state, prompt.seat, legal[n % legal.length], createRng(`r3-old#${n}`));
      if (has(r.events, 'OUTLAWS_ARRIVED')) {
        arrivals += 1;
        expect(r.events[r.events.length - 1].type).toBe('FLOW');
      }
      expect(has(r.events, 'DUEL_ORDER_CHOSEN')).toBe(false);
      expect(r.events.some((e) => e.type === 'COWBOY_PLACED' && 'moved' in e)).toBe(false);
      events.push(...r.events);
      state = r.state;
    }
    expect(arrivals).toBeGreaterThan(0);
    expect(state.agenda).toBe(2);
    expect(replayAll(events)).toEqual(state);
  });
});
