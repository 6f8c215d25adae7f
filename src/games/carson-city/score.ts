/** Final scoring (§8) and the result (winner: most VP; tie: earliest on the last pass track). */
import type { GameResult, Seat } from '../engine';
import { TEACHER } from './data/personalities';
import { PORTS } from './ports';
import { cityHouseIcons, holds, ownedBuildings, ownedParcels } from './rules';
import type { CarsonState, FinalScore } from './state';

export function finalScores(s: CarsonState): { scores: FinalScore[]; ranking: Seat[] } {
  const scores: FinalScore[] = [];
  // Carson River: parcels a bridge touches at a corner (§10.2, §13 #38).
  const nearBridge = PORTS.river.nearBridges(s);
  for (let seat = 0; seat < s.seatCount; seat++) {
    const p = s.players[seat];
    if (s.solo && s.solo.standish === seat) {
      // Solo (§11.8): Standish's own score (no money, no bridge bonus, no personality).
      scores.push(PORTS.solo.finalScore(s, seat));
      continue;
    }
    const money = Math.floor(p.money / 6);
    // Each built building, House/Town House and Mountain owned: 2 VP (pending ones score 0).
    const owned = ownedParcels(s, seat).filter((q) => s.parcels[q].content !== null);
    const possessions = 2 * owned.length;
    // ... and 3 VP instead of 2 next to a bridge (§10.2): the extra VP are shown apart.
    const bridges = owned.filter((q) => nearBridge.has(q)).length;
    let teacher = 0;
    if (holds(s, seat, TEACHER, 'RED')) {
      const kinds = ['SCHOOL', 'PRISON', 'CHURCH'];
      teacher = 2 * ownedParcels(s, seat).filter((q) => kinds.includes(String(s.parcels[q].content))).length;
      if (ownedBuildings(s, seat, 'SALOON').length === 0) teacher += 2;
    }
    const trainStation =
      ownedBuildings(s, seat, 'TRAIN_STATION').length > 0 ? Math.floor(cityHouseIcons(s) / 2) : 0;
    // Horses: 1 VP per horse, +1 per horse for each rodeo marker (§8 item 3).
    const horses = PORTS.horses.finalVp(s, seat);
    // Kit Carson: 1 VP per seat behind on the final pass track (§8 item 6, §10.4).
    const kitCarson = PORTS.kit.finalVp(s, seat);
    scores.push({
      seat,
      vpDuringPlay: p.vp,
      money,
      possessions,
      bridges,
      teacher,
      trainStation,
      horses,
      kitCarson,
      total: p.vp + money + possessions + bridges + teacher + trainStation + horses + kitCarson,
    });
  }
  const passIdx = (seat: Seat) => {
    const i = s.passTrack.indexOf(seat);
    return i < 0 ? 99 : i;
  };
  // Solo: the player must score strictly more than Standish ("ganhar mais PV do que seu
  // adversário", §11): Standish wins ties.
  const tieRank = (seat: Seat) => (s.solo ? (s.solo.standish === seat ? -1 : 0) : passIdx(seat));
  const ranking = scores
    .slice()
    .sort((a, b) => b.total - a.total || tieRank(a.seat) - tieRank(b.seat))
    .map((x) => x.seat);
  return { scores, ranking };
}

export function result(s: CarsonState): GameResult | null {
  if (s.flow.phase !== 'GAME_OVER' || !s.final) return null;
  const { ranking } = finalScores(s);
  const bySeat = new Map(s.final.map((f) => [f.seat, f]));
  if (s.solo) return soloResult(s, ranking);
  const seats = ranking.map((seat, i) => {
    const f = bySeat.get(seat)!;
    return {
      seat,
      rank: i + 1,
      winner: i === 0,
      score: f.total,
      detail: {
        vpDuringPlay: f.vpDuringPlay,
        money: f.money,
        possessions: f.possessions,
        bridges: f.bridges,
        teacher: f.teacher,
        trainStation: f.trainStation,
        horses: f.horses,
        kitCarson: f.kitCarson ?? 0,
        total: f.total,
        passPosition: s.passTrack.indexOf(seat) + 1,
      },
    };
  });
  return {
    winners: [ranking[0]],
    seats: seats.sort((a, b) => a.seat - b.seat),
    reason: 'FINAL_SCORING',
    detail: { ranking },
  };
}

/**
 * Solo result: only the player is a seat of the game; Standish is an automaton. The player wins
 * (`winners: [0]`, rank 1) only with strictly more than Standish; otherwise nobody at the table
 * wins (`winners: []`, rank 2). `detail` carries both scores.
 */
function soloResult(s: CarsonState, ranking: Seat[]): GameResult {
  const solo = s.solo!;
  const player = s.final!.find((f) => f.seat === 0)!;
  const standish = s.final!.find((f) => f.seat === solo.standish)!;
  const won = ranking[0] === 0;
  return {
    winners: won ? [0] : [],
    seats: [
      {
        seat: 0,
        rank: won ? 1 : 2,
        winner: won,
        score: player.total,
        detail: { ...player, standish: standish.total },
      },
    ],
    reason: 'FINAL_SCORING',
    detail: {
      solo: true,
      strategy: solo.strategy,
      player: player.total,
      standish: { ...standish },
      winner: won ? 'PLAYER' : 'STANDISH',
    },
  };
}
