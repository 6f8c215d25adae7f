/**
 * Agenda rules 4 (agenda-rules4.ts, phases/setup/agenda.ts `setupFlow`, and the rules-4 branches of
 * agenda-resolve.ts, agenda.ts and might.ts): the cases rules 3 left to a FLOW move the flow on
 * from facts, so no setup and no decision of a new game appends a FLOW; replaying the events
 * rebuilds every live state. Games that declared rules 3 keep recording their FLOWs.
 */
import { createRng } from '../random';
import { combinedOptionSets, optionSets } from '../kit/option-sets';
import { carsonCityEngine as engine } from './index';
import { AGENDA_RULES } from './agenda-version';
import { MARKSMAN_DUEL_DICE } from './phases/resolution/agenda';
import { BANKER, DOCTOR } from './data/personalities';
import type { CarsonEvent } from './events';
import type { CarsonState } from './state';
import { parcelIndex } from './data/board';
import {
  builder,
  play,
  randomGame,
  startGame,
  sweepOptionSets,
  uniform,
  type Policy,
  type SweepSet,
} from './testing/harness';
import { replayAll, has, held } from './testing/fixtures';

type Case =
  | 'reveal'
  | 'soloReveal'
  | 'outlawDice'
  | 'outlawTiles'
  | 'marksman'
  | 'soloBanker'
  | 'soloDuel'
  | 'incomeTileDuel';

const flows = (events: CarsonEvent[]) => events.filter((e) => e.type === 'FLOW').length;

/** Which of the cases rules 3 left to a FLOW a decision is (from the state before it and its events). */
function caseOf(before: CarsonState, events: CarsonEvent[]): Case | null {
  const was = before.flow.prompt;
  if (has(events, 'SHEETS_REVEALED')) return before.solo ? 'soloReveal' : 'reveal';
  const fight = events.find((e) => e.type === 'OUTLAW_FIGHT');
  if (fight) return fight.participants.some((p) => p.tiles) ? 'outlawTiles' : 'outlawDice';
  if (
    events.some((e) => e.type === 'DUEL_DIE_KEPT' || (e.type === 'DICE_ROLLED' && e.purpose === 'MARKSMAN'))
  )
    return 'marksman';
  if (
    before.solo &&
    held(before, BANKER, 'RED') &&
    (has(events, 'ROUND_ENDED') || was?.kind === 'CHOOSE_OPTION')
  )
    return 'soloBanker';
  if (before.solo && has(events, 'DUEL')) return 'soloDuel';
  if (has(events, 'TOWN_HALL_OCCUPIED')) return null; // below, with a policy that reaches it
  const duel = events.find((e) => e.type === 'DUEL');
  if (duel && duel.loc.startsWith('B:') && duel.participants.some((p) => p.tiles)) return 'incomeTileDuel';
  return null;
}

/** Seat 0 hands in a Marksman sheet (§10.1) when it can; the rest is uniform. */
const oneMarksman: Policy = (legal, rng, s) => {
  const m = legal.filter((c) => c.type === 'FILL_SHEET' && c.marksman);
  return s.flow.prompt?.seat === 0 && m.length > 0 ? m[rng.int(0, m.length - 1)] : uniform(legal, rng, s);
};

/** Cowboys go to the Town Hall's building when they can (a duel there at building income, §6.3). */
const townHaller: Policy = (legal, rng, s) => {
  const at = legal.filter(
    (c) =>
      c.type === 'PLACE_COWBOY' &&
      c.target.kind === 'BUILDING' &&
      parcelIndex(c.target.parcel.c, c.target.parcel.r) === s.townHall.parcel,
  );
  if (at.length > 0 && rng.int(0, 2) > 0) return at[rng.int(0, at.length - 1)];
  const hall = legal.filter((c) => c.type === 'PLACE_TOWN_HALL');
  return hall.length > 0 ? hall[rng.int(0, hall.length - 1)] : builder(legal, rng, s);
};

/** Every table of the contract suite, and a few more that reach the rarer cases. */
const SETS: SweepSet[] = [
  { label: 'anb-marksman-3', seats: 3, options: { modules: ['A_NEW_BEGINNING'] }, policy: oneMarksman },
  {
    label: 'anb-outlaws-marksman-4',
    seats: 4,
    options: { modules: ['A_NEW_BEGINNING', 'OUTLAWS'] },
    policy: oneMarksman,
  },
  ...[...optionSets(), ...combinedOptionSets()].filter((x) => x.type === 'carson-city'),
  { label: 'might-outlaws-5', seats: 5, options: { modules: ['MIGHT_IS_RIGHT', 'OUTLAWS'] } },
  { label: 'anb-outlaws-4', seats: 4, options: { modules: ['A_NEW_BEGINNING', 'OUTLAWS'] } },
  { label: 'anb-random-4', seats: 4, options: { modules: ['A_NEW_BEGINNING'], personalitySet: 'RANDOM' } },
  { label: 'solo-anb', seats: 1, options: { solo: { strategy: 'URBAN' }, modules: ['A_NEW_BEGINNING'] } },
  { label: 'solo-might', seats: 1, options: { solo: { strategy: 'FORCE' }, modules: ['MIGHT_IS_RIGHT'] } },
  ...['RANCHER', 'MINER', 'FORCE', 'URBAN'].map((strategy) => ({
    label: `solo-${strategy.toLowerCase()}-2`,
    seats: 1,
    options: { solo: { strategy } },
  })),
];

describe('agenda rules 4: no FLOW', () => {
  it('new games declare rules 4; the setup appends no FLOW and opens its first prompt from GAME_STARTED', () => {
    expect(AGENDA_RULES).toBe(4);
    for (const set of SETS) {
      const { state, events } = startGame(set.options, set.seats, `r4-setup-${set.label}`);
      expect({ set: set.label, agenda: state.agenda, flows: flows(events) }).toEqual({
        set: set.label,
        agenda: 4,
        flows: 0,
      });
      // The derived first prompt is the one the engine opened (the draft's, or the sheets').
      const kind = (set.options as { modules?: string[] }).modules?.includes('A_NEW_BEGINNING')
        ? 'FILL_SHEET'
        : 'CHOOSE_STARTING_PARCEL';
      expect(state.flow.prompt?.kind).toBe(kind);
      expect(engine.pending(state).length).toBeGreaterThan(0);
    }
  });

  it('the reveal, outlaw fights, Marksman duels, solo duels and Banker, income tile duels append no FLOW', () => {
    const seen: Record<Case, number> = {
      reveal: 0,
      soloReveal: 0,
      outlawDice: 0,
      outlawTiles: 0,
      marksman: 0,
      soloBanker: 0,
      soloDuel: 0,
      incomeTileDuel: 0,
    };
    let decisions = 0;
    // CC_AGENDA4_GAMES games per option set (default 1), uniform and builder policies in turn.
    const games = Number(process.env.CC_AGENDA4_GAMES ?? 1);
    const played = sweepOptionSets(SETS, 'r4', games, (set, before, _after, events) => {
      const c = caseOf(before, events);
      decisions += 1;
      if (c !== null) seen[c] += 1;
      // Every decision, of these cases or not: no FLOW.
      expect({ case: c, set: set.label, flows: flows(events) }).toEqual({
        case: c,
        set: set.label,
        flows: 0,
      });
    });
    for (const game of played) expect(flows(game.events)).toBe(0);
    expect(decisions).toBeGreaterThan(0);
    for (const [c, n] of Object.entries(seen)) expect([c, n > 0]).toEqual([c, true]);
  });

  it("a Marksman duel's other dice are a fact (DICE_ROLLED MARKSMAN_DUEL) the Marksman's choice is derived from", () => {
    let asked = 0;
    for (let g = 0; g < 6 && asked === 0; g++) {
      const check = (after: CarsonState, events: CarsonEvent[]) => {
        const rolled = events.filter((e) => e.type === 'DICE_ROLLED' && e.purpose === MARKSMAN_DUEL_DICE);
        if (rolled.length === 0 || after.flow.prompt?.kind !== 'CHOOSE_DUEL_DIE') return;
        asked += 1;
        const p = after.flow.prompt;
        // Each plain roller's dice in the prompt are those of its fact.
        for (const e of rolled)
          if (e.type === 'DICE_ROLLED') expect(p.duel.rolls[p.duel.seats.indexOf(e.seat)]).toEqual(e.dice);
        expect(flows(events)).toBe(0);
      };
      const game = randomGame(
        { modules: ['A_NEW_BEGINNING'] },
        3,
        `r4-marksman-${g}`,
        check,
        20000,
        oneMarksman,
      );
      expect(replayAll(game.events)).toEqual(game.state);
    }
    expect(asked).toBeGreaterThan(0);
  });

  it("the Town Hall's duels (dice, tiles; with the Doctor or Undertaker) append no FLOW", () => {
    const seen = { dice: 0, tiles: 0, doctor: 0 };
    const sets: [unknown, number][] = [
      [{ modules: ['MIGHT_IS_RIGHT'], personalitySet: 'RANDOM' }, 3],
      [{ personalitySet: 'RANDOM' }, 4],
      [{ modules: ['A_NEW_BEGINNING'] }, 3],
    ];
    for (const [options, seats] of sets) {
      for (let g = 0; g < 8; g++) {
        const game = randomGame(
          options,
          seats,
          `r4-th-${g}`,
          (after, events) => {
            const duel = events.find((e) => e.type === 'DUEL' && e.loc === `B:${after.townHall.parcel}`);
            if (duel?.type === 'DUEL' && has(events, 'TOWN_HALL_OCCUPIED')) {
              seen[duel.participants.some((p) => p.tiles) ? 'tiles' : 'dice'] += 1;
              if (held(after, DOCTOR)) seen.doctor += 1;
            }
            expect(flows(events)).toBe(0);
          },
          20000,
          townHaller,
        );
        expect(replayAll(game.events)).toEqual(game.state);
      }
    }
    for (const [k, n] of Object.entries(seen)) expect([k, n > 0]).toEqual([k, true]);
  });

  it('any seat of a simultaneous prompt (sheets, duel tiles, Kit Carson) may answer first: no FLOW', () => {
    let tried = 0;
    const sets: [unknown, number][] = [
      [{ modules: ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'] }, 4],
      [{ modules: ['KIT_CARSON', 'MIGHT_IS_RIGHT'] }, 3],
      [{ modules: ['KIT_CARSON', 'A_NEW_BEGINNING', 'HORSES'] }, 5],
    ];
    for (const [options, seats] of sets) {
      randomGame(options, seats, `r4-any-seat-${seats}`, (after) => {
        const prompted = engine.pending(after).map((p) => p.seat);
        for (const seat of prompted.slice(1)) {
          const legal = engine.legalCommands(after, seat);
          const r = play(after, seat, legal[legal.length - 1], createRng(`r4-any#${tried}`));
          tried += 1;
          // decide checks the facts derive its flow (rules 4 throw otherwise) and appends no FLOW.
          expect(flows(r.events)).toBe(0);
        }
      });
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('a game that declared rules 3 keeps them: its setup and reveal end with a FLOW, no rules-4 fact is emitted', () => {
    const options = { modules: ['A_NEW_BEGINNING', 'OUTLAWS', 'MIGHT_IS_RIGHT'] };
    const start = startGame(options, 3, 'r4-old');
    // The setup as a rules-3 engine stored it: its facts and the FLOW of the first prompt.
    const facts = start.events.map((e) => (e.type === 'GAME_STARTED' ? { ...e, agenda: 3 } : e));
    const declared: CarsonEvent[] = [...facts, { type: 'FLOW', flow: start.state.flow }];
    let state = replayAll(declared);
    expect(replayAll(facts).flow.prompt).toBeNull(); // rules 3 do not derive it
    const events = [...declared];
    let reveals = 0;
    for (let n = 0; n < 5000 && engine.result(state) === null; n++) {
      const prompt = engine.pending(state)[0];
      const legal = engine.legalCommands(state, prompt.seat).filter((c) => c.type !== 'PLACE_ROAD');
      const r = play(state, prompt.seat, legal[n % legal.length], createRng(`r4-old#${n}`));
      if (has(r.events, 'SHEETS_REVEALED')) {
        reveals += 1;
        expect(r.events[r.events.length - 1].type).toBe('FLOW');
      }
      expect(r.events.some((e) => e.type === 'DICE_ROLLED' && e.purpose === MARKSMAN_DUEL_DICE)).toBe(false);
      events.push(...r.events);
      state = r.state;
    }
    expect(state.agenda).toBe(3);
    expect(reveals).toBe(1);
    expect(replayAll(events)).toEqual(state);
  });
});
