/**
 * The correspondence inbox: every game this browser holds a token for, whose turn it is, each
 * seat's deadline and bank, pause / vacation / resume, and the reminder-webhook form.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import {
  clockAction,
  DEADLINE_FIELDS,
  gql,
  lit,
  registerWebhook,
  takeVacation,
  webhooks,
  type ClockAction,
  type Deadlines,
  type Seat,
  type Webhook,
} from './api';
import { duration, GAME_TITLES, seatName } from './format';
import { forgetGame, heldGames, heldSeats } from './store';

interface InboxGame {
  id: string;
  type: string;
  status: string;
  version: number;
  activeSeats: number[];
  seats: Seat[];
  deadlines: Deadlines;
}

async function loadInbox(ids: string[]): Promise<Record<string, InboxGame | null>> {
  if (!ids.length) return {};
  const fields = `id type status version activeSeats seats { seat name kind botLevel open botTakeover forfeited }
    deadlines { ${DEADLINE_FIELDS} }`;
  const query = `{ ${ids.map((id, i) => `g${i}: game(id: ${lit(id)}) { ${fields} }`).join('\n')} }`;
  const data = await gql<Record<string, InboxGame | null>>(query);
  return Object.fromEntries(ids.map((id, i) => [id, data[`g${i}`] ?? null]));
}

function WebhookForm(props: { id: string; token: string; seat: number }) {
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [all, setAll] = useState(false);
  const [events, setEvents] = useState(['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER']);
  const [list, setList] = useState<Webhook[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refresh = useCallback(() => {
    webhooks(props.id, props.token).then(setList, () => setList([]));
  }, [props.id, props.token]);
  useEffect(refresh, [refresh]);
  const submit = async (e: Event) => {
    e.preventDefault();
    setMessage(null);
    try {
      await registerWebhook(props.id, { url, secret, seat: all ? null : props.seat, events }, props.token);
      setMessage('Registered.');
      setUrl('');
      setSecret('');
      refresh();
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };
  const base = `wh-${props.id.slice(0, 8)}-${props.seat}`;
  return (
    <details class="webhooks">
      <summary>Reminder webhooks ({list?.length ?? 0})</summary>
      <ul>
        {(list ?? []).map((w) => (
          <li key={w.id}>
            {w.url} — {w.seat === null ? 'every seat' : `seat ${w.seat}`}: {w.events.join(', ')}
          </li>
        ))}
      </ul>
      <form onSubmit={(e) => void submit(e)}>
        <label for={`${base}-url`}>URL</label>
        <input
          id={`${base}-url`}
          type="url"
          required
          value={url}
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <label for={`${base}-secret`}>Signing secret</label>
        <input
          id={`${base}-secret`}
          type="password"
          required
          minLength={8}
          value={secret}
          onInput={(e) => setSecret(e.currentTarget.value)}
        />
        <fieldset>
          <legend>Events</legend>
          {['YOUR_TURN', 'DEADLINE_SOON', 'TIMED_OUT', 'GAME_OVER'].map((ev) => (
            <label key={ev} class="check">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents(e.currentTarget.checked ? [...events, ev] : events.filter((x) => x !== ev))
                }
              />{' '}
              {ev}
            </label>
          ))}
        </fieldset>
        <label class="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> For every
          seat of the game
        </label>
        <button type="submit">Register webhook</button>
        {message ? <p role="status">{message}</p> : null}
      </form>
    </details>
  );
}

function Clock(props: { game: InboxGame; seat: number }) {
  const d = props.game.deadlines.seats.find((s) => s.seat === props.seat);
  if (!props.game.deadlines.timer) return <span class="muted">untimed</span>;
  if (!d) return null;
  const parts = [];
  if (d.dueAt)
    parts.push(
      `due ${new Date(d.dueAt).toLocaleString()} (in ${duration(Date.parse(d.dueAt) - Date.now())})`,
    );
  if (d.bankMs !== null) parts.push(`bank ${duration(d.bankMs)}`);
  if (d.vacationUntil) parts.push(`on vacation until ${new Date(d.vacationUntil).toLocaleString()}`);
  parts.push(`${d.vacationDaysLeft} vacation day(s) left`);
  if (d.botTakeover) parts.push('a bot is playing this seat');
  if (d.forfeited) parts.push('forfeited');
  return <span>{parts.join('; ')}</span>;
}

function InboxRow(props: { id: string; game: InboxGame | null | undefined; onChange: () => void }) {
  const { id, game } = props;
  const seats = heldSeats(id);
  const [error, setError] = useState<string | null>(null);
  const [days, setDays] = useState(1);
  if (game === undefined) return <li>Loading {id.slice(0, 8)}…</li>;
  if (game === null)
    return (
      <li>
        Game {id.slice(0, 8)} is gone.{' '}
        <button type="button" onClick={() => (forgetGame(id), props.onChange())}>
          Forget it
        </button>
      </li>
    );
  const act = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
    props.onChange();
  };
  const paused = !!game.deadlines.pausedAt;
  const mine = seats.filter((s) => game.activeSeats.includes(s.seat));
  return (
    <li class={`inbox-game${mine.length ? ' my-turn' : ''}`} data-game={id}>
      <h3>
        <a href={`#/game/${id}`}>
          {GAME_TITLES[game.type] ?? game.type} {id.slice(0, 8)}
        </a>{' '}
        <span class="muted">
          {game.status.toLowerCase()}, version {game.version}
          {paused ? ', paused' : ''}
        </span>
      </h3>
      <p>
        {game.status === 'ACTIVE'
          ? mine.length
            ? 'Your turn.'
            : `Waiting for ${game.activeSeats.map((s) => seatName(game.seats, s)).join(', ') || 'the server'}.`
          : ''}
      </p>
      <ul>
        {seats.map(({ seat, token }) => (
          <li key={seat}>
            <strong>{seatName(game.seats, seat)}</strong>: <Clock game={game} seat={seat} />
            {game.status === 'ACTIVE' && game.deadlines.timer ? (
              <div class="row">
                <button
                  type="button"
                  onClick={() => void act(() => clockAction(paused ? 'unpauseGame' : 'pauseGame', id, token))}
                >
                  {paused ? 'Resume the clocks (unpause)' : 'Vote to pause'}
                </button>
                <label>
                  Days{' '}
                  <input
                    type="number"
                    min={1}
                    value={days}
                    onInput={(e) => setDays(Number(e.currentTarget.value))}
                  />
                </label>
                <button type="button" onClick={() => void act(() => takeVacation(id, days, token))}>
                  Take vacation
                </button>
                <button
                  type="button"
                  onClick={() => void act(() => clockAction('resume' as ClockAction, id, token))}
                  disabled={!game.seats.find((s) => s.seat === seat)?.botTakeover}
                >
                  Take my seat back from the bot
                </button>
              </div>
            ) : null}
            {game.status !== 'FINISHED' && game.status !== 'ABORTED' ? (
              <WebhookForm id={id} token={token} seat={seat} />
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

export function InboxPage() {
  const [games, setGames] = useState<Record<string, InboxGame | null>>({});
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const held = Object.values(heldGames()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const ids = held.map((h) => h.id).join(',');
  useEffect(() => {
    loadInbox(ids ? ids.split(',') : []).then(setGames, (e: unknown) => setError(String(e)));
  }, [ids, tick]);
  const order = [...held].sort((a, b) => {
    const turn = (id: string) => (heldSeats(id).some((s) => games[id]?.activeSeats.includes(s.seat)) ? 0 : 1);
    return turn(a.id) - turn(b.id);
  });
  return (
    <main class="inbox" data-testid="inbox">
      <h1>Your games</h1>
      {error ? <p class="error">{error}</p> : null}
      {held.length === 0 ? <p>This browser holds no seats yet. Create or join a game in the lobby.</p> : null}
      <button type="button" onClick={() => setTick(tick + 1)}>
        Refresh
      </button>
      <ul class="inbox-list">
        {order.map((h) => (
          <InboxRow key={h.id} id={h.id} game={games[h.id]} onChange={() => setTick((t) => t + 1)} />
        ))}
      </ul>
    </main>
  );
}
