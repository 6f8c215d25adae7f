/** A game in its LOBBY: seats, an invite link per open seat, bots, start and abort. */
import { useState } from 'preact/hooks';
import { abortGame, addBot, startGame, type GameInfo } from './api';
import { seatName } from './format';
import { lobbyToken } from './store';

export function inviteLink(id: string, seat: number): string {
  return `${location.origin}/#/join/${encodeURIComponent(id)}/${seat}`;
}

export function GameLobby(props: { info: GameInfo; onChange: () => void }) {
  const { info } = props;
  const token = lobbyToken(info.id);
  const [error, setError] = useState<string | null>(null);
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    props.onChange();
  };
  const open = info.seats.filter((s) => s.open);
  return (
    <section class="panel lobby-seats" aria-labelledby="lobby-title">
      <h2 id="lobby-title">Seats</h2>
      <ul>
        {info.seats.map((s) => (
          <li key={s.seat}>
            {seatName(info.seats, s.seat)} —{' '}
            {s.kind === 'BOT' ? `bot ${s.botLevel}` : s.open ? 'open' : 'taken'}
            {s.open ? (
              <div class="invite">
                <label>
                  Invite link for seat {s.seat}{' '}
                  <input
                    readOnly
                    value={inviteLink(info.id, s.seat)}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                </label>
                <button
                  type="button"
                  onClick={() => void navigator.clipboard?.writeText(inviteLink(info.id, s.seat))}
                >
                  Copy
                </button>
                {token ? (
                  <button
                    type="button"
                    onClick={() => void act(() => addBot(info.id, s.seat, 'HEURISTIC', token))}
                  >
                    Put a bot here
                  </button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {token ? (
        <div class="row">
          <button
            type="button"
            disabled={open.length > 0}
            onClick={() => void act(() => startGame(info.id, token))}
          >
            Start the game
          </button>
          <button type="button" onClick={() => void act(() => abortGame(info.id, token))}>
            Abort
          </button>
        </div>
      ) : (
        <p class="muted">Open an invite link to take a seat.</p>
      )}
    </section>
  );
}
