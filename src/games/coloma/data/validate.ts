/**
 * Shape and consistency checks for operator-supplied printed data (`printed` option). Each check
 * returns the parsed set or a message; values the rulebook states are enforced (printed.ts header).
 */
import { BUILDING_IDS } from './buildings';
import {
  BUNDLE_KEYS,
  type BridgeMetric,
  type BuildCost,
  type Bundle,
  type FrontierMap,
  type PrintedData,
  type PrintedSet,
  type ShootoutCard,
} from './printed';

type Check<T> = (x: unknown) => T | string;

const isObj = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const nat = (x: unknown, max = 99): x is number =>
  Number.isInteger(x) && (x as number) >= 0 && (x as number) <= max;

function keysOnly(o: Record<string, unknown>, keys: readonly string[], what: string): string | null {
  const extra = Object.keys(o).filter((k) => !keys.includes(k));
  return extra.length ? `${what}: unknown key(s) ${extra.join(', ')}` : null;
}

export const bundle: Check<Bundle> = (x) => {
  if (!isObj(x)) return 'a bundle is an object of counts';
  const bad = keysOnly(x, BUNDLE_KEYS, 'bundle');
  if (bad) return bad;
  for (const [k, v] of Object.entries(x)) if (!nat(v, 20)) return `bundle.${k} is an integer 0..20`;
  return { ...(x as Bundle) };
};

function list<T>(x: unknown, check: Check<T>, what: string, length?: number): T[] | string {
  if (!Array.isArray(x) || (length !== undefined && x.length !== length))
    return `${what} is a list${length === undefined ? '' : ` of ${length}`}`;
  const out: T[] = [];
  for (const [i, item] of x.entries()) {
    const r = check(item);
    if (typeof r === 'string') return `${what}[${i}]: ${r}`;
    out.push(r);
  }
  return out;
}

const cost: Check<BuildCost> = (x) => {
  if (!isObj(x) || !isObj(x.hammer) || !isObj(x.saw))
    return 'a cost is { hammer: { bucks, dudes }, saw: { gold, dudes } }';
  const { hammer: h, saw: s } = x;
  if (![h.bucks, h.dudes, s.gold, s.dudes].every((v) => nat(v, 20))) return 'cost amounts are integers 0..20';
  return {
    hammer: { bucks: h.bucks as number, dudes: h.dudes as number },
    saw: { gold: s.gold as number, dudes: s.dudes as number },
  };
};

const buildings: Check<PrintedData['buildings']> = (x) => {
  if (!isObj(x) || BUILDING_IDS.some((id) => !(id in x)) || Object.keys(x).length !== BUILDING_IDS.length)
    return `buildings gives all 16: ${BUILDING_IDS.join(', ')}`;
  const out: Record<string, BuildCost & { vp: number }> = {};
  for (const id of BUILDING_IDS) {
    const c = cost(x[id]);
    if (typeof c === 'string') return `buildings.${id}: ${c}`;
    const vp = (x[id] as Record<string, unknown>).vp;
    if (!nat(vp, 30)) return `buildings.${id}.vp is an integer 0..30`;
    out[id] = { ...c, vp };
  }
  return out as PrintedData['buildings'];
};

const frontierMap: Check<FrontierMap> = (x) => {
  if (!isObj(x)) return 'frontierMap is { spaces, links, lands, chart }';
  const spaces = list(
    x.spaces,
    (s) => {
      if (
        !isObj(s) ||
        typeof s.id !== 'string' ||
        !['TOWN', 'SETTLEMENT', 'HORSESHOE'].includes(s.kind as string)
      )
        return 'a space is { id, kind: TOWN | SETTLEMENT | HORSESHOE, benefit, stop }';
      const benefit = bundle(s.benefit);
      if (typeof benefit === 'string') return benefit;
      const stop = s.stop === null ? null : bundle(s.stop);
      if (typeof stop === 'string') return stop;
      if ((stop === null) !== (s.kind !== 'TOWN')) return 'exactly the Towns have a stop benefit';
      return { id: s.id, kind: s.kind as 'TOWN', benefit, stop };
    },
    'spaces',
  );
  if (typeof spaces === 'string') return spaces;
  const ids = new Set(spaces.map((s) => s.id));
  const towns = new Set(spaces.filter((s) => s.kind === 'TOWN').map((s) => s.id));
  if (ids.size !== spaces.length) return 'space ids are unique';
  for (const t of ['COLOMA', 'HANGTOWN', 'GEORGETOWN', 'FOLSOM', 'AUBURN'])
    if (!towns.has(t)) return `the map has the Town ${t} (RB L563)`;
  const links = list(
    x.links,
    (l) =>
      Array.isArray(l) && l.length === 2 && l.every((e) => ids.has(e as string))
        ? (l as [string, string])
        : 'a link is [spaceId, spaceId]',
    'links',
  );
  if (typeof links === 'string') return links;
  const lands = list(
    x.lands,
    (l) => {
      if (!isObj(l) || typeof l.id !== 'string' || !Array.isArray(l.towns) || l.towns.length === 0)
        return 'a land is { id, towns }';
      if (l.towns.some((t) => !towns.has(t as string) || t === 'COLOMA'))
        return 'a land borders Towns other than Coloma (RB L563)';
      return { id: l.id, towns: l.towns as string[] };
    },
    'lands',
    5,
  );
  if (typeof lands === 'string') return lands;
  const chart = x.chart;
  if (
    !Array.isArray(chart) ||
    chart.length !== 6 ||
    !chart.every((v) => nat(v, 60)) ||
    chart[3] !== 12 ||
    chart[5] !== 25
  )
    return 'chart is 6 VP values for 0..5 Lands with 3 → 12 and 5 → 25 (RB L601, L782)';
  return { spaces, links, lands, chart: chart as number[] };
};

const card: Check<ShootoutCard> = (x) => {
  if (!isObj(x)) return 'a Shootout card is { won: [3 bundles], lost: [3 bundles], deadWon, deadLost }';
  const won = list(x.won, bundle, 'won', 3);
  if (typeof won === 'string') return won;
  const lost = list(x.lost, bundle, 'lost', 3);
  if (typeof lost === 'string') return lost;
  if (!nat(x.deadWon, 12) || !nat(x.deadLost, 12)) return 'deadWon / deadLost are integers 0..12';
  return {
    won: won as ShootoutCard['won'],
    lost: lost as ShootoutCard['lost'],
    deadWon: x.deadWon,
    deadLost: x.deadLost,
  };
};

const METRICS: BridgeMetric[] = [
  'RIVERS',
  'HORSES',
  'BUILDINGS',
  'FRONTIER_TENTS',
  'EVENT_TENTS',
  'GOLD',
  'BARRELS',
  'LODGE_DUDES',
  'BUCKS',
  'GUNMEN_YEARS',
];

const CHECKS: { [K in PrintedSet]: Check<PrintedData[K]> } = {
  buildings,
  hotels: (x) => list(x, cost, 'hotels', 12),
  frontierMap,
  suttersMill: (x) => {
    if (!isObj(x)) return 'suttersMill is { shovel, wheelbarrow }';
    const shovel = bundle(x.shovel);
    const wheelbarrow = bundle(x.wheelbarrow);
    if (typeof shovel === 'string') return `shovel: ${shovel}`;
    if (typeof wheelbarrow === 'string') return `wheelbarrow: ${wheelbarrow}`;
    return { shovel, wheelbarrow };
  },
  playerBoard: (x) => {
    if (!isObj(x)) return 'playerBoard is { canyons, tombs }';
    const canyons = list(
      x.canyons,
      (c) => {
        if (!isObj(c) || !nat(c.vp, 30)) return 'a canyon is { benefit, vp }';
        const b = bundle(c.benefit);
        return typeof b === 'string' ? b : { benefit: b, vp: c.vp };
      },
      'canyons',
      4,
    );
    if (typeof canyons === 'string') return canyons;
    const tombs = x.tombs;
    if (!Array.isArray(tombs) || tombs.length !== 12 || !tombs.every((t) => nat(t, 20)))
      return 'tombs is 12 VP losses, bottom first';
    return { canyons, tombs: tombs as number[] };
  },
  barrels: (x) => {
    const out = list(
      x,
      (b) => {
        if (!isObj(b) || typeof b.id !== 'string' || !nat(b.count, 30))
          return 'a Barrel type is { id, count, use }';
        const use = bundle(b.use);
        return typeof use === 'string' ? use : { id: b.id, count: b.count, use };
      },
      'barrels',
    );
    if (typeof out === 'string') return out;
    if (out.reduce((n, b) => n + b.count, 0) !== 30) return 'the Barrel counts add up to 30 (RB L30)';
    return out;
  },
  goldPools: (x) => {
    if (!isObj(x)) return 'goldPools maps "2".."6" to [spaces worth 1, 2, 3]';
    const out: Record<string, [number, number, number]> = {};
    for (const n of ['2', '3', '4', '5', '6']) {
      const p = x[n];
      if (!Array.isArray(p) || p.length !== 3 || !p.every((v) => nat(v, 30)))
        return `goldPools.${n} is 3 space counts`;
      if ((p as number[]).reduce((a, b) => a + b, 0) + Number(n) > 30)
        return `goldPools.${n}: at most 30 Nuggets with the starting ones (RB L45)`;
      out[n] = p as [number, number, number];
    }
    return out;
  },
  shootout: (x) => {
    if (!isObj(x)) return 'shootout is { yearOutlaws, hideout, rows, cards, printed }';
    const yo = x.yearOutlaws;
    if (!Array.isArray(yo) || yo.length !== 3 || !yo.every((v) => nat(v, 15)) || yo[0] !== 2)
      return 'yearOutlaws is 3 counts starting with 2 (RB L66)';
    if (!Array.isArray(x.hideout) || x.hideout.length !== 5 || !x.hideout.every((v) => nat(v, 5)))
      return 'hideout is 5 Outlaw counts';
    const rows = x.rows;
    if (!Array.isArray(rows) || rows.length < 3 || !rows.every((v) => nat(v, 12) && v > 0) || rows[2] !== 3)
      return 'rows is the row sizes from the Outlaws outward, the third holding 3 (RB L95)';
    const cards = list(x.cards, card, 'cards', 4);
    if (typeof cards === 'string') return cards;
    const printed = card(x.printed);
    if (typeof printed === 'string') return `printed: ${printed}`;
    return {
      yearOutlaws: yo as [number, number, number],
      hideout: x.hideout as number[],
      rows: rows as number[],
      cards,
      printed,
    };
  },
  barkerPrices: (x) =>
    isObj(x) && nat(x.tent, 20) && nat(x.horse, 20)
      ? { tent: x.tent, horse: x.horse }
      : 'barkerPrices is { tent, horse }',
  site2: (x) => {
    if (!isObj(x)) return 'site2 is { river, bridge }';
    const river = cost(x.river);
    const bridge = cost(x.bridge);
    if (typeof river === 'string') return `river: ${river}`;
    if (typeof bridge === 'string') return `bridge: ${bridge}`;
    return { river, bridge };
  },
  bridgeTypes: (x) => {
    const out = list(
      x,
      (b) =>
        isObj(b) &&
        typeof b.id === 'string' &&
        METRICS.includes(b.metric as BridgeMetric) &&
        nat(b.per, 20) &&
        (b.per as number) > 0 &&
        nat(b.vp, 20) &&
        nat(b.max, 60)
          ? {
              id: b.id,
              metric: b.metric as BridgeMetric,
              per: b.per as number,
              vp: b.vp as number,
              max: b.max as number,
            }
          : `a Bridge type is { id, metric: ${METRICS.join(' | ')}, per, vp, max }`,
      'bridgeTypes',
      10,
    );
    if (typeof out === 'string') return out;
    if (new Set(out.map((b) => b.id)).size !== 10) return 'Bridge type ids are unique';
    return out;
  },
};

/** Check one operator-supplied set. */
export function validateSet<K extends PrintedSet>(set: K, raw: unknown): PrintedData[K] | string {
  const r = CHECKS[set](raw);
  return typeof r === 'string' ? `printed.${set}: ${r}` : r;
}
