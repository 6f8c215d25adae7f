/**
 * The REST mirror of the typed GraphQL mutations: one route per game command,
 * `POST /api/games/{id}/{game}/{command}` with the command's fields as the JSON body, e.g.
 * `POST /api/games/{id}/carson-city/place-cowboy {"target": {"kind": "ACTION", "action": "WAGES"}}`.
 * The table below is the single description of those routes (paths, engine command types,
 * OpenAPI body schemas); the engine validates the fields.
 */
import type { SchemaObject } from '@nestjs/swagger';

export interface TypedCommandRoute {
  game: string;
  /** kebab-case path segment */
  path: string;
  /** the engine's command type */
  type: string;
  summary: string;
  /** body fields (besides expectedVersion and commandId) */
  fields: Record<string, SchemaObject>;
  required?: string[];
}

const int: SchemaObject = { type: 'integer' };
const bool: SchemaObject = { type: 'boolean' };
const str: SchemaObject = { type: 'string' };
const intList: SchemaObject = { type: 'array', items: { type: 'integer' } };
const parcel: SchemaObject = {
  type: 'object',
  required: ['c', 'r'],
  properties: {
    c: { type: 'integer', minimum: 1, maximum: 8 },
    r: { type: 'integer', minimum: 1, maximum: 8 },
  },
};
const edge: SchemaObject = {
  type: 'object',
  required: ['dir', 'x', 'y'],
  properties: { dir: { type: 'string', enum: ['H', 'V'] }, x: int, y: int },
};
const target: SchemaObject = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['ACTION', 'PARCEL', 'BUILDING', 'STABLE'] },
    action: str,
    parcel,
    stable: { type: 'integer', minimum: 1, maximum: 5 },
  },
};
const stable: SchemaObject = { type: 'integer', minimum: 1, maximum: 5 };

const cc = (
  path: string,
  type: string,
  summary: string,
  fields: Record<string, SchemaObject> = {},
  required = Object.keys(fields),
) => ({ game: 'carson-city', path, type, summary, fields, required }) satisfies TypedCommandRoute;
const bang = (
  path: string,
  type: string,
  summary: string,
  fields: Record<string, SchemaObject> = {},
  required = Object.keys(fields),
) => ({ game: 'bang-dice', path, type, summary, fields, required }) satisfies TypedCommandRoute;

const gwt = (
  path: string,
  type: string,
  summary: string,
  fields: Record<string, SchemaObject> = {},
  required = Object.keys(fields),
) => ({ game: 'great-western-trail', path, type, summary, fields, required }) satisfies TypedCommandRoute;
const strList: SchemaObject = { type: 'array', items: str };
const col = (
  path: string,
  type: string,
  summary: string,
  fields: Record<string, SchemaObject> = {},
  required = Object.keys(fields),
) => ({ game: 'coloma', path, type, summary, fields, required }) satisfies TypedCommandRoute;
const tool: SchemaObject = { type: 'string', enum: ['HAMMER', 'SAW'] };
const deckEnd: SchemaObject = { type: 'string', enum: ['TOP', 'BOTTOM'] };
const nullableInt: SchemaObject = { type: 'integer', nullable: true };
const nullableStr: SchemaObject = { type: 'string', nullable: true };

export const TYPED_COMMAND_ROUTES: TypedCommandRoute[] = [
  bang('choose-character', 'CHOOSE_CHARACTER', 'Keep one of your two dealt characters.', { character: str }),
  bang('roll-dice', 'ROLL_DICE', 'The first roll of your turn.'),
  bang('reroll-dice', 'REROLL_DICE', 'Reroll these dice (indices 0-4).', { dice: intList }),
  bang('keep-dice', 'KEEP_DICE', 'Stop rolling and resolve.'),
  bang(
    'resolve-dice',
    'RESOLVE_DICE',
    'Assign shots (then beers) to seats.',
    {
      assignments: {
        type: 'array',
        items: {
          type: 'object',
          required: ['die', 'target'],
          properties: { die: int, target: int, swap: bool },
        },
      },
      slabDouble: {
        type: 'object',
        required: ['beerDie', 'shotDie'],
        properties: { beerDie: int, shotDie: int },
      },
    },
    ['assignments'],
  ),
  bang('sid-ketchum-heal', 'SID_KETCHUM_HEAL', 'Sid Ketchum: heal a seat by 1.', { target: int }),
  bang('bart-cassidy-take-arrows', 'BART_CASSIDY_TAKE_ARROWS', 'Bart Cassidy: take arrows instead of life.', {
    count: int,
  }),
  bang('pedro-ramirez-discard', 'PEDRO_RAMIREZ_DISCARD', 'Pedro Ramirez: discard arrows when hit.', {
    count: int,
  }),
  bang('kit-carlson-discard', 'KIT_CARLSON_DISCARD', 'Kit Carlson: discard arrows from these seats.', {
    from: intList,
  }),

  cc('choose-starting-parcel', 'CHOOSE_STARTING_PARCEL', 'Setup draft: take a starting parcel.', { parcel }),
  cc(
    'pick-character',
    'PICK_CHARACTER',
    'Phase 1: take a personality.',
    { personality: int, side: { type: 'string', enum: ['YELLOW', 'RED'] } },
    ['personality'],
  ),
  cc(
    'place-cowboy',
    'PLACE_COWBOY',
    'Phase 2: place a cowboy.',
    { target, white: bool, noDuel: bool, dynamite: bool, extra: bool },
    ['target'],
  ),
  cc('pass', 'PASS', 'Phase 2: pass.'),
  cc(
    'relocate-cowboy',
    'RELOCATE_COWBOY',
    'Kit Carson phase 2: move one of your placed cowboys (white/dynamite pick which) to another location.',
    { from: target, to: target, white: bool, dynamite: bool },
    ['from', 'to'],
  ),
  cc(
    'withdraw-cowboy',
    'WITHDRAW_COWBOY',
    'Kit Carson phase 2: take one of your placed cowboys back (white/dynamite pick which).',
    { from: target, white: bool, dynamite: bool },
    ['from'],
  ),
  cc('lock', 'LOCK', 'Kit Carson phase 2: done placing this round; take the next pass-order space.'),
  cc('place-road', 'PLACE_ROAD', 'At any of your prompts: place a road from your reserve.', { edge }),
  cc('choose-duel-order', 'CHOOSE_DUEL_ORDER', 'Resolve the duel at this parcel next.', { parcel }),
  cc('buy-parcel', 'BUY_PARCEL', 'Buy the parcel won in step 5.'),
  cc('buy-building', 'BUY_BUILDING', 'Buy the building of the square won.'),
  cc('decline-action', 'DECLINE_ACTION', 'Decline the offered purchase, choice or bid.'),
  cc('build-pending', 'BUILD_PENDING', 'Build a pending building on your parcel.', { building: str, parcel }),
  cc('keep-pending', 'KEEP_PENDING', 'Keep the remaining buildings pending.'),
  cc('place-house', 'PLACE_HOUSE', "Add a building's House, or flip a House to a Town House.", {
    parcel,
    townHouse: bool,
  }),
  cc('cancel-build', 'CANCEL_BUILD', 'Give up this construction.'),
  cc('answer-consent', 'ANSWER_CONSENT', "Allow or refuse another player's House on your parcel.", {
    accept: bool,
  }),
  cc('buy-vp', 'BUY_VP', "Buy VP at the square's price.", { count: int }),
  cc('spend-cash', 'SPEND_CASH', 'Spend cash over your limit.', { amount: int }),
  cc('place-town-hall', 'PLACE_TOWN_HALL', 'Put the Town Hall on this parcel.', { parcel }),
  cc(
    'choose-option',
    'CHOOSE_OPTION',
    "Answer a personality's menu (Outlaws: the next outlaw to move, or VP/ATTACK).",
    {
      option: str,
    },
  ),
  cc('choose-parcel', 'CHOOSE_PARCEL', 'Choose one of the parcels offered.', { parcel }),
  cc('take-building', 'TAKE_BUILDING', 'Red Chinese Worker: take the building of square 0-6.', {
    square: int,
  }),
  cc('bid', 'BID', "Auctioneer's auction: bid.", { amount: int }),
  cc('move-cowboy', 'MOVE_COWBOY', 'Doctor: move the defeated cowboy to an action square.', { action: str }),
  cc('stable-horse', 'STABLE_HORSE', 'Horses module: put a horse from your supply into a stable.', {
    stable,
  }),
  cc('buy-horse', 'BUY_HORSE', 'Horses module (Wages): pay $4 for a horse into a stable.', { stable }),
  cc(
    'move-placed-cowboy',
    'MOVE_PLACED_COWBOY',
    'Horses module (stable 2): move a placed cowboy, or back to your reserve without `to`.',
    { from: target, to: target },
    ['from'],
  ),
  cc('choose-duel-tile', 'CHOOSE_DUEL_TILE', 'Might is Right module: your sealed duel tile(s).', {
    tiles: intList,
  }),
  cc(
    'fill-sheet',
    'FILL_SHEET',
    'A New Beginning module: your secret sheet (omitted fields count as 0/false).',
    {
      cowboys: int,
      revolvers: int,
      roads: int,
      parcels: int,
      vp: { type: 'integer', enum: [-10, -5, 0, 5, 10] },
      influential: bool,
      greatService: bool,
      marksman: bool,
      bid: int,
    },
    [],
  ),
  cc('choose-duel-die', 'CHOOSE_DUEL_DIE', 'A New Beginning (Marksman): the die or dice to keep.', {
    dice: intList,
  }),

  gwt('start-at', 'START_AT', 'First turn: put your herder on a neutral building (e.g. N-A).', {
    location: str,
  }),
  gwt(
    'move-herder',
    'MOVE_HERDER',
    'Phase A: move along `path` (every trail node entered, destination last).',
    { path: strList },
  ),
  gwt('use-action', 'USE_ACTION', "Phase B: use the location's local action `index`.", { index: int }),
  gwt(
    'use-auxiliary',
    'USE_AUXILIARY',
    "An auxiliary action AUX1..AUX5: single instead of a location's local actions, or single/double when an action offers one.",
    { action: str, double: bool },
    ['action'],
  ),
  gwt('end-turn', 'END_TURN', 'End phase B; phase C refills your hand.'),
  gwt('skip', 'SKIP', 'Decline the optional decision asked now.'),
  gwt('use-exchange-token', 'USE_EXCHANGE_TOKEN', 'Return an exchange token: draw 2 cards, then discard 2.'),
  gwt('discard', 'DISCARD', 'Discard these cards (down to 4 on the first turn, or after drawing).', {
    cards: strList,
  }),
  gwt(
    'discard-for-reward',
    'DISCARD_FOR_REWARD',
    'Discard the cards an action asks for, to get its reward.',
    { cards: strList },
  ),
  gwt('choose-one', 'CHOOSE_ONE', 'Take option `option` of a choose-one action.', { option: int }),
  gwt('draw-cards', 'DRAW_CARDS', "Draw this many cards (up to the action's number), then discard as many.", {
    count: int,
  }),
  gwt('remove-cards', 'REMOVE_CARDS', 'Remove these cards in hand from the game.', { cards: strList }),
  gwt(
    'take-objective',
    'TAKE_OBJECTIVE',
    'Take a display objective card (its id) or the top of the deck (null).',
    { card: nullableStr },
  ),
  gwt('play-objective', 'PLAY_OBJECTIVE', 'Play an objective card from your hand.', { card: str }),
  gwt('objective-action', 'OBJECTIVE_ACTION', 'Do the immediate action of the objective card just played.'),
  gwt(
    'choose-final-objectives',
    'CHOOSE_FINAL_OBJECTIVES',
    'At the end: the objective cards of your deck to add to your objective area; the others leave the game.',
    { add: strList },
  ),
  gwt('hire-worker', 'HIRE_WORKER', 'Hire the worker at job-market row/col (0-based).', {
    row: int,
    col: int,
  }),
  gwt('buy-cattle', 'BUY_CATTLE', 'One purchase: buying option `option` (index) for these market cards.', {
    option: int,
    cards: strList,
  }),
  gwt('draw-market-cards', 'DRAW_MARKET_CARDS', 'Spend an unused cowboy to draw 2 market cards.'),
  gwt('place-building', 'PLACE_BUILDING', 'Place (or replace one of yours with) a player building.', {
    building: str,
    location: str,
  }),
  gwt(
    'use-adjacent-building',
    'USE_ADJACENT_BUILDING',
    'Building 6b: use the adjacent building at this location.',
    { location: str },
  ),
  gwt(
    'use-adjacent-action',
    'USE_ADJACENT_ACTION',
    'Building 6b: use local action `index` of the adjacent building.',
    { index: int },
  ),
  gwt('collect-bounty', 'COLLECT_BOUNTY', 'Take the bandit at this slot and its bounty.', { location: str }),
  gwt('remove-hazard', 'REMOVE_HAZARD', 'Take the hazard at this trail slot.', { location: str }),
  gwt('move-herder-forward', 'MOVE_HERDER_FORWARD', "An action's herder move along `path`.", {
    path: strList,
  }),
  gwt(
    'move-train',
    'MOVE_TRAIN',
    'Stop your engine on track position `to` (n, or n.5 for a station turnout).',
    { to: { type: 'number' } },
  ),
  gwt(
    'upgrade-station',
    'UPGRADE_STATION',
    'Upgrade the station with this disc (a board disc, or a station id to move your disc from); `station` only for building 9b.',
    { disc: str, station: str },
    ['disc'],
  ),
  gwt(
    'take-station-master',
    'TAKE_STATION_MASTER',
    'Take the station master, paying the rightmost worker of this row.',
    {
      worker: { type: 'string', enum: ['cowboy', 'craftsman', 'engineer'] },
    },
  ),
  gwt('foresight', 'FORESIGHT', 'Kansas City foresight: take tile `index` (0 or 1) of the current column.', {
    index: int,
  }),
  gwt(
    'spend-certificates',
    'SPEND_CERTIFICATES',
    'Kansas City income: spend this many temporary certificates.',
    { count: int },
  ),
  gwt(
    'upgrade-simmental',
    'UPGRADE_SIMMENTAL',
    'Simmental variant: upgrade this many level-1 and level-2 Simmentals.',
    {
      fromLevel1: int,
      fromLevel2: int,
    },
  ),
  gwt(
    'deliver',
    'DELIVER',
    'Kansas City delivery: deliver to `city` with this disc (a disc id, a station id, or null).',
    {
      city: str,
      disc: nullableStr,
    },
    ['city'],
  ),
  col(
    'return-opening',
    'RETURN_OPENING',
    'Opening: return 2 of your 6 cards, each to the deck TOP or BOTTOM.',
    {
      cards: strList,
      to: { type: 'array', items: deckEnd },
    },
  ),
  col('spend-gold', 'SPEND_GOLD', 'Event 5: spend this much Gold (0-2) for 3 VP each.', { gold: int }),
  col(
    'dial',
    'DIAL',
    "Set your secret Dial to a Site 1-5 (and your Mule's in the Mule Duel).",
    { site: int, mule: nullableInt },
    ['site'],
  ),
  col('shovel', 'SHOVEL', "Site 1 Common: Sutter's Mill's Shovel."),
  col('wheelbarrow', 'WHEELBARROW', "Site 1 Boom: Sutter's Mill's Wheelbarrow."),
  col(
    'buy',
    'BUY',
    'Barker Common: buy Tents and Horses; `gold` Nuggets paid as Bucks.',
    { tents: int, horses: int, gold: int },
    ['tents', 'horses'],
  ),
  col(
    'take-barrel',
    'TAKE_BARREL',
    'Barker Boom: a Barrel from Hideout space `from` (0 = face-down stack).',
    { from: int },
  ),
  col(
    'explore-river',
    'EXPLORE_RIVER',
    'Site 2: explore a River with the HAMMER or the SAW.',
    { tool, gold: int },
    ['tool'],
  ),
  col(
    'build-bridge',
    'BUILD_BRIDGE',
    'Site 2: build a Bridge of this type.',
    { tool, bridge: str, gold: int },
    ['tool', 'bridge'],
  ),
  col('build', 'BUILD', 'Site 3: build a Town Building from your hand.', { tool, card: str, gold: int }, [
    'tool',
    'card',
  ]),
  col('build-hotel', 'BUILD_HOTEL', 'Hotel module, Site 3: build the top Hotel.', { tool, gold: int }, [
    'tool',
  ]),
  col('hotel-guests', 'HOTEL_GUESTS', 'Hotel module, Site 5: Dudes into empty Hotel rooms, 2 VP each.', {
    dudes: int,
  }),
  col(
    'wagon',
    'WAGON',
    "Site 4: a Wagon action along `path`; `stopBenefit` takes the final Town's Stop benefit.",
    { path: strList, stopBenefit: bool },
    ['path'],
  ),
  col(
    'place-gunmen',
    'PLACE_GUNMEN',
    'Site 5: fill Shootout row `row` (0 = nearest the Outlaws) with Gunmen.',
    { row: int },
  ),
  col(
    'place-tent',
    'PLACE_TENT',
    'Site 5: a Tent on an Event (1-5) or a Frontier Land.',
    { event: nullableInt, land: nullableStr },
    [],
  ),
  col('gain-tent', 'GAIN_TENT', 'Site 5 Boom: gain 1 Tent.'),
  col(
    'ability',
    'ABILITY',
    'Use ability `index` (0|1) of a Town Building in your tableau.',
    {
      card: str,
      index: int,
      gold: int,
      discard: nullableStr,
      to: deckEnd,
      event: nullableInt,
      land: nullableStr,
      from: nullableInt,
    },
    ['card', 'index'],
  ),
  col('use-barrel', 'USE_BARREL', 'Use your unused Barrel at `index`.', { index: int }),
  col('rob', 'ROB', 'Robber: a Wagon action, without moving, for 3 Mine-Cart Gold.'),
  col('homestead', 'HOMESTEAD', 'Homesteader: a Tent builds this card from hand at its Saw cost.', {
    card: str,
  }),
  col(
    'maverick',
    'MAVERICK',
    'Maverick: discard a card for 1 BUCKS or 1 DUDES.',
    { discard: str, to: deckEnd, gain: { type: 'string', enum: ['BUCKS', 'DUDES'] } },
    ['discard', 'gain'],
  ),
  col('vigilante', 'VIGILANTE', 'Vigilante: discard a used Barrel to fill Shootout row `row`.', { row: int }),
  col('finish-turn', 'FINISH_TURN', 'End your turn.'),
];
