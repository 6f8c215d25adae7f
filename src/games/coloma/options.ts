/**
 * Creation options. `printed` carries the operator's printed component data, one object per set
 * (data/printed.ts); every set not given is the invented PLACEHOLDER default. `dataSource` and
 * `placeholders` are derived (accepted again only as derived, so parsed options parse again).
 */
import { CommonViolations, violation, type RuleViolation } from '../engine';
import { BUILDING_IDS, isBuildingId, type BuildingId } from './data/buildings';
import { isPioneerId, PIONEER_IDS, type PioneerId } from './data/pioneers';
import { PLACEHOLDER_DATA, PRINTED_SETS, type PrintedData, type PrintedSet } from './data/printed';
import { validateSet } from './data/validate';

export type DataSource = 'PLACEHOLDER' | 'PARTIAL' | 'CONFIGURED';

export interface ColomaOptions {
  /** The sets the operator supplied (the printed values); the rest are PLACEHOLDER_DATA. */
  printed: Partial<PrintedData>;
  dataSource: DataSource;
  placeholders: PrintedSet[];
  /** Optional modules (RULES.md §5). */
  modules: Module[];
  /** Specialized Pioneers by seat (else dealt with the seeded RNG, D27); only with the module. */
  pioneers: PioneerId[] | null;
  /** Tests: the first Sheriff (else a seeded draw, RULES.md D17). */
  sheriff: number | null;
  /** Tests: each seat's deck order, top first (else shuffled). */
  decks: BuildingId[][] | null;
}

export const MODULES = ['HOTELS', 'MULE_DUEL', 'SPECIALIZED_PIONEERS'] as const;
export type Module = (typeof MODULES)[number];
const SUPPORTED: readonly Module[] = ['HOTELS', 'MULE_DUEL', 'SPECIALIZED_PIONEERS'];

function parseModules(raw: unknown): Module[] | string {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return `modules is a list of ${MODULES.join(', ')}`;
  const out: Module[] = [];
  for (const m of raw as unknown[]) {
    if (!(MODULES as readonly unknown[]).includes(m))
      return `unknown module ${String(m)}: one of ${MODULES.join(', ')}`;
    if (!SUPPORTED.includes(m as Module)) return `module ${String(m)} is not yet built`;
    if (out.includes(m as Module)) return `module ${String(m)} listed twice`;
    out.push(m as Module);
  }
  return out;
}

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
const KEYS = ['printed', 'dataSource', 'placeholders', 'modules', 'pioneers', 'sheriff', 'decks'];

const invalid = (message: string): RuleViolation => violation(CommonViolations.INVALID_OPTIONS, message);

/** The data a game plays with: the operator's sets over the placeholders. */
export function effectiveData(printed: Partial<PrintedData>): PrintedData {
  return { ...PLACEHOLDER_DATA, ...printed };
}

function parsePrinted(raw: unknown): Partial<PrintedData> | string {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return 'printed is an object of data sets';
  const out: Partial<Record<PrintedSet, unknown>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(PRINTED_SETS as readonly string[]).includes(key))
      return `unknown printed set ${key}: one of ${PRINTED_SETS.join(', ')}`;
    const parsed = validateSet(key as PrintedSet, value);
    if (typeof parsed === 'string') return parsed;
    out[key as PrintedSet] = parsed;
  }
  return out as Partial<PrintedData>;
}

function parseDecks(raw: unknown, seatCount: number): BuildingId[][] | null | string {
  if (raw === undefined || raw === null) return null;
  const ok =
    Array.isArray(raw) &&
    raw.length === seatCount &&
    raw.every(
      (d) =>
        Array.isArray(d) &&
        d.length === BUILDING_IDS.length &&
        d.every(isBuildingId) &&
        new Set(d).size === d.length,
    );
  return ok
    ? (raw as BuildingId[][]).map((d) => [...d])
    : `decks lists, per seat, the 16 buildings in an order`;
}

export function parseOptions(raw: unknown, seatCount: number): ColomaOptions | RuleViolation {
  if (!Number.isInteger(seatCount) || seatCount < MIN_PLAYERS || seatCount > MAX_PLAYERS)
    return invalid(
      `Coloma needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players (the solo mode is not in the rulebook text)`,
    );
  const o = (raw ?? {}) as Record<string, unknown>;
  if (typeof o !== 'object' || Array.isArray(o)) return invalid('options must be an object');
  const unknown = Object.keys(o).filter((k) => !KEYS.includes(k));
  if (unknown.length) return invalid(`unknown option(s): ${unknown.join(', ')}`);
  const printed = parsePrinted(o.printed);
  if (typeof printed === 'string') return invalid(printed);
  const placeholders = PRINTED_SETS.filter((s) => !(s in printed));
  const dataSource: DataSource =
    placeholders.length === 0
      ? 'CONFIGURED'
      : placeholders.length === PRINTED_SETS.length
        ? 'PLACEHOLDER'
        : 'PARTIAL';
  if (o.dataSource !== undefined && o.dataSource !== dataSource)
    return invalid(`dataSource is derived from printed (${dataSource} here), not set`);
  if (o.placeholders !== undefined && JSON.stringify(o.placeholders) !== JSON.stringify(placeholders))
    return invalid(`placeholders is derived from printed ([${placeholders.join(', ')}] here), not set`);
  const modules = parseModules(o.modules);
  if (typeof modules === 'string') return invalid(modules);
  if (modules.includes('MULE_DUEL') && seatCount !== 2)
    return invalid('the Mule Duel is a 2-player variant (RB L635)');
  const pioneers = o.pioneers ?? null;
  if (pioneers !== null) {
    const ok =
      Array.isArray(pioneers) &&
      pioneers.length === seatCount &&
      pioneers.every(isPioneerId) &&
      new Set(pioneers).size === seatCount;
    if (!ok) return invalid(`pioneers lists ${seatCount} different of ${PIONEER_IDS.join(', ')}`);
    if (!modules.includes('SPECIALIZED_PIONEERS'))
      return invalid('pioneers only with the SPECIALIZED_PIONEERS module');
  }
  const sheriff = o.sheriff ?? null;
  if (
    sheriff !== null &&
    !(Number.isInteger(sheriff) && (sheriff as number) >= 0 && (sheriff as number) < seatCount)
  )
    return invalid(`sheriff is a seat 0..${seatCount - 1}`);
  const decks = parseDecks(o.decks, seatCount);
  if (typeof decks === 'string') return invalid(decks);
  return {
    printed,
    dataSource,
    placeholders,
    modules,
    pioneers: pioneers as PioneerId[] | null,
    sheriff: sheriff as number | null,
    decks,
  };
}
