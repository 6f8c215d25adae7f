/** The Hotel building module (RB L614-L632, RULES.md §5.3). */
import type { ColomaCommand } from './commands';
import { emit, fail, grant, paid, payment } from './ctx';
import { choicesFor, payFor, sectionOf, sectionOpen, siteAction, TOOLS, toolCost } from './actions';
import type { Handler } from './protocol';
import { commonOf } from './rules';
import type { ColomaState } from './state';

type Of<T extends ColomaCommand['type']> = Extract<ColomaCommand, { type: T }>;

const hotelsOn = (s: ColomaState) => s.options.modules.includes('HOTELS');
/** 2 rooms per Hotel (RB L628). */
const freeRooms = (s: ColomaState, seat: number) =>
  2 * s.players[seat].hotels.length - s.players[seat].guests;

export const buildHotel: Handler<Of<'BUILD_HOTEL'>> = {
  type: 'BUILD_HOTEL',
  answers: ['TURN'],
  check: (s, seat, c) => {
    if (!hotelsOn(s)) return fail('NOT_AVAILABLE', 'Hotels are an optional module, not in this game');
    if (s.hotelStack.length === 0) return fail('ILLEGAL_TARGET', 'no Hotel is left (RB L626)');
    return (
      sectionOpen(s, sectionOf(c.tool), 3) ??
      payFor(s, seat, c.tool, toolCost(c.tool, s.data.hotels[s.hotelStack[0]]), c.gold)
    );
  },
  decide: (ctx, seat, c) => {
    const s = ctx.state;
    const hotel = s.hotelStack[0];
    const amounts = payment(s, s.players[seat], toolCost(c.tool, s.data.hotels[hotel]), c.gold);
    siteAction(ctx, seat, sectionOf(c.tool), c.tool);
    paid(ctx, seat, amounts as object, 'HOTEL');
    emit(ctx, { type: 'HOTEL_BUILT', seat, hotel, tool: c.tool });
  },
  legal: (s, seat) =>
    !hotelsOn(s) || s.hotelStack.length === 0
      ? []
      : TOOLS.flatMap((tool) =>
          choicesFor(s, seat, tool, toolCost(tool, s.data.hotels[s.hotelStack[0]])).map((gold) => ({
            type: 'BUILD_HOTEL' as const,
            tool,
            gold,
          })),
        ),
};

export const hotelGuests: Handler<Of<'HOTEL_GUESTS'>> = {
  type: 'HOTEL_GUESTS',
  answers: ['TURN'],
  check: (s, seat, c) => {
    if (!hotelsOn(s)) return fail('NOT_AVAILABLE', 'Hotels are an optional module, not in this game');
    if (commonOf(s, s.turn!.site) !== 5)
      return fail('NOT_AVAILABLE', "guests check in with Site 5's Common (RB L628)");
    if (c.dudes > freeRooms(s, seat)) return fail('LIMIT', 'each Hotel holds 2 Dudes (RB L628)');
    if (c.dudes > s.players[seat].dudes) return fail('INSUFFICIENT', 'not enough Dudes in your Lodge');
    return null;
  },
  decide: (ctx, seat, c) => {
    siteAction(ctx, seat, 'COMMON', 'HOTEL_GUESTS');
    emit(ctx, { type: 'GUESTS_CHECKED_IN', seat, dudes: c.dudes });
    grant(ctx, seat, { vp: 2 * c.dudes }, 'HOTEL');
  },
  legal: (s, seat) =>
    Array.from({ length: Math.max(0, freeRooms(s, seat)) }, (_, i) => ({
      type: 'HOTEL_GUESTS',
      dudes: i + 1,
    })),
};
