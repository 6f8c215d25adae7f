/**
 * An invite link (#/join/<id>/<seat>): take the seat with joinGame, keep its token in this
 * browser, then replace the link in the history with the game's page (the link carries no secret).
 */
import { useState } from 'preact/hooks';
import { joinGame } from './api';
import { heldSeats, holdGame, playerName, setPlayerName } from './store';
import { navigate } from './router';

export function JoinPage(props: { id: string; seat: number | null }) {
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const already = heldSeats(props.id).find((h) => props.seat === null || h.seat === props.seat);
  const join = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setPlayerName(name);
      const taken = await joinGame(props.id, props.seat, name);
      holdGame(props.id, '', { seats: { [String(taken.seat)]: taken.token } });
      navigate(`/game/${props.id}`, true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="join" data-testid="join">
      <form class="panel" onSubmit={(e) => void join(e)}>
        <h1>Join game {props.id.slice(0, 8)}</h1>
        {already ? (
          <p>
            This browser already holds seat {already.seat}. <a href={`#/game/${props.id}`}>Open the game</a>.
          </p>
        ) : null}
        <label>
          Your name <input id="join-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <p class="muted">Seat: {props.seat ?? 'the first open one'}</p>
        {error ? (
          <p class="error" role="alert">
            {error}
          </p>
        ) : null}
        <button id="join" type="submit" disabled={busy}>
          Take the seat
        </button>
      </form>
    </main>
  );
}
