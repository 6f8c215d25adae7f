import {
  act,
  bandit,
  building,
  everyLegalAccepted,
  hazard,
  legalOf,
  makeState,
  send,
  sendAll,
  topKind,
} from './testing';

describe('G16: collect bounty', () => {
  const start = () =>
    makeState({ at: 'N-D', trail: { 'BANDIT-7': bandit('orange'), 'BANDIT-1': bandit('green') } });
  const asked = () => sendAll(start(), { type: 'USE_ACTION', index: 0 }, { type: 'CHOOSE_ONE', option: 0 });

  it('BANDIT-7 → +$6, the tile is kept', () => {
    const s = asked();
    expect(topKind(s)).toBe('COLLECT_BOUNTY');
    expect(legalOf(s, 'COLLECT_BOUNTY').map((c) => c.location)).toEqual(['BANDIT-1', 'BANDIT-7']);
    const done = sendAll(s, { type: 'COLLECT_BOUNTY', location: 'BANDIT-7' });
    expect(done.players[0]).toMatchObject({ money: 6, bandits: ['orange'] });
    expect(done.trail['BANDIT-7']).toBeNull();
    expect(done.turn.stack).toEqual([]);
  });

  it('BANDIT-1 (off the trail) → +1 exchange token', () => {
    const done = sendAll(asked(), { type: 'COLLECT_BOUNTY', location: 'BANDIT-1' });
    expect(done.players[0]).toMatchObject({ money: 0, exchangeTokens: 1, bandits: ['green'] });
  });

  it('with no bandit on the board the action is rejected; a slot without a bandit is rejected', () => {
    const none = act(makeState(), { type: 'COLLECT_BOUNTY' });
    expect(!none.ok && none.violation.code).toBe('NO_BANDIT');
    const out = send(asked(), { type: 'COLLECT_BOUNTY', location: 'BANDIT-4' });
    expect(!out.ok && out.violation.code).toBe('NO_BANDIT_THERE');
  });

  it('a herder on the taken tile stays on the emptied space', () => {
    const s = asked();
    s.players[1].herder = 'BANDIT-7';
    const done = sendAll(s, { type: 'COLLECT_BOUNTY', location: 'BANDIT-7' });
    expect(done.players[1].herder).toBe('BANDIT-7');
  });
});

describe('removing hazards', () => {
  const twoHazards = {
    'H-FLOOD-1': hazard('flood', 'green', 2),
    'H-DROUGHT-3': hazard('drought', 'black', 4),
  };

  it('F: pay $7, take 1 hazard tile and keep it', () => {
    const s = sendAll(makeState({ at: 'N-F', trail: twoHazards, players: [{ money: 9 }] }), {
      type: 'USE_ACTION',
      index: 1,
    });
    expect(legalOf(s, 'REMOVE_HAZARD').map((c) => c.location)).toEqual(['H-DROUGHT-3', 'H-FLOOD-1']);
    const done = sendAll(s, { type: 'REMOVE_HAZARD', location: 'H-DROUGHT-3' });
    expect(done.players[0].money).toBe(2);
    expect(done.players[0].hazards).toEqual([{ kind: 'hazard', hazard: 'drought', hand: 'black', vp: 4 }]);
    expect(done.trail['H-DROUGHT-3']).toBeNull();
    expect(done.turn.stack).toEqual([]);
  });

  it('F with $6: rejected, nothing changes; no hazard on the board: rejected', () => {
    const poor = makeState({ at: 'N-F', trail: twoHazards, players: [{ money: 6 }] });
    const out = send(poor, { type: 'USE_ACTION', index: 1 });
    expect(!out.ok && out.violation.code).toBe('NOT_ENOUGH_MONEY');
    expect(out.state).toBe(poor);
    const none = send(makeState({ at: 'N-F', players: [{ money: 10 }] }), { type: 'USE_ACTION', index: 1 });
    expect(!none.ok && none.violation.code).toBe('NO_HAZARD');
  });

  it('11a: up to 2 hazards at $2 each; the second is optional', () => {
    const s = sendAll(
      makeState({
        at: 'P-A1',
        trail: { ...twoHazards, 'P-A1': building(0, '11a') },
        players: [{ money: 5 }],
      }),
      { type: 'USE_ACTION', index: 0 },
      { type: 'REMOVE_HAZARD', location: 'H-FLOOD-1' },
    );
    expect(s.players[0].money).toBe(3);
    expect(s.turn.stack).toEqual([{ kind: 'REMOVE_HAZARD', payDollars: 2, count: 1, optional: true }]);
    const both = sendAll(s, { type: 'REMOVE_HAZARD', location: 'H-DROUGHT-3' });
    expect(both.players[0].money).toBe(1);
    expect(both.players[0].hazards).toHaveLength(2);
    expect(both.turn.stack).toEqual([]);
    expect(sendAll(s, { type: 'SKIP' }).players[0].hazards).toHaveLength(1);
  });

  it('cowboy slot 4: a free hazard removal is offered on hiring the 4th cowboy', () => {
    const s = makeState({
      at: 'N-A',
      trail: twoHazards,
      players: [{ money: 6, workers: { cowboy: 3, craftsman: 1, engineer: 1 } }],
    });
    s.jobMarket[0][0] = 'cowboy';
    const hired = sendAll(s, { type: 'USE_ACTION', index: 1 }, { type: 'HIRE_WORKER', row: 0, col: 0 });
    expect(hired.turn.stack).toEqual([{ kind: 'REMOVE_HAZARD', payDollars: 0, count: 1, optional: true }]);
    const done = sendAll(hired, { type: 'REMOVE_HAZARD', location: 'H-FLOOD-1' });
    expect(done.players[0]).toMatchObject({ money: 0, workers: { cowboy: 4 } });
    expect(done.players[0].hazards).toHaveLength(1);
    expect(everyLegalAccepted(hired)).toEqual([]);
  });

  it('a herder on the removed hazard stays on the emptied space', () => {
    const s = sendAll(
      makeState({ at: 'N-F', trail: twoHazards, players: [{ money: 7 }, { herder: 'H-FLOOD-1' }] }),
      {
        type: 'USE_ACTION',
        index: 1,
      },
    );
    const done = sendAll(s, { type: 'REMOVE_HAZARD', location: 'H-FLOOD-1' });
    expect(done.players[1].herder).toBe('H-FLOOD-1');
  });
});
