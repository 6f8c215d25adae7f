/**
 * Property test for A New Beginning (§10.1): random legal games (2-6 players, random sets, alone,
 * with Horses, with the Carson River or with Might is Right, §13 #35), choosing uniformly among legalCommands (the sheet among its
 * canonical subset, legal.ts). Checks: a valid result, the money/VP ledger from $50, and no
 * sealed sheet shows in another seat's view or redacted events.
 * Game count: CC_ANB_PROPERTY_GAMES (default 20 uniform + 5 builder, a few seconds).
 * Replay = live, every listed command accepted (in parsed form), unprompted seats refused, purity
 * and JSON views are the engine contract, checked for these module sets by src/games/contract.spec.ts.
 */
import type { CarsonEvent } from '../../events';
import { carsonCityEngine as engine } from '../../index';
import type { CarsonState } from '../../state';
import { builder, randomGame, uniform, type Policy } from '../../testing/harness';
import { ledger as ledgerFrom, must } from '../../testing/invariants';

/** Money and VP from the events alone, starting from A New Beginning's $50 and 0 VP. */
const ledger = (events: CarsonEvent[], seats: number) => ledgerFrom(events, seats, 50);

const GAMES = Number(process.env.CC_ANB_PROPERTY_GAMES ?? 20);

/** Before the reveal, no other viewer may see a sealed sheet (view, events, prompts). */
function checkSecrecy(s: CarsonState, events: CarsonEvent[]): void {
  if (!s.anb || s.anb.revealed) return;
  for (let seat = 0; seat < s.seatCount; seat++) {
    const sheet = s.anb.sheets[seat];
    if (!sheet) continue;
    for (const viewer of [...Array(s.seatCount).keys(), 'spectator' as const]) {
      if (viewer === seat) continue;
      const v = engine.view(s, viewer).newBeginning!.seats[seat];
      must(v.sheet === null && v.total === null, 'a sealed sheet is hidden in the view');
      for (const e of events) {
        const r = engine.redact(e, viewer, null);
        must(
          !(r && r.type === 'SHEET_SEALED' && r.seat !== viewer && r.sheet !== null),
          'a sealed sheet is hidden in events',
        );
      }
    }
  }
  must(!JSON.stringify(engine.pending(s)).includes('"bid"'), 'prompts carry no sheet');
}

function runGames(count: number, policy: Policy, label: string): void {
  const started = Date.now();
  for (let g = 0; g < count; g++) {
    const seats = 2 + (g % 5);
    const modules = [
      ['A_NEW_BEGINNING'],
      ['A_NEW_BEGINNING', 'HORSES'],
      ['A_NEW_BEGINNING', 'CARSON_RIVER'],
      ['A_NEW_BEGINNING', 'MIGHT_IS_RIGHT'],
    ][g % 4];
    const options = { modules, personalitySet: g % 2 ? 'RANDOM' : 'SETTLING_SCORES' };
    const game = randomGame(
      options,
      seats,
      `anb-${label}-${g}`,
      (s, events) => {
        checkSecrecy(s, events);
        for (const p of s.players) must(p.money >= 0, 'money >= 0');
      },
      20000,
      policy,
    );
    const result = engine.result(game.state);
    expect(result).not.toBeNull();
    expect(result!.seats).toHaveLength(seats);
    expect(result!.winners).toHaveLength(1);
    expect(game.events.filter((e) => e.type === 'SHEETS_REVEALED')).toHaveLength(1);
    // Might is Right (§13 #35): each sheet within $50 + (15 − own tile total); tile values hidden.
    const revealed = game.events.find((e) => e.type === 'SHEETS_REVEALED');
    for (const e of game.events) {
      if (e.type === 'DUEL_TILES_DEALT' && revealed?.type === 'SHEETS_REVEALED')
        expect(revealed.totals[e.seat]).toBeLessThanOrEqual(65 - e.total);
      if (e.type === 'DUEL_TILES_DEALT' || e.type === 'DUEL_TILES_DRAWN' || e.type === 'DUEL_TILES_DISCARDED')
        expect(engine.redact(e, (e.seat + 1) % seats, null)).toMatchObject({ tiles: null });
    }
    const { money, vp } = ledger(game.events, seats);
    game.state.players.forEach((p, i) => {
      expect(p.money).toBe(money[i]);
      expect(p.vp).toBe(vp[i]);
    });
    for (const f of game.state.final!)
      expect(f.total).toBe(
        f.vpDuringPlay + f.money + f.possessions + f.bridges + f.teacher + f.trainStation + f.horses,
      );
  }
  const ms = Date.now() - started;
  console.log(`A New Beginning property (${label}): ${count} games in ${ms} ms`);
}

describe('property: random legal games with A New Beginning', () => {
  test(`${GAMES} games (uniform) end with a result, keep the ledger, hide sealed sheets and replay exactly`, () => {
    runGames(GAMES, uniform, 'uniform');
  });
  test(`${Math.ceil(GAMES / 4)} games with a city-building policy`, () => {
    runGames(Math.ceil(GAMES / 4), builder, 'builder');
  });
});
