import { createRng } from '../random';
import { certificatesAfterGain } from './actions/rewards';
import { Ctx } from './ctx';
import {
  canSpendCertificates,
  checkDiscChoice,
  discChoices,
  permanentCertificates,
  placeDisc,
} from './discs';
import { certificateLimit, handLimit, stepLimit } from './limits';
import { makeState } from './railroad/testing';

const WHITE = [
  'AUX1-DOUBLE',
  'AUX2-DOUBLE',
  'AUX3-A',
  'AUX3-B',
  'AUX4-A',
  'AUX4-B',
  'AUX5-A',
  'AUX5-B',
  'CERT-4',
];
const BLACK = ['STEP-DOLLARS', 'STEP-VP', 'HAND-1', 'HAND-2', 'CERT-6'];

describe('disc corners', () => {
  it('white-corner spaces take white discs; black-corner spaces any disc', () => {
    const s = makeState(2);
    s.players[0].money = 10;
    expect(discChoices(s, 0, { station: 'STATION-1' })).toEqual(WHITE);
    expect(discChoices(s, 0, { city: 'PEORIA' })).toEqual(WHITE);
    expect(discChoices(s, 0, { station: 'STATION-5' })).toEqual([
      ...WHITE.slice(0, 8),
      'STEP-DOLLARS',
      'STEP-VP',
      'HAND-1',
      'HAND-2',
      'CERT-4',
      'CERT-6',
    ]);
    expect(discChoices(s, 0, { city: 'NEW_YORK' }).sort()).toEqual([...WHITE, ...BLACK].sort());
    expect(checkDiscChoice(s, 0, { city: 'PEORIA' }, 'CERT-6')?.code).toBe('WRONG_DISC_CORNER');
    expect(checkDiscChoice(s, 0, { city: 'PEORIA' }, 'CERT-4')).toBeNull();
  });

  it('black on white only when no white-corner disc is left', () => {
    const s = makeState(2);
    s.players[0].money = 10;
    s.players[0].discs = ['CERT-4', 'CERT-6', 'STEP-VP'];
    expect(discChoices(s, 0, { city: 'FULTON' })).toEqual(['CERT-4']);
    s.players[0].discs = ['CERT-6', 'STEP-VP'];
    expect(discChoices(s, 0, { city: 'FULTON' })).toEqual(['STEP-VP', 'CERT-6']);
  });

  it('a disc already taken is refused', () => {
    const s = makeState(2);
    s.players[0].discs = ['CERT-6'];
    expect(checkDiscChoice(s, 0, { city: 'CHICAGO' }, 'CERT-4')?.code).toBe('DISC_NOT_ON_BOARD');
  });
});

describe('hand discs cost $5 (D17)', () => {
  it('offered only when the $5 plus the placement cost can be paid', () => {
    const s = makeState(2);
    s.players[0].discs = ['HAND-1', 'HAND-2'];
    s.players[0].money = 7;
    expect(discChoices(s, 0, { station: 'STATION-6' }, 0)).toEqual(['HAND-1', 'HAND-2']);
    // Station 6 costs $8: $13 needed with a hand disc; nothing else → no station disc → impossible.
    expect(discChoices(s, 0, { station: 'STATION-6' }, 8)).toEqual([]);
    expect(checkDiscChoice(s, 0, { station: 'STATION-6' }, 'HAND-1', 8)?.code).toBe('CANNOT_AFFORD_DISC');
  });

  it('removing HAND-1 costs $5 and raises the hand limit; STEP-DOLLARS gives $3 and raises the step limit', () => {
    const s = makeState(3);
    s.players[0].money = 5;
    const ctx = Ctx.over(s, createRng('x'));
    placeDisc(ctx, 0, 'HAND-1', { city: 'NEW_YORK' });
    placeDisc(ctx, 0, 'STEP-DOLLARS', { station: 'STATION-7' });
    expect(ctx.events).toEqual([
      { type: 'DISC_PLACED', seat: 0, disc: 'HAND-1', fromStation: null, to: { city: 'NEW_YORK' } },
      { type: 'MONEY', seat: 0, delta: -5, reason: 'DISC' },
      { type: 'DISC_PLACED', seat: 0, disc: 'STEP-DOLLARS', fromStation: null, to: { station: 'STATION-7' } },
      { type: 'MONEY', seat: 0, delta: 3, reason: 'DISC' },
    ]);
    expect(ctx.state.players[0].money).toBe(3);
    expect(handLimit(ctx.state, 0)).toBe(5);
    expect(stepLimit(ctx.state, 0)).toBe(5);
    expect(ctx.state.cityDiscs['NEW_YORK']).toEqual([0]);
    expect(ctx.state.stationDiscs['STATION-7']).toEqual([0]);
  });
});

describe('no disc can be taken (D3)', () => {
  it('a station disc moves instead (never from the station being upgraded); none: [] for a station, [null] for a city', () => {
    const s = makeState(2);
    s.players[0].discs = [];
    s.stationDiscs['STATION-1'] = [0];
    s.stationDiscs['STATION-2'] = [1];
    expect(discChoices(s, 0, { station: 'STATION-3' })).toEqual(['STATION-1']);
    expect(discChoices(s, 0, { city: 'KANSAS_CITY' })).toEqual(['STATION-1']);
    s.stationDiscs['STATION-1'] = [];
    expect(discChoices(s, 0, { station: 'STATION-3' })).toEqual([]);
    expect(discChoices(s, 0, { city: 'KANSAS_CITY' })).toEqual([null]);
    // Only an unaffordable hand disc left: the same fallback.
    s.players[0].discs = ['HAND-2'];
    s.players[0].money = 4;
    s.stationDiscs['STATION-4'] = [0];
    expect(discChoices(s, 0, { city: 'CHICAGO' })).toEqual(['STATION-4']);
  });

  it('moving a station disc: the station loses it', () => {
    const s = makeState(2);
    s.players[0].discs = [];
    s.stationDiscs['STATION-4'] = [1, 0];
    const ctx = Ctx.over(s, createRng('x'));
    placeDisc(ctx, 0, 'STATION-4', { city: 'TOLEDO' });
    expect(ctx.events).toEqual([
      { type: 'DISC_PLACED', seat: 0, disc: null, fromStation: 'STATION-4', to: { city: 'TOLEDO' } },
    ]);
    expect(ctx.state.stationDiscs['STATION-4']).toEqual([1]);
    expect(ctx.state.cityDiscs['TOLEDO']).toEqual([0]);
  });
});

describe('certificates (G22, D24)', () => {
  it('limits 3 → 4 (CERT-4) → 6 (CERT-6 once CERT-4 is gone); gains move along 0,1,2,3,4,6', () => {
    const s = makeState(2);
    expect(certificateLimit(s, 0)).toBe(3);
    s.players[0].discs = s.players[0].discs.filter((d) => d !== 'CERT-6');
    expect(certificateLimit(s, 0)).toBe(3);
    s.players[0].discs = s.players[0].discs.filter((d) => d !== 'CERT-4');
    expect(certificateLimit(s, 0)).toBe(6);
    expect(certificatesAfterGain(4, 1, 6)).toBe(6);
    expect(certificatesAfterGain(4, 2, 4)).toBe(4);
  });

  it('spending must land on a track space', () => {
    expect(canSpendCertificates(6, 1)).toBe(false);
    expect(canSpendCertificates(6, 2)).toBe(true);
    expect(canSpendCertificates(3, 3)).toBe(true);
    expect(canSpendCertificates(3, 4)).toBe(false);
    expect(canSpendCertificates(0, 0)).toBe(true);
  });

  it('permanent certificates: 1 per certificate master, 2 for SM-2-PERM-CERTS, none for immediate tops', () => {
    const s = makeState(2);
    s.players[0].stationMasters = ['SM-HAZARDS', 'SM-2-PERM-CERTS', 'SM-BUILDINGS', 'SM-12-DOLLARS'];
    expect(permanentCertificates(s, 0)).toBe(3);
  });
});
