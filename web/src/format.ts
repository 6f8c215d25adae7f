/** Readable text for what the API sends as JSON: command labels, log lines, seat names. */
import type { Command, GameEvent, Seat } from './api';

export const SEAT_COLOURS = [
  '#c0392b',
  '#2471a3',
  '#1e8449',
  '#b9770e',
  '#7d3c98',
  '#117a65',
  '#873600',
  '#566573',
];

export const GAME_TITLES: Record<string, string> = {
  'carson-city': 'Carson City',
  'bang-dice': 'Bang! The Dice Game',
  'great-western-trail': 'Great Western Trail',
  coloma: 'Coloma',
};

/** ROLL_DICE -> "Roll dice"; black_angus:1 -> "black angus 1"; camelCase -> "camel case". */
export function humanize(text: string): string {
  const spaced = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_:]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function seatName(seats: Seat[] | undefined, seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return 'server';
  const s = seats?.find((x) => x.seat === seat);
  if (!s) return `seat ${seat}`;
  const who =
    s.name ?? (s.kind === 'BOT' ? `${humanize(s.botLevel ?? 'bot')} bot` : s.open ? 'open' : 'player');
  return `${who} (seat ${seat})`;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function isRecord(v: unknown): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A value in a few words: parcels as (c,r), targets by kind, lists joined. */
export function describeValue(value: unknown, ctx?: LabelContext, key?: string): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (ctx && key && /^(seat|target|from|to)$/i.test(key) && ctx.seats) return seatName(ctx.seats, value);
    return String(value);
  }
  if (typeof value === 'string') return /^[A-Z0-9_:-]+$|^[a-z_]+:\d+$/.test(value) ? humanize(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    return value.map((v) => describeValue(v, ctx, key)).join(key === 'path' ? ' → ' : ', ');
  }
  if (isRecord(value)) {
    if (typeof value.c === 'number' && typeof value.r === 'number' && Object.keys(value).length === 2)
      return `parcel (${value.c},${value.r})`;
    if ((value.dir === 'H' || value.dir === 'V') && typeof value.x === 'number')
      return `${value.dir === 'H' ? 'horizontal' : 'vertical'} road at ${value.x},${value.y}`;
    if (typeof value.kind === 'string') {
      const rest = Object.entries(value).filter(([k]) => k !== 'kind');
      const detail = rest.map(([k, v]) => describeValue(v, ctx, k)).join(' ');
      return `${humanize(value.kind)} ${detail}`.trim();
    }
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k).toLowerCase()} ${describeValue(v, ctx, k)}`)
      .join(', ');
  }
  return String(value);
}

export interface LabelContext {
  seats?: Seat[];
  /** Game-specific names for some fields' values (e.g. Carson City personality ids). */
  names?: Record<string, Record<string, string>>;
}

/** "Place cowboy" + "target: Action Wages, white: yes". */
export function commandDetail(command: Command, ctx?: LabelContext): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(command)) {
    if (key === 'type' || value === undefined) continue;
    const named = ctx?.names?.[key]?.[String(value)];
    const text = named ?? describeValue(value, ctx, key);
    parts.push(`${humanize(key).toLowerCase()}: ${text}`);
  }
  return parts.join('; ');
}

export function commandLabel(command: Command, ctx?: LabelContext): string {
  const detail = commandDetail(command, ctx);
  return detail ? `${humanize(command.type)} — ${detail}` : humanize(command.type);
}

/** Payload fields that are whole states or long lists: left out of the log line. */
const BULKY = new Set([
  'type',
  'state',
  'options',
  'deck',
  'decks',
  'bag',
  'bags',
  'printed',
  'data',
  'layout',
]);

export function eventLine(event: GameEvent, seats?: Seat[]): string {
  const who = event.seat === null ? '' : `${seatName(seats, event.seat)}: `;
  const payload = isRecord(event.payload) ? event.payload : {};
  const fields: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (BULKY.has(key) || (key === 'seat' && value === event.seat)) continue;
    const text = describeValue(value, { seats }, key);
    if (text.length > 80) continue;
    fields.push(`${humanize(key).toLowerCase()} ${text}`);
    if (fields.length >= 5) break;
  }
  const actor = event.actor === 'TIMER' ? ' (timeout)' : '';
  return `${who}${humanize(event.type)}${actor}${fields.length ? ` — ${fields.join(', ')}` : ''}`;
}

export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  return `${m}m ${s % 60}s`;
}
