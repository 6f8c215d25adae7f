/**
 * PLACE_ROAD: a road from the personal reserve, sent at any prompt of the seat ("at any time",
 * §2.2, §13 #14); the prompt stays open. Listed only beside the prompt's own answers.
 */
import { violation } from '../../engine';
import { Codes } from '../codes';
import { bad, type Raw } from '../commands';
import { EDGE_COUNT, edgeId, edgeRef, isEdgeRef, type EdgeRef } from '../data/board';
import { GOVERNOR } from '../data/personalities';
import type { Ctx } from '../ctx';
import { PROMPT_KINDS, type CarsonHandler, type CommandOf } from '../protocol';
import {
  governorParcels,
  holds,
  isBridge,
  isLegalRoadEdge,
  legalRoadEdges,
  newlyConnectedBy,
} from '../rules';
import type { CarsonState } from '../state';

type Road = CommandOf<'PLACE_ROAD'>;

/** Shared, frozen PLACE_ROAD commands (listed at every prompt of a seat holding a road). */
const ROAD_COMMANDS: readonly Road[] = Array.from({ length: EDGE_COUNT }, (_, e) =>
  Object.freeze({ type: 'PLACE_ROAD' as const, edge: Object.freeze(edgeRef(e)) }),
);

function parse(o: Raw): Road | ReturnType<typeof bad> {
  const e = o.edge;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return bad('edge is {dir, x, y}');
  const er = e as Raw;
  if (Object.keys(er).some((k) => !['dir', 'x', 'y'].includes(k))) return bad('edge is {dir, x, y}');
  const edge = { dir: er.dir, x: er.x, y: er.y } as EdgeRef;
  return isEdgeRef(edge) ? { type: 'PLACE_ROAD', edge } : bad('edge outside the grid');
}

/** A road from the reserve: the Yellow Governor's VP for a newly connected parcel (§9.1 #13). */
function decide(ctx: Ctx, seat: number, cmd: Road): void {
  const s = ctx.state;
  const edge = edgeId(cmd.edge);
  const newly = newlyConnectedBy(s, edge);
  // Carson River: a road on a bridge slot is a bridge, 2 roads from the reserve (§10.2).
  const bridge = isBridge(s, edge);
  ctx.emit({
    type: 'ROAD_PLACED',
    seat,
    edge,
    newlyConnected: newly,
    fromReserve: true,
    ...(bridge && { bridge: true as const }),
  });
  // Yellow Governor: +1 VP per road reaching a newly connected parcel, +2 VP for such a
  // bridge (§9.1 #13, §10.2); river parcels are not "new parcels" (governorParcels).
  if (governorParcels(s, newly).length > 0 && holds(s, seat, GOVERNOR, 'YELLOW')) {
    ctx.emit(
      bridge
        ? { type: 'VP', seat, delta: 2, reason: 'GOVERNOR_BRIDGE' }
        : { type: 'VP', seat, delta: 1, reason: 'GOVERNOR_ROAD' },
    );
  }
}

export const PLACE_ROAD: CarsonHandler<Road> = {
  type: 'PLACE_ROAD',
  types: ['PLACE_ROAD'],
  answers: PROMPT_KINDS,
  keys: ['edge'],
  alongside: true,
  parse,
  check(s: CarsonState, seat, cmd) {
    const player = s.players[seat];
    if (player.roads === 0) return violation(Codes.NO_ROADS, 'no road in your reserve');
    const edge = edgeId(cmd.edge);
    if (!isLegalRoadEdge(s, edge))
      return violation(Codes.ILLEGAL_ROAD, 'a road must be free and touch the network');
    if (isBridge(s, edge) && player.roads < 2)
      return violation(Codes.BRIDGE_NEEDS_TWO_ROADS, 'a bridge takes 2 roads from your reserve (§10.2)');
    return null;
  },
  decide,
  // Exactly the edges the check accepts: free and touching the network; a bridge takes 2 roads.
  legal(s, seat) {
    const roads = s.players[seat].roads;
    const out: Road[] = [];
    if (roads === 0) return out;
    const edges = legalRoadEdges(s);
    for (let i = 0; i < edges.length; i++)
      if (roads >= 2 || !isBridge(s, edges[i])) out.push(ROAD_COMMANDS[edges[i]]);
    return out;
  },
  candidates: () => ROAD_COMMANDS.slice(),
};
