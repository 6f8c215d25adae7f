/**
 * What this browser holds: per game, the seat tokens it received (createGame / joinGame) and the
 * lobby's host token. Kept in localStorage under one key, never in a URL.
 */
export interface HeldGame {
  id: string;
  type: string;
  /** seat number -> bearer token */
  seats: Record<string, string>;
  host?: string;
  createdAt: string;
}

const KEY = 'saloon.games.v1';

export function heldGames(): Record<string, HeldGame> {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, HeldGame>) : {};
  } catch {
    return {};
  }
}

export function heldGame(id: string): HeldGame | undefined {
  return heldGames()[id];
}

export function holdGame(
  id: string,
  type: string,
  update: Partial<Pick<HeldGame, 'seats' | 'host'>>,
): HeldGame {
  const all = heldGames();
  const before = all[id] ?? { id, type, seats: {}, createdAt: new Date().toISOString() };
  const next: HeldGame = {
    ...before,
    seats: { ...before.seats, ...update.seats },
    ...(update.host ? { host: update.host } : {}),
  };
  all[id] = next;
  localStorage.setItem(KEY, JSON.stringify(all));
  return next;
}

export function forgetGame(id: string): void {
  const all = heldGames();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
}

/** Held seats of a game, lowest first. */
export function heldSeats(id: string): { seat: number; token: string }[] {
  const held = heldGame(id);
  if (!held) return [];
  return Object.entries(held.seats)
    .map(([seat, token]) => ({ seat: Number(seat), token }))
    .sort((a, b) => a.seat - b.seat);
}

/** Any credential that may act on the lobby (host token first, then a seat). */
export function lobbyToken(id: string): string | undefined {
  const held = heldGame(id);
  return held?.host ?? heldSeats(id)[0]?.token;
}

export function playerName(): string {
  return localStorage.getItem('saloon.name') ?? '';
}

export function setPlayerName(name: string): void {
  localStorage.setItem('saloon.name', name);
}
