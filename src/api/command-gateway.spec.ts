import type { CallerService } from '../auth/caller.service';
import type { Caller } from '../auth/seat-tokens';
import type { StoredEvent } from '../event-store/event-store';
import type { AnyGameEngine } from '../games/engine';
import type { CommandOutcome, PlayService } from '../play/play.service';
import { CommandGateway } from './command-gateway';

const event = (version: number): StoredEvent => ({
  position: version,
  gameId: 'g1',
  version,
  type: 'ROLLED',
  payload: { type: 'ROLLED', secret: version } as unknown as StoredEvent['payload'],
  schemaVersion: 1,
  metadata: { actor: 'HUMAN', seat: 2, at: '2026-01-01T00:00:00.000Z' },
  createdAt: new Date(0),
});

function gateway() {
  const outcome: CommandOutcome = {
    accepted: true,
    seat: 2,
    version: 7,
    fromVersion: 5,
    events: [event(6), event(7)],
    duplicate: false,
    engine: { type: 'bang-dice' } as AnyGameEngine,
    stateBefore: { at: 5 },
  };
  const redactBatch = jest.fn((_e: unknown, _s: unknown, events: StoredEvent[], seat: number) =>
    events.map((e) => ({ type: e.type, seenBy: seat })),
  );
  const play = { submitCommand: jest.fn(async () => outcome), redactBatch } as unknown as PlayService;
  const callers = { requireSeat: () => 2 } as unknown as CallerService;
  return { commands: new CommandGateway(play, callers), redactBatch };
}

describe('CommandGateway answers', () => {
  const caller = { kind: 'seat', gameId: 'g1', seat: 2 } as unknown as Caller;

  it('redacts the events only when they are read, once, for the acting seat', async () => {
    const { commands, redactBatch } = gateway();
    const answer = await commands.submit(caller, 'g1', { type: 'ROLL' });
    expect(answer).toMatchObject({ accepted: true, version: 7, duplicate: false });
    expect(redactBatch).not.toHaveBeenCalled();
    expect(answer.events.map((e) => [e.version, e.payload])).toEqual([
      [6, { type: 'ROLLED', seenBy: 2 }],
      [7, { type: 'ROLLED', seenBy: 2 }],
    ]);
    expect(answer.events).toBe(answer.events);
    expect(redactBatch).toHaveBeenCalledTimes(1);
    expect(redactBatch.mock.calls[0][1]).toEqual({ at: 5 });
  });

  it("writes the redacted events into REST's JSON answer", async () => {
    const { commands } = gateway();
    const json = JSON.parse(JSON.stringify(await commands.submit(caller, 'g1', { type: 'ROLL' }))) as {
      events: { version: number; payload: unknown }[];
    };
    expect(json.events.map((e) => e.payload)).toEqual([
      { type: 'ROLLED', seenBy: 2 },
      { type: 'ROLLED', seenBy: 2 },
    ]);
  });
});
