/** The lobby: create a game (seats, options, timer) and find games to watch. */
import { useEffect, useState } from 'preact/hooks';
import { createGame, gameTypes, gql, type GameTypeInfo, type SeatInput, type TimerInput } from './api';
import { GAME_TITLES, humanize } from './format';
import { holdGame, playerName, setPlayerName } from './store';
import { navigate } from './router';

type SeatKind = 'ME' | 'OPEN' | 'BOT';
interface SeatRow {
  kind: SeatKind;
  level: string;
}

/** Options each game documents (its README); anything else goes in the JSON field. */
const OPTION_FLAGS: Record<string, { label: string; apply: (o: Record<string, unknown>) => void }[]> = {
  'bang-dice': [
    { label: 'Choose characters (two dealt, keep one)', apply: (o) => (o.characterChoice = true) },
  ],
  'great-western-trail': [
    { label: 'Simmental variant', apply: (o) => (o.simmental = true) },
    { label: 'Random neutral buildings', apply: (o) => (o.neutralBuildings = 'RANDOM') },
    { label: 'Random player building sides', apply: (o) => (o.playerBuildings = 'RANDOM') },
  ],
  'carson-city': ['A_NEW_BEGINNING', 'CARSON_RIVER', 'MIGHT_IS_RIGHT', 'KIT_CARSON', 'OUTLAWS', 'HORSES'].map(
    (m) => ({
      label: `Module: ${humanize(m)}`,
      apply: (o: Record<string, unknown>) => (o.modules = [...((o.modules as string[]) ?? []), m]),
    }),
  ),
  coloma: ['HOTELS', 'MULE_DUEL', 'SPECIALIZED_PIONEERS'].map((m) => ({
    label: `Module: ${humanize(m)}`,
    apply: (o: Record<string, unknown>) => (o.modules = [...((o.modules as string[]) ?? []), m]),
  })),
};

function defaultSeats(n: number, levels: string[]): SeatRow[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: i === 0 ? 'ME' : 'BOT',
    level: levels[0] ?? 'RANDOM',
  }));
}

function TimerFields(props: { timer: TimerInput | null; set: (t: TimerInput | null) => void }) {
  const t = props.timer;
  const num = (key: keyof TimerInput) => (e: Event) =>
    props.set({ ...t, [key]: Number((e.currentTarget as HTMLInputElement).value) || undefined });
  return (
    <fieldset>
      <legend>Clock</legend>
      <label>
        Timer{' '}
        <select
          id="timer-mode"
          value={t?.mode ?? 'NONE'}
          onChange={(e) => {
            const mode = e.currentTarget.value;
            props.set(
              mode === 'NONE'
                ? null
                : mode === 'PER_MOVE'
                  ? { mode: 'PER_MOVE', perMoveSeconds: 86400, policy: t?.policy }
                  : { mode: 'BANK', initialSeconds: 3 * 86400, incrementSeconds: 3600, policy: t?.policy },
            );
          }}
        >
          <option value="NONE">Untimed</option>
          <option value="PER_MOVE">Per move</option>
          <option value="BANK">Bank (chess clock)</option>
        </select>
      </label>
      {t?.mode === 'PER_MOVE' ? (
        <label>
          Seconds per move{' '}
          <input type="number" min={1} value={t.perMoveSeconds} onInput={num('perMoveSeconds')} />
        </label>
      ) : null}
      {t?.mode === 'BANK' ? (
        <>
          <label>
            Starting bank (seconds){' '}
            <input type="number" min={1} value={t.initialSeconds} onInput={num('initialSeconds')} />
          </label>
          <label>
            Added per move (seconds){' '}
            <input type="number" min={0} value={t.incrementSeconds} onInput={num('incrementSeconds')} />
          </label>
        </>
      ) : null}
      {t ? (
        <>
          <label>
            At a deadline{' '}
            <select
              value={t.policy ?? 'BOT_TAKEOVER'}
              onChange={(e) => props.set({ ...t, policy: e.currentTarget.value as TimerInput['policy'] })}
            >
              <option value="BOT_TAKEOVER">a bot takes over</option>
              <option value="DEFAULT">the default move is played</option>
              <option value="FORFEIT">the seat forfeits</option>
            </select>
          </label>
          <label>
            Vacation days{' '}
            <input type="number" min={0} value={t.vacationDays ?? 0} onInput={num('vacationDays')} />
          </label>
        </>
      ) : null}
    </fieldset>
  );
}

function CreateForm(props: { types: GameTypeInfo[] }) {
  const [type, setType] = useState(props.types[0]?.type ?? '');
  const info = props.types.find((t) => t.type === type);
  const [seats, setSeats] = useState<SeatRow[]>(defaultSeats(info?.minSeats ?? 2, info?.botLevels ?? []));
  const [flags, setFlags] = useState<Set<number>>(new Set());
  const [json, setJson] = useState('');
  const [timer, setTimer] = useState<TimerInput | null>(null);
  const [name, setName] = useState(playerName());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseType = (next: string) => {
    const t = props.types.find((x) => x.type === next);
    setType(next);
    setFlags(new Set());
    setSeats(defaultSeats(Math.max(t?.minSeats ?? 2, Math.min(t?.maxSeats ?? 2, 3)), t?.botLevels ?? []));
  };
  const setCount = (n: number) => {
    if (!info || n < info.minSeats || n > info.maxSeats) return;
    setSeats((prev) => defaultSeats(n, info.botLevels).map((d, i) => prev[i] ?? d));
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    let options: Record<string, unknown> = {};
    try {
      options = json.trim() ? (JSON.parse(json) as Record<string, unknown>) : {};
    } catch {
      setError('Other options: not valid JSON.');
      return;
    }
    (OPTION_FLAGS[type] ?? []).forEach((f, i) => flags.has(i) && f.apply(options));
    const input: SeatInput[] = seats.map((s) =>
      s.kind === 'BOT'
        ? { kind: 'BOT', botLevel: s.level }
        : s.kind === 'OPEN'
          ? { kind: 'HUMAN', open: true }
          : { kind: 'HUMAN', name: name || undefined },
    );
    setBusy(true);
    try {
      setPlayerName(name);
      const created = await createGame({
        type,
        seats: input,
        options: Object.keys(options).length ? options : undefined,
        timer: timer ?? undefined,
        // With open seats the host starts the game from its lobby once they are taken.
        start: seats.every((s) => s.kind !== 'OPEN'),
      });
      holdGame(created.game.id, type, {
        host: created.hostToken,
        seats: Object.fromEntries(created.seatTokens.map((t) => [String(t.seat), t.token])),
      });
      navigate(`/game/${created.game.id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel create" onSubmit={(e) => void submit(e)} aria-labelledby="create-title">
      <h2 id="create-title">New game</h2>
      <label>
        Game{' '}
        <select id="game-type" value={type} onChange={(e) => chooseType(e.currentTarget.value)}>
          {props.types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.title || GAME_TITLES[t.type] || t.type} ({t.minSeats}-{t.maxSeats} seats)
            </option>
          ))}
        </select>
      </label>
      <label>
        Your name <input id="player-name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <label>
        Seats{' '}
        <input
          id="seat-count"
          type="number"
          min={info?.minSeats}
          max={info?.maxSeats}
          value={seats.length}
          onInput={(e) => setCount(Number(e.currentTarget.value))}
        />
      </label>
      <fieldset>
        <legend>Who sits where</legend>
        {seats.map((s, i) => (
          <div class="seat-row" key={i}>
            <label>
              Seat {i}{' '}
              <select
                id={`seat-${i}-kind`}
                value={s.kind}
                onChange={(e) =>
                  setSeats(
                    seats.map((x, j) => (j === i ? { ...x, kind: e.currentTarget.value as SeatKind } : x)),
                  )
                }
              >
                <option value="ME">Me (this browser)</option>
                <option value="OPEN">Open: invite someone</option>
                <option value="BOT">Bot</option>
              </select>
            </label>
            {s.kind === 'BOT' ? (
              <label>
                Bot level{' '}
                <select
                  id={`seat-${i}-level`}
                  value={s.level}
                  onChange={(e) =>
                    setSeats(seats.map((x, j) => (j === i ? { ...x, level: e.currentTarget.value } : x)))
                  }
                >
                  {(info?.botLevels ?? []).map((l) => (
                    <option key={l} value={l}>
                      {humanize(l)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>Options</legend>
        {(OPTION_FLAGS[type] ?? []).map((f, i) => (
          <label key={f.label} class="check">
            <input
              type="checkbox"
              checked={flags.has(i)}
              onChange={(e) => {
                const next = new Set(flags);
                if (e.currentTarget.checked) next.add(i);
                else next.delete(i);
                setFlags(next);
              }}
            />{' '}
            {f.label}
          </label>
        ))}
        <label>
          Other options (JSON){' '}
          <input
            id="options-json"
            value={json}
            placeholder="{}"
            onInput={(e) => setJson(e.currentTarget.value)}
          />
        </label>
      </fieldset>
      <TimerFields timer={timer} set={setTimer} />
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <button id="create" type="submit" disabled={busy || !type}>
        Create game
      </button>
    </form>
  );
}

interface Listed {
  id: string;
  type: string;
  version: number;
  status: string;
}

function Watch() {
  const [games, setGames] = useState<Listed[] | null>(null);
  useEffect(() => {
    gql<{ games: { edges: { node: Listed }[] } }>(
      '{ games(status: ACTIVE, first: 20) { edges { node { id type version status } } } }',
    ).then(
      (d) => setGames(d.games.edges.map((e) => e.node)),
      () => setGames([]),
    );
  }, []);
  return (
    <section class="panel" aria-labelledby="watch-title">
      <h2 id="watch-title">Games being played</h2>
      {games === null ? <p>Loading…</p> : null}
      {games?.length === 0 ? <p class="muted">None right now.</p> : null}
      <ul>
        {(games ?? []).map((g) => (
          <li key={g.id}>
            <a href={`#/game/${g.id}`}>
              {GAME_TITLES[g.type] ?? g.type} {g.id.slice(0, 8)}
            </a>{' '}
            <span class="muted">version {g.version}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LobbyPage() {
  const [types, setTypes] = useState<GameTypeInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    gameTypes().then(setTypes, (e: unknown) => setError(String(e)));
  }, []);
  return (
    <main class="lobby" data-testid="lobby">
      <h1 class="sr-only">Lobby</h1>
      {error ? <p class="error">{error}</p> : null}
      {types ? <CreateForm types={types} /> : <p>Loading game types…</p>}
      <Watch />
    </main>
  );
}
