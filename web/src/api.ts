/**
 * The public GraphQL API, as any third-party client uses it: POST /graphql for queries and
 * mutations, graphql-ws on the same path for subscriptions, `Authorization: Bearer <seat token>`
 * to act for a seat (no token = spectator).
 *
 * Game ids are written into the documents as string literals (`lit(id)`), not as variables: a
 * literal fits an argument typed `String!` as well as `ID!`, so the client keeps working while the
 * server's id types change. JSON and input-object arguments go as variables.
 */
import { createClient, type Client } from 'graphql-ws';

export interface GqlError {
  message: string;
  extensions?: { code?: string; ruleCode?: string; currentVersion?: number; [k: string]: unknown };
}

export class ApiError extends Error {
  constructor(readonly errors: GqlError[]) {
    super(errors.map((e) => e.message).join('; '));
  }
  get code(): string | undefined {
    return this.errors[0]?.extensions?.code;
  }
}

/** A GraphQL string literal (JSON string syntax is GraphQL string syntax for these values). */
export const lit = (value: string): string => JSON.stringify(value);

export async function gql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  let body: { data?: T; errors?: GqlError[] };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new ApiError([{ message: `HTTP ${response.status}`, extensions: { code: 'HTTP' } }]);
  }
  if (body.errors?.length) throw new ApiError(body.errors);
  if (!body.data) throw new ApiError([{ message: 'empty response' }]);
  return body.data;
}

const clients = new Map<string, Client>();
/** Who to tell when a connection is back after a drop (per token, as the clients). */
const reconnectListeners = new Map<string, Set<() => void>>();

/** One graphql-ws connection per token (the server redacts by the connection's seat). */
export function wsClient(token?: string): Client {
  const key = token ?? '';
  let client = clients.get(key);
  if (!client) {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
    client = createClient({
      url,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: Infinity,
      shouldRetry: () => true,
      on: {
        // graphql-ws subscribes again after a retry, but what was published meanwhile is gone.
        connected: (_socket, _payload, wasRetry) => {
          if (wasRetry) for (const listener of reconnectListeners.get(key) ?? []) listener();
        },
      },
    });
    clients.set(key, client);
  }
  return client;
}

/** Calls `listener` each time the token's live connection is back after a drop; returns the undo. */
export function onReconnect(token: string | undefined, listener: () => void): () => void {
  const key = token ?? '';
  const listeners = reconnectListeners.get(key) ?? new Set();
  reconnectListeners.set(key, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface Seat {
  seat: number;
  name: string | null;
  kind: 'HUMAN' | 'BOT';
  botLevel: string | null;
  open: boolean;
  botTakeover: boolean;
  forfeited: boolean;
}

export interface GameEvent {
  version: number;
  type: string;
  payload: Record<string, unknown>;
  seat: number | null;
  actor: string;
  at: string;
}

export type Command = { type: string } & Record<string, unknown>;

export interface SeatResult {
  seat: number;
  rank: number;
  winner: boolean;
  score?: number;
  [k: string]: unknown;
}
export interface GameResult {
  winners: number[];
  seats: SeatResult[];
  reason?: string;
}

export interface GameInfo {
  id: string;
  type: string;
  status: 'LOBBY' | 'ACTIVE' | 'FINISHED' | 'ABORTED';
  version: number;
  activeSeats: number[];
  seats: Seat[];
  options: unknown;
  view: unknown;
  legalCommands: Command[];
  result: GameResult | null;
}

const SEAT_FIELDS = 'seat name kind botLevel open botTakeover forfeited';

export function gameQuery(id: string): string {
  return `{ game(id: ${lit(id)}) { id type status version activeSeats options view legalCommands result
    seats { ${SEAT_FIELDS} } } }`;
}

export async function loadGame(id: string, token?: string): Promise<GameInfo | null> {
  const data = await gql<{ game: GameInfo | null }>(gameQuery(id), undefined, token);
  return data.game;
}

export async function loadEvents(id: string, after: number, token?: string): Promise<GameEvent[]> {
  const out: GameEvent[] = [];
  for (let cursor = after; ;) {
    const data = await gql<{ game: { events: GameEvent[] } | null }>(
      `{ game(id: ${lit(id)}) { events(after: ${cursor}, first: 100) { version type payload seat actor at } } }`,
      undefined,
      token,
    );
    const page = data.game?.events ?? [];
    out.push(...page);
    if (page.length < 100) return out;
    cursor = page[page.length - 1].version;
  }
}

export async function stateAt(id: string, version: number, token?: string): Promise<unknown> {
  const data = await gql<{ game: { stateAt: unknown } | null }>(
    `{ game(id: ${lit(id)}) { stateAt(version: ${Math.max(0, Math.floor(version))}) } }`,
    undefined,
    token,
  );
  return data.game?.stateAt ?? null;
}

export interface CommandResult {
  accepted: boolean;
  version: number;
}

export async function submitCommand(
  id: string,
  command: Command,
  expectedVersion: number,
  token: string,
): Promise<CommandResult> {
  const commandId = `web-${crypto.randomUUID()}`;
  const data = await gql<{ submitCommand: CommandResult }>(
    `mutation($command: JSON!, $v: Int, $cid: String) {
      submitCommand(gameId: ${lit(id)}, command: $command, expectedVersion: $v, commandId: $cid) { accepted version } }`,
    { command, v: expectedVersion, cid: commandId },
    token,
  );
  return data.submitCommand;
}

export interface GameTypeInfo {
  type: string;
  title: string;
  minSeats: number;
  maxSeats: number;
  botLevels: string[];
}

export async function gameTypes(): Promise<GameTypeInfo[]> {
  return (
    await gql<{ gameTypes: GameTypeInfo[] }>('{ gameTypes { type title minSeats maxSeats botLevels } }')
  ).gameTypes;
}

export interface SeatInput {
  kind: 'HUMAN' | 'BOT';
  name?: string;
  botLevel?: string;
  open?: boolean;
}

export interface TimerInput {
  mode?: 'BANK' | 'PER_MOVE';
  perMoveSeconds?: number;
  initialSeconds?: number;
  incrementSeconds?: number;
  policy?: 'BOT_TAKEOVER' | 'DEFAULT' | 'FORFEIT';
  vacationDays?: number;
}

export interface CreatedGame {
  game: { id: string; status: string };
  seatTokens: { seat: number; token: string }[];
  hostToken: string;
}

export async function createGame(input: {
  type: string;
  seats: SeatInput[];
  options?: unknown;
  timer?: TimerInput;
  start: boolean;
}): Promise<CreatedGame> {
  const data = await gql<{ createGame: CreatedGame }>(
    `mutation($input: CreateGameInput!) { createGame(input: $input) {
      game { id status } seatTokens { seat token } hostToken } }`,
    { input },
  );
  return data.createGame;
}

export async function joinGame(
  id: string,
  seat: number | null,
  name: string,
): Promise<{ seat: number; token: string; status: string }> {
  const data = await gql<{
    joinGame: { game: { status: string }; seatToken: { seat: number; token: string } };
  }>(
    `mutation($seat: Int, $name: String) { joinGame(gameId: ${lit(id)}, seat: $seat, name: $name) {
      game { status } seatToken { seat token } } }`,
    { seat, name: name || null },
  );
  return { ...data.joinGame.seatToken, status: data.joinGame.game.status };
}

export async function startGame(id: string, token: string): Promise<void> {
  await gql(`mutation { startGame(gameId: ${lit(id)}) { status } }`, undefined, token);
}

export async function abortGame(id: string, token: string): Promise<void> {
  await gql(`mutation { abortGame(gameId: ${lit(id)}) { status } }`, undefined, token);
}

export async function addBot(id: string, seat: number, level: string, token: string): Promise<void> {
  await gql(
    `mutation($seat: Int!, $level: String) { addBot(gameId: ${lit(id)}, seat: $seat, level: $level) { status } }`,
    { seat, level },
    token,
  );
}

export interface SeatDeadline {
  seat: number;
  active: boolean;
  bankMs: number | null;
  botTakeover: boolean;
  dueAt: string | null;
  forfeited: boolean;
  status: string | null;
  vacationDaysLeft: number;
  vacationUntil: string | null;
}

export interface Deadlines {
  pauseVotes: number[];
  pausedAt: string | null;
  timer: {
    mode: string;
    policy: string;
    perMoveSeconds: number | null;
    initialSeconds: number | null;
  } | null;
  seats: SeatDeadline[];
}

export const DEADLINE_FIELDS = `pauseVotes pausedAt timer { mode policy perMoveSeconds initialSeconds }
  seats { seat active bankMs botTakeover dueAt forfeited status vacationDaysLeft vacationUntil }`;

export type ClockAction = 'pauseGame' | 'unpauseGame' | 'resume';

export async function clockAction(action: ClockAction, id: string, token: string): Promise<void> {
  await gql(`mutation { ${action}(gameId: ${lit(id)}) { version } }`, undefined, token);
}

export async function takeVacation(id: string, days: number, token: string): Promise<void> {
  await gql(
    `mutation($days: Int!) { vacation(gameId: ${lit(id)}, days: $days) { version } }`,
    { days },
    token,
  );
}

export interface Webhook {
  id: string;
  url: string;
  seat: number | null;
  events: string[];
  createdAt: string;
}

export async function webhooks(id: string, token: string): Promise<Webhook[]> {
  return (
    await gql<{ webhooks: Webhook[] }>(
      `{ webhooks(gameId: ${lit(id)}) { id url seat events createdAt } }`,
      undefined,
      token,
    )
  ).webhooks;
}

export async function registerWebhook(
  id: string,
  input: { url: string; secret: string; seat: number | null; events: string[] },
  token: string,
): Promise<Webhook> {
  const data = await gql<{ registerWebhook: Webhook }>(
    `mutation($url: String!, $secret: String!, $seat: Int, $events: [String!]) {
      registerWebhook(gameId: ${lit(id)}, url: $url, secret: $secret, seat: $seat, events: $events) {
        id url seat events createdAt } }`,
    input,
    token,
  );
  return data.registerWebhook;
}

export interface GameUpdate {
  fromVersion: number;
  version: number;
  status: GameInfo['status'];
  activeSeats: number[];
  view: unknown;
  events: GameEvent[];
}

/** Live updates for one game; returns the unsubscribe function. */
export function subscribeGame(
  id: string,
  token: string | undefined,
  onUpdate: (update: GameUpdate) => void,
  onError: (error: unknown) => void,
): () => void {
  return wsClient(token).subscribe<{ gameUpdated: GameUpdate }>(
    {
      query: `subscription { gameUpdated(gameId: ${lit(id)}) {
        fromVersion version status activeSeats view events { version type payload seat actor at } } }`,
    },
    {
      next: (message) => {
        if (message.data?.gameUpdated) onUpdate(message.data.gameUpdated);
        else if (message.errors) onError(new ApiError(message.errors as unknown as GqlError[]));
      },
      error: onError,
      complete: () => undefined,
    },
  );
}
