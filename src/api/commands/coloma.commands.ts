/**
 * The command table of Coloma (Deluxe). Which commands are legal now is in Game.legalCommands,
 * and src/games/coloma/README.md lists what each answers. Ids (Town Buildings, Bridge types,
 * Frontier spaces and Lands) are the engine's and checked by it.
 */
import { BOOL, INT, STR, command, field, list, oneOf, optional, type CommandTable } from './table';

const tool = field(oneOf(['HAMMER', 'SAW']), 'HAMMER or SAW: which cost to pay.');
const deckEnd = oneOf(['TOP', 'BOTTOM']);
const gold = optional(INT, 'Gold Nuggets paid as Bucks (default 0).');
const card = (description: string) => field(STR, description);
const row = field(INT, 'Shootout row, 0 = nearest the Outlaws.');
const nullable = { nullable: true };

export const COLOMA_COMMANDS: CommandTable = {
  game: 'coloma',
  commands: [
    command('RETURN_OPENING', 'Coloma opening: return 2 of your 6 cards, each to the deck TOP or BOTTOM.', {
      cards: field(list(STR), 'The 2 Town Building ids returned.'),
      to: field(list(deckEnd), 'For each card: TOP or BOTTOM of the deck.'),
    }),
    command('SPEND_GOLD', 'Coloma Event 5: spend this much Gold (0-2) for 3 VP each.', {
      gold: field(INT, 'Gold to spend, 0-2.'),
    }),
    command('DIAL', "Coloma: set your secret Dial to a Site 1-5 (and your Mule's in the Mule Duel).", {
      site: field(INT, 'Your Site, 1-5.'),
      mule: optional(INT, "Mule Duel only: your Mule's Site, 1-5.", nullable),
    }),
    command('SHOVEL', "Coloma Site 1 Common: Sutter's Mill's Shovel."),
    command('WHEELBARROW', "Coloma Site 1 Boom: Sutter's Mill's Wheelbarrow."),
    command('BUY', 'Coloma Barker Common: buy Tents and Horses, `gold` Nuggets paid as Bucks.', {
      tents: field(INT, 'Tents to buy, 0-8.'),
      horses: field(INT, 'Horses to buy, 0-6.'),
      gold,
    }),
    command(
      'TAKE_BARREL',
      'Coloma Barker Boom: take a Barrel from Hideout space `from` (0 = face-down stack).',
      {
        from: field(INT, 'Hideout space 0-4 (0 = the face-down stack).'),
      },
    ),
    command('EXPLORE_RIVER', 'Coloma Site 2: explore a River with the HAMMER or the SAW.', { tool, gold }),
    command('BUILD_BRIDGE', 'Coloma Site 2: build a Bridge of this type with the HAMMER or the SAW.', {
      tool,
      bridge: field(STR, 'The Bridge type.'),
      gold,
    }),
    command('BUILD', 'Coloma Site 3: build a Town Building from your hand (HAMMER or SAW cost).', {
      tool,
      card: card('The Town Building id in your hand.'),
      gold,
    }),
    command('BUILD_HOTEL', 'Coloma Hotel module, Site 3: build the top Hotel (HAMMER or SAW cost).', {
      tool,
      gold,
    }),
    command('HOTEL_GUESTS', 'Coloma Hotel module, Site 5: Dudes into empty Hotel rooms, 2 VP each.', {
      dudes: field(INT, 'How many Dudes, 1-24.'),
    }),
    command(
      'WAGON',
      "Coloma Site 4: a Wagon action along `path`; `stopBenefit` takes the final Town's Stop benefit.",
      {
        path: field(list(STR), 'The spaces entered, in order.'),
        stopBenefit: optional(BOOL, "Take the final Town's Stop benefit."),
      },
    ),
    command('PLACE_GUNMEN', 'Coloma Site 5: fill Shootout row `row` (0 = nearest the Outlaws) with Gunmen.', {
      row,
    }),
    command('PLACE_TENT', 'Coloma Site 5: a Tent from your Lodge on an Event (1-5) or a Frontier Land.', {
      event: optional(INT, 'The Event 1-5 (or give `land`).', nullable),
      land: optional(STR, 'The Frontier Land id (or give `event`).', nullable),
    }),
    command('GAIN_TENT', 'Coloma Site 5 Boom: gain 1 Tent.'),
    command(
      'ABILITY',
      'Coloma: use ability `index` (0|1) of a Town Building in your tableau, with what its cost or effect names.',
      {
        card: card('The Town Building id in your tableau.'),
        index: field(INT, 'Which of its abilities, 0 or 1.'),
        gold,
        discard: optional(STR, 'The card a discard cost returns.', nullable),
        to: optional(deckEnd, 'Where the discarded card goes: TOP or BOTTOM (default).'),
        event: optional(INT, "Toll House's Tent: the Event 1-5.", nullable),
        land: optional(STR, "Toll House's Tent: the Frontier Land id.", nullable),
        from: optional(INT, "Undertaker's Barrel: the Hideout space 0-4.", nullable),
      },
    ),
    command('USE_BARREL', 'Coloma: use your unused Barrel at `index`.', {
      index: field(INT, 'Index of the Barrel in your supply.'),
    }),
    command('ROB', 'Coloma Robber: a Wagon action, without moving, for 3 Mine-Cart Gold.'),
    command('HOMESTEAD', 'Coloma Homesteader: a Tent builds this card from hand at its Saw cost.', {
      card: card('The Town Building id in your hand.'),
    }),
    command('MAVERICK', 'Coloma Maverick: discard a card (to TOP|BOTTOM) for 1 BUCKS or 1 DUDES.', {
      discard: card('The Town Building id discarded from your hand.'),
      to: optional(deckEnd, 'Where it goes: TOP or BOTTOM (default).'),
      gain: field(oneOf(['BUCKS', 'DUDES']), 'BUCKS or DUDES.'),
    }),
    command('VIGILANTE', 'Coloma Vigilante: discard a used Barrel to fill Shootout row `row`.', { row }),
    command('FINISH_TURN', 'Coloma: end your turn.'),
  ],
};
