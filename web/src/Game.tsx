/**
 * One game: the lobby while it fills, then play (for a seat this browser holds a token for) or
 * spectate (no token), with live updates over graphql-ws, the log, the history slider over
 * `stateAt`, and the result once finished.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  loadEvents,
  loadGame,
  onReconnect,
  stateAt,
  submitCommand,
  subscribeGame,
  type Command,
  type GameEvent,
  type GameInfo,
} from './api';
import { Board } from './boards';
import { carsonNames } from './boards/Carson';
import { Commands } from './Commands';
import { eventLine, GAME_TITLES, seatName, type LabelContext } from './format';
import { GameLobby } from './GameLobby';
import { Result } from './Result';
import { heldSeats } from './store';

const MAX_LOG = 300;
/** How often a game page reads the game again besides its subscription (a fallback, see useGame). */
const POLL_MS = 5000;

function History(props: {
  id: string;
  version: number;
  token?: string;
  onView: (v: unknown, at: number | null) => void;
}) {
  const [at, setAt] = useState<number | null>(null);
  const request = useRef(0);
  const pick = async (n: number) => {
    setAt(n);
    const mine = ++request.current;
    const view = await stateAt(props.id, n, props.token);
    if (mine === request.current) props.onView(view, n);
  };
  const live = () => {
    request.current++;
    setAt(null);
    props.onView(null, null);
  };
  const shown = at ?? props.version;
  return (
    <section class="panel history" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <label for="history-slider">
        Version {shown} of {props.version}
        {at === null ? ' (live)' : ''}
      </label>
      <input
        id="history-slider"
        type="range"
        min={0}
        max={props.version}
        value={shown}
        onInput={(e) => void pick(Number(e.currentTarget.value))}
      />
      <div class="row">
        <button type="button" disabled={shown <= 0} onClick={() => void pick(shown - 1)}>
          ◀ Step back
        </button>
        <button
          type="button"
          disabled={at === null || shown >= props.version}
          onClick={() => void pick(shown + 1)}
        >
          Step forward ▶
        </button>
        <button type="button" disabled={at === null} onClick={live}>
          Back to live
        </button>
      </div>
    </section>
  );
}

/** Engine bookkeeping, not a fact a player reads (still in the history and the API). */
const QUIET = new Set(['FLOW']);

function Log(props: { events: GameEvent[]; info: GameInfo }) {
  const recent = props.events
    .filter((e) => !QUIET.has(e.type))
    .slice(-MAX_LOG)
    .reverse();
  return (
    <section class="panel log" aria-labelledby="log-title">
      <h2 id="log-title">Game log</h2>
      <ol class="log-lines" aria-live="polite" aria-relevant="additions">
        {recent.map((e) => (
          <li key={e.version} value={e.version}>
            {eventLine(e, props.info.seats)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Keeps a game fresh: one fetch at a time; an update during a fetch asks for one more after it. */
function useGame(id: string, token: string | undefined) {
  const [info, setInfo] = useState<GameInfo | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(false);
  const again = useRef(false);
  const refresh = useCallback(async () => {
    if (loading.current) {
      again.current = true;
      return;
    }
    loading.current = true;
    try {
      do {
        again.current = false;
        const game = await loadGame(id, token);
        if (!game) {
          setError('No such game.');
          return;
        }
        setInfo((prev) => (prev && prev.version > game.version ? prev : game));
      } while (again.current);
    } catch (e) {
      setError(String(e instanceof Error ? e.message : e));
    } finally {
      loading.current = false;
    }
  }, [id, token]);
  const lastEvent = useRef(0);
  // A finished or aborted game changes no more: the fallback reads stop once its events are in.
  const over = useRef(false);
  const version = useRef(0);
  useEffect(() => {
    over.current = info?.status === 'FINISHED' || info?.status === 'ABORTED';
    version.current = info?.version ?? 0;
  }, [info?.status, info?.version]);
  const addEvents = useCallback((more: GameEvent[]) => {
    if (!more.length) return;
    lastEvent.current = Math.max(lastEvent.current, ...more.map((e) => e.version));
    setEvents((prev) => {
      const seen = new Set(prev.map((e) => e.version));
      const merged = [...prev, ...more.filter((e) => !seen.has(e.version))];
      merged.sort((a, b) => a.version - b.version);
      return merged.slice(-MAX_LOG * 2);
    });
  }, []);
  useEffect(() => {
    setInfo(null);
    setEvents([]);
    lastEvent.current = 0;
    over.current = false;
    const reload = () => {
      void refresh();
      void loadEvents(id, lastEvent.current, token).then(addEvents, (e: unknown) => setError(String(e)));
    };
    reload();
    // A commit between the first read and the subscription's start is never sent to this page,
    // and if the next move is ours no later update comes: read again now and then as a fallback.
    const poll = setInterval(() => {
      if (!over.current || lastEvent.current < version.current) reload();
    }, POLL_MS);
    const unsubscribe = subscribeGame(
      id,
      token,
      (update) => {
        addEvents(update.events);
        void refresh();
      },
      (e) => setError(e instanceof Error ? e.message : 'live updates lost; retrying'),
    );
    // Updates published while the connection was down are not sent again: read them.
    const stopReloading = onReconnect(token, reload);
    return () => {
      clearInterval(poll);
      stopReloading();
      unsubscribe();
    };
  }, [id, token, refresh, addEvents]);
  return { info, events, error, setError, refresh };
}

export function GamePage(props: { id: string }) {
  const held = heldSeats(props.id);
  const [seatChoice, setSeatChoice] = useState<number | 'spectate'>(held[0]?.seat ?? 'spectate');
  const token = seatChoice === 'spectate' ? undefined : held.find((h) => h.seat === seatChoice)?.token;
  const { info, events, error, setError, refresh } = useGame(props.id, token);
  const [sending, setSending] = useState(false);
  const [history, setHistory] = useState<{ view: unknown; at: number } | null>(null);
  const [rejections, setRejections] = useState(0);
  const [failures, setFailures] = useState(0);

  const send = useCallback(
    async (command: Command) => {
      if (!info || !token || sending) return;
      setSending(true);
      setError(null);
      try {
        await submitCommand(props.id, command, info.version, token);
      } catch (e) {
        const code = e instanceof ApiError ? e.code : undefined;
        // CONFLICT: the game moved on; the fresh state offers fresh commands.
        if (code !== 'CONFLICT') setRejections((n) => n + 1);
        setFailures((n) => n + 1);
        setError(`${code ?? 'ERROR'}: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        setSending(false);
        await refresh();
      }
    },
    [info, token, sending, props.id, refresh, setError],
  );

  // A join adds no event (no subscription message): a lobby asks again every few seconds.
  const inLobby = info?.status === 'LOBBY';
  useEffect(() => {
    if (!inLobby) return;
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [inLobby, refresh]);

  if (!info)
    return (
      <main class="game" data-testid="game" data-phase="loading">
        {error ?? 'Loading…'}
      </main>
    );
  const viewer = seatChoice === 'spectate' ? null : seatChoice;
  const myTurn = viewer !== null && info.activeSeats.includes(viewer) && info.status === 'ACTIVE';
  const commands = history || !myTurn ? [] : info.legalCommands;
  const phase =
    info.status === 'FINISHED' || info.status === 'ABORTED'
      ? 'finished'
      : info.status === 'LOBBY'
        ? 'lobby'
        : sending
          ? 'sending'
          : viewer === null
            ? 'spectating'
            : commands.length
              ? 'your-turn'
              : 'waiting';
  const view = (history ? history.view : info.view) as Record<string, unknown>;
  const ctx: LabelContext = {
    seats: info.seats,
    names:
      info.type === 'carson-city' && info.view
        ? carsonNames(info.view as Record<string, unknown>)
        : undefined,
  };
  return (
    <main
      class="game"
      data-testid="game"
      data-phase={phase}
      data-version={info.version}
      data-status={info.status}
      data-events={events.length ? events[events.length - 1].version : 0}
      data-rejections={rejections}
      data-failures={failures}
    >
      <header class="game-head">
        <h1>
          {GAME_TITLES[info.type] ?? info.type} <small class="muted">game {info.id.slice(0, 8)}</small>
        </h1>
        <p class="status" role="status">
          {info.status === 'ACTIVE'
            ? myTurn
              ? 'Your move.'
              : `Waiting for ${info.activeSeats.map((s) => seatName(info.seats, s)).join(', ') || 'the server'}.`
            : info.status === 'LOBBY'
              ? 'Waiting for players.'
              : info.status === 'FINISHED'
                ? 'Game over.'
                : 'Aborted.'}{' '}
          <span class="muted">Version {info.version}.</span>
        </p>
        <label class="seat-select">
          Play as{' '}
          <select
            value={String(seatChoice)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setHistory(null);
              setSeatChoice(v === 'spectate' ? 'spectate' : Number(v));
            }}
          >
            {held.map((h) => (
              <option key={h.seat} value={String(h.seat)}>
                {seatName(info.seats, h.seat)}
              </option>
            ))}
            <option value="spectate">Spectator (no token)</option>
          </select>
        </label>
      </header>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {info.status === 'LOBBY' ? <GameLobby info={info} onChange={refresh} /> : null}
      {info.result ? <Result info={info} /> : null}
      {history ? (
        <p class="notice" role="status">
          Showing the game as it was at version {history.at}.
        </p>
      ) : null}
      <div class="game-layout">
        <div class="game-main">
          {info.status !== 'LOBBY' ? (
            <Board
              type={info.type}
              view={view}
              seats={info.seats}
              viewer={viewer}
              activeSeats={history ? [] : info.activeSeats}
              commands={sending ? [] : commands}
              send={(c) => void send(c)}
            />
          ) : null}
        </div>
        <aside class="game-side">
          {commands.length ? (
            <Commands commands={commands} ctx={ctx} disabled={sending} send={(c) => void send(c)} />
          ) : null}
          {info.status !== 'LOBBY' ? (
            <History
              id={props.id}
              version={info.version}
              token={token}
              onView={(v, at) => setHistory(at === null ? null : { view: v, at })}
            />
          ) : null}
          <Log events={events} info={info} />
        </aside>
      </div>
    </main>
  );
}
