/** Pure rule helpers read where the rules apply: the wheel, the Bust, Gold's value, triggers, scoring. */
import { BUILDINGS, type BuildingId, type Trigger } from './data/buildings';
import type { ColomaState, PlayerState } from './state';

export const SITES = [1, 2, 3, 4, 5] as const;
/** RULES.md D1: the Signpost arm lies one Site counterclockwise of the Barker. */
export const SIGNPOST_OFFSET = 1;

const wrap = (site: number): number => ((((site - 1) % 5) + 5) % 5) + 1;

export function barkerSite(s: ColomaState): number {
  return s.round;
}
export function signpostSite(s: ColomaState): number {
  return wrap(s.round - SIGNPOST_OFFSET);
}
/** The Site whose Boom the Signpost copies (counterclockwise-adjacent to it, RB L367). */
export function copiedSite(s: ColomaState): number {
  return wrap(s.round - SIGNPOST_OFFSET - 1);
}

/** Does `site` Bust this Round (its own Boom covered, or the Signpost copying the Bust, RB L383)? */
export function busts(s: ColomaState, site: number): boolean {
  return s.bust === site || (site === signpostSite(s) && s.bust === copiedSite(s));
}

/**
 * The Boom a Pioneer on `site` may take: 'BARKER', a main Site's number (the Signpost copies
 * another Site's), or null when Bust (RULES.md §2.3, D3, D4).
 */
export function boomOf(s: ColomaState, site: number): number | 'BARKER' | null {
  if (busts(s, site)) return null;
  if (site === barkerSite(s)) return 'BARKER';
  if (site === signpostSite(s)) return copiedSite(s);
  return site;
}

/** The Common a Pioneer on `site` may take. */
export function commonOf(s: ColomaState, site: number): number | 'BARKER' {
  return site === barkerSite(s) ? 'BARKER' : site;
}

/** RULES.md §2.6: the Site with strictly most Pioneers (Buster, Mules included), else the Signpost's. */
export function bustSite(s: ColomaState, placed: number[]): number {
  const counts = SITES.map((site) => placed.filter((p) => p === site).length);
  const most = Math.max(...counts);
  const at = SITES.filter((_, i) => counts[i] === most);
  return at.length === 1 ? at[0] : signpostSite(s);
}

export const muleDuel = (s: ColomaState): boolean => s.options.modules.includes('MULE_DUEL');

/** Seats in table order from the Sheriff (RB L237). */
export function fromSheriff(s: ColomaState): number[] {
  return Array.from({ length: s.seatCount }, (_, i) => (s.sheriff + i) % s.seatCount);
}

/** RB L234-L237: Sites 1..5, and on a Site from the Sheriff clockwise. */
export function turnOrder(s: ColomaState, sites: number[]): number[] {
  const order = fromSheriff(s);
  return SITES.flatMap((site) => order.filter((seat) => sites[seat] === site));
}

/** RULES.md §2.5: the value of the lowest pool with an empty space; a full supply is worth 3 (D7). */
export function goldValue(s: ColomaState): number {
  const caps = s.data.goldPools[String(s.seatCount)];
  for (let i = 0; i < 3; i++) if (s.gold[i] < caps[i]) return i + 1;
  return 3;
}

export function goldInSupply(s: ColomaState): number {
  return s.gold[0] + s.gold[1] + s.gold[2];
}

/** Does `trigger` fire for the current turn (RULES.md §3.5; DATA `triggers`)? */
export function triggerActive(s: ColomaState, trigger: Trigger): boolean {
  const t = s.turn;
  if (!t) return false;
  const common = commonOf(s, t.site);
  const boom = boomOf(s, t.site);
  const main = common !== 'BARKER';
  switch (trigger) {
    case 'SHOVEL':
      return common === 1;
    case 'WHEELBARROW':
      return (common === 1 && boom === 1) || t.allWheelbarrows;
    case 'SITE_2_HAMMER':
    case 'SITE_3_HAMMER':
    case 'SITE_4_WAGON':
    case 'SITE_5_PLACE_DUDES':
      return common === Number(trigger[5]);
    case 'SITE_2_BUST':
    case 'SITE_3_BUST':
    case 'SITE_4_BUST':
    case 'SITE_5_BUST':
      return main && t.site === Number(trigger[5]) && busts(s, t.site);
    case 'SITE_5_BOOM':
      return common === 5 && boom === 5;
    case 'BARKER':
      return !main;
    case 'HIDEOUT_BARREL':
      return !main && t.barrelsTaken > 0;
  }
}

/** Can `card` fire at all this turn (built earlier, on the Pioneer's Site; Foundry lifts the Site for Wheelbarrows)? */
export function cardOnSite(s: ColomaState, card: BuildingId, trigger: Trigger): boolean {
  const t = s.turn!;
  if (t.built.includes(card)) return false;
  const site = BUILDINGS[card].site;
  if (trigger === 'WHEELBARROW' && t.allWheelbarrows) return true;
  const common = commonOf(s, t.site);
  return site === 'BARKER' ? common === 'BARKER' : common === site;
}

export function gunmenOf(s: ColomaState, holder: number | 'NEUTRAL'): number {
  return s.rows.reduce<number>((n, h, i) => n + (h === holder ? s.data.shootout.rows[i] : 0), 0);
}

/** RULES.md §4.8: the final score and its parts. */
export function scoreOf(s: ColomaState, p: PlayerState): { total: number; parts: Record<string, number> } {
  const d = s.data;
  const metric: Record<string, number> = {
    RIVERS: p.rivers,
    HORSES: p.horses,
    BUILDINGS: p.tableau.length,
    FRONTIER_TENTS: p.lands.length,
    EVENT_TENTS: p.eventTents.length,
    GOLD: p.gold,
    BARRELS: p.barrels.length,
    LODGE_DUDES: p.dudes,
    BUCKS: p.bucks,
    GUNMEN_YEARS: p.gunmenYears,
  };
  const parts = {
    play: p.vp,
    buildings: p.tableau.reduce((n, c) => n + d.buildings[c].vp, 0),
    canyons: d.playerBoard.canyons.slice(0, p.rivers).reduce((n, c) => n + c.vp, 0),
    frontier: d.frontierMap.chart[p.lands.length],
    graveyard: -d.playerBoard.tombs.slice(0, p.dead).reduce((n, t) => n + t, 0),
    bridges: p.bridges.reduce((n, id) => {
      const b = d.bridgeTypes.find((x) => x.id === id)!;
      return n + Math.min(b.max, Math.floor(metric[b.metric] / b.per) * b.vp);
    }, 0),
    hotels: 8 * p.hotels.length, // RB L632
  };
  return { total: Object.values(parts).reduce((a, b) => a + b, 0), parts };
}

type FrontierMap = ColomaState['data']['frontierMap'];
type MapIndex = { spaces: Map<string, FrontierMap['spaces'][number]>; links: Map<string, string[]> };
/** Per map (the printed data is never changed after setup): spaces by id, neighbours by id. */
const mapIndexes = new WeakMap<FrontierMap, MapIndex>();

function mapIndex(map: FrontierMap): MapIndex {
  let index = mapIndexes.get(map);
  if (!index) {
    const links = new Map<string, string[]>();
    const add = (a: string, b: string) => links.set(a, [...(links.get(a) ?? []), b]);
    for (const [a, b] of map.links) {
      add(a, b);
      add(b, a);
    }
    index = { spaces: new Map(map.spaces.map((x) => [x.id, x])), links };
    mapIndexes.set(map, index);
  }
  return index;
}

export function mapSpace(s: ColomaState, id: string) {
  return mapIndex(s.data.frontierMap).spaces.get(id);
}

/** The spaces linked to `id`, in the order of the map's links (a fresh array). */
export function neighbours(s: ColomaState, id: string): string[] {
  return [...(mapIndex(s.data.frontierMap).links.get(id) ?? [])];
}
