/**
 * HEURISTIC: one-ply priorities from the seat's view. Dial for the Site whose actions it can pay
 * for now (build > Bridge / River > Gunmen and Tents > Wagon > the Barker > Site 1), then on its turn
 * take the action worth most by a fixed order (VP-bearing builds first), never ending the turn while
 * something useful is left. Secrets are never read: only the view and the legal commands.
 */
import type { BotDecision, BotInput, GameBot } from '../../bots';
import type { ColomaCommand } from '../commands';
import type { ColomaView } from '../view';

type Input = BotInput<ColomaView, ColomaCommand>;

/** Higher first; commands not listed (and FINISH_TURN) come last. */
const ORDER: ColomaCommand['type'][] = [
  'BUILD',
  'BUILD_HOTEL',
  'HOMESTEAD',
  'BUILD_BRIDGE',
  'EXPLORE_RIVER',
  'PLACE_TENT',
  'PLACE_GUNMEN',
  'VIGILANTE',
  'HOTEL_GUESTS',
  'SHOVEL',
  'WHEELBARROW',
  'ABILITY',
  'GAIN_TENT',
  'ROB',
  'WAGON',
  'BUY',
  'USE_BARREL',
  'TAKE_BARREL',
  'MAVERICK',
];

/** The HEURISTIC's priority of a turn command (higher first). */
export function rank(c: ColomaCommand, v: ColomaView): number {
  const i = ORDER.indexOf(c.type);
  let score = i < 0 ? 0 : 100 * (ORDER.length - i);
  if ('gold' in c && typeof c.gold === 'number') score -= 5 * c.gold; // keep Gold for Saw costs
  if (c.type === 'PLACE_TENT') score += c.land !== null ? 20 : v.year === 1 ? 0 : -1000; // Event Tents pay early only
  if (c.type === 'WAGON') score += c.path.length + (c.stopBenefit ? 1 : 0);
  if (c.type === 'BUY') score += 3 * c.horses + c.tents;
  if (c.type === 'TAKE_BARREL') score -= v.outlaws; // more Outlaws hurt everyone
  if (c.type === 'ABILITY' && c.discard !== null) score -= 150; // a discard costs a future build
  return score;
}

/** The Site the HEURISTIC dials for `seat`. */
export function dialFor(v: ColomaView, seat: number): number {
  const me = v.players[seat];
  const money = me.bucks + me.gold * 2;
  const cheapest = Math.min(...(me.hand ?? []).map((c) => v.data.buildings[c].hammer.bucks), 99);
  if (me.dudes >= 1 && money >= cheapest) return 3;
  if (
    me.rivers < 4 &&
    me.dudes >= v.data.site2.river.hammer.dudes &&
    me.bucks >= v.data.site2.river.hammer.bucks
  )
    return 2;
  if (me.tents > 0 || me.dudes >= 3) return 5;
  if (me.horses >= 2) return 4;
  return v.round === 1 ? 2 : 1;
}

function choose({ seat, view, legal, rng }: Input): BotDecision<ColomaCommand> {
  const kind = legal[0].type;
  if (kind === 'DIAL') {
    const site = dialFor(view, seat);
    const options = legal.filter((c) => c.type === 'DIAL' && c.site === site);
    return { command: options.length ? rng.pick(options) : legal[0], explanation: `dial Site ${site}` };
  }
  if (kind === 'SPEND_GOLD') {
    const most = legal.reduce((a, b) =>
      (b as { gold: number }).gold > (a as { gold: number }).gold ? b : a,
    );
    return { command: most, explanation: 'Gold for VP' };
  }
  if (kind === 'RETURN_OPENING') {
    const bottom = legal.filter((c) => c.type === 'RETURN_OPENING' && c.to.every((t) => t === 'BOTTOM'));
    return { command: rng.pick(bottom.length ? bottom : legal), explanation: 'two cards to the bottom' };
  }
  const best = Math.max(...legal.map((c) => rank(c, view)));
  const top = legal.filter((c) => rank(c, view) === best);
  return { command: rng.pick(top), explanation: `priority ${top[0].type}` };
}

export const colomaHeuristicBot: GameBot<ColomaView, ColomaCommand> = { level: 'HEURISTIC', choose };
