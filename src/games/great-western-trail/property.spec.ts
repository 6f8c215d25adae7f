/**
 * Random legal play over every player count, with and without the Simmental variant and random
 * tiles: every game ends by the rules (the job-market token leaves the market, then each other
 * player has one more turn), the accounting holds after every command (cards, tiles, discs,
 * workers, money), and no view or redacted event shows a viewer another seat's hand or the hidden
 * piles. The engine contract (every legal command accepted, replay = live, purity and determinism,
 * JSON views and redaction, timeouts) is checked for every Great Western Trail option set by
 * src/games/contract.spec.ts.
 */
import type { AnyGameEngine, Json } from '../engine';
import { playRandom } from '../kit/play';
import { isCattle } from './cards';
import { certificateLimit } from './limits';
import { greatWesternTrailEngine as engine } from './index';
import type { GwtEvent } from './events';
import type { GwtState } from './state';
import { playRandomGame } from './testing/play';

const GAMES = Number(process.env.GWT_PROPERTY_GAMES ?? 24);

function must(cond: boolean, what: string): void {
  if (!cond) throw new Error(`invariant broken: ${what}`);
}

/** Tiles are conserved: bags + foresight + trail + job market + hired + kept = 94 (minus tiles out of the game). */
function checkState(s: GwtState, outOfGame: number): void {
  let tiles = s.bags.reduce((n, b) => n + b.length, 0) + s.foresight.flat().filter(Boolean).length;
  tiles += Object.values(s.trail).filter((o) => o && (o.kind === 'HAZARD' || o.kind === 'BANDIT')).length;
  tiles += s.jobMarket.flat().filter(Boolean).length;
  for (const [seat, p] of s.players.entries()) {
    must(p.money >= 0, `seat ${seat} money ${p.money} >= 0`);
    must(
      p.certificates >= 0 && p.certificates <= certificateLimit(s, seat),
      `seat ${seat} certificates within the limit`,
    );
    must([0, 1, 2, 3, 4, 6].includes(p.certificates), `seat ${seat} certificates on a track space`);
    for (const kind of ['cowboy', 'craftsman', 'engineer'] as const)
      must(p.workers[kind] >= 1 && p.workers[kind] <= 6, `seat ${seat} ${kind}s 1..6`);
    const hired = p.workers.cowboy + p.workers.craftsman + p.workers.engineer - 3 + p.stationMasters.length;
    tiles += hired + p.hazards.length + p.bandits.length;
    const placed =
      Object.values(s.stationDiscs)
        .flat()
        .filter((x) => x === seat).length +
      Object.values(s.cityDiscs)
        .flat()
        .filter((x) => x === seat).length;
    must(
      placed + p.discs.length === 14,
      `seat ${seat} discs conserved (${placed} placed + ${p.discs.length})`,
    );
    const onBoard = Object.values(s.trail).filter((o) => o?.kind === 'PLAYER' && o.owner === seat).length;
    must(onBoard + p.buildingsInSupply.length <= 12, `seat ${seat} at most 12 buildings`);
  }
  must(tiles + outOfGame === 94, `tiles conserved: ${tiles} + ${outOfGame} out of the game`);
}

function checkViews(s: GwtState, events: GwtEvent[], before: GwtState): void {
  for (let viewer = 0; viewer < s.seatCount; viewer++) {
    const v = JSON.stringify(engine.view(s, viewer));
    for (const [seat, p] of s.players.entries()) {
      if (seat === viewer) continue;
      // Another seat's hand never shows in the viewer's view: replacing its cards by others changes
      // nothing (a substring search gave false alarms when the viewer's own hand was the same list).
      if (p.hand.length > 0) {
        const stand = ['hereford:7', 'corriente:3'].find((c) => !p.hand.includes(c))!;
        const masked = structuredClone(s);
        masked.players[seat].hand = p.hand.map(() => stand);
        must(
          JSON.stringify(engine.view(masked, viewer)) === v,
          `view of ${viewer} shows seat ${seat}'s hand`,
        );
      }
    }
    for (const e of events) {
      const r = engine.redact(e, viewer, before);
      if (e.type === 'CARDS_DRAWN' && e.seat !== viewer)
        must(
          r === null || !JSON.stringify(r).includes(JSON.stringify(e.cards)),
          'redacted draw hides the cards',
        );
    }
  }
}

describe('Great Western Trail: random legal play', () => {
  it(`${GAMES} games end by the rules with the accounting intact`, () => {
    const ends: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const seats = 2 + (i % 3);
      const options =
        i % 4 === 3
          ? { simmental: true, neutralBuildings: 'RANDOM' as const, playerBuildings: 'RANDOM' as const }
          : {};
      let outOfGame = 0;
      let seenTrigger = false;
      const game = playRandomGame(seats, `gwt-property-${i}`, options, {
        afterCommand(before, _seat, _command, events, after) {
          for (const e of events) if (e.type === 'TRAIL_TILE_PLACED' && e.location === null) outOfGame++;
          checkState(after, outOfGame);
          if (i % 6 === 0) checkViews(after, events, before);
          if (after.endTriggeredBy !== null) seenTrigger = true;
        },
      });
      must(seenTrigger, 'the end was triggered by the job market');
      must(game.state.jobMarketTokenRow === null, 'the token left the market');
      must(game.state.players.filter((p) => p.jobMarketToken).length === 1, 'one player holds the token');
      const r = engine.result(game.state)!;
      expect(r).not.toBeNull();
      expect(r.seats.map((x) => x.seat).sort()).toEqual([...Array(seats).keys()]);
      expect(r.winners.length).toBeGreaterThan(0);
      // Cards: every cattle card in a deck is a known card.
      for (const p of game.state.players)
        for (const c of [...p.hand, ...p.drawPile, ...p.discard])
          expect(isCattle(c) || /^(OBJ|START)-/.test(c)).toBe(true);
      ends.push(`${seats}p ${game.commands} commands`);
    }
    expect(ends).toHaveLength(GAMES);
  });
});

/** Freezes `x` and everything in it (a write into it then throws: the engine runs in strict mode). */
function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('Great Western Trail: states are never written into', () => {
  // evolve's appliers replace what they change (evolve.ts draftOf shares everything else), and
  // decide, legalCommands and view only read: with every state deep-frozen, a game still plays.
  it('plays whole games on deep-frozen states', () => {
    const frozen = {
      ...engine,
      evolve: (s: GwtState | null, e: GwtEvent) => deepFreeze(engine.evolve(s, e)),
    } as unknown as AnyGameEngine;
    const optionSets: Json[] = [{}, { simmental: true, playerBuildings: 'RANDOM' }];
    for (const [i, options] of optionSets.entries()) {
      let views = 0;
      const game = playRandom(frozen, 3 + i, `gwt-frozen-${i}`, options, (c) => {
        frozen.view(c.before, c.seat);
        views++;
      });
      expect(engine.result(game.state as GwtState)).not.toBeNull();
      expect(views).toBeGreaterThan(100);
    }
  });
});
