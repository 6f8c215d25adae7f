/**
 * The command table of Great Western Trail (2nd edition). Which commands are legal now is in
 * Game.legalCommands, and src/games/great-western-trail/README.md lists the decisions each
 * answers. Ids (trail locations, cards, buildings, cities, discs) are the engine's, checked by the
 * engine (VALIDATION with ruleCode INVALID_COMMAND or the rule's code).
 */
import { BOOL, FLOAT, INT, STR, command, field, list, oneOf, optional, type CommandTable } from './table';

const cards = (description: string) => field(list(STR), description);
const location = (description: string) => field(STR, description);
const path = field(list(STR), 'Every trail node entered, in order, the destination last.');

export const GREAT_WESTERN_TRAIL_COMMANDS: CommandTable = {
  game: 'great-western-trail',
  commands: [
    command('START_AT', 'GWT first turn: put your herder on a neutral building (e.g. N-A).', {
      location: location('The neutral building, e.g. N-A.'),
    }),
    command(
      'MOVE_HERDER',
      'GWT phase A: move the herder along `path` (every trail node entered, destination last).',
      { path },
    ),
    command('USE_ACTION', 'GWT phase B: use local action `index` of the location (each once, any order).', {
      index: field(INT, "Index of the location's local action."),
    }),
    command(
      'USE_AUXILIARY',
      "GWT: an auxiliary action (AUX1..AUX5): single instead of a location's local actions, or single/double when an action offers one.",
      {
        action: field(STR, 'AUX1..AUX5.'),
        double: optional(BOOL, 'The double form, when the action offers one.'),
      },
    ),
    command('END_TURN', 'GWT: end phase B; phase C refills your hand and the next player goes.'),
    command('SKIP', 'GWT: decline the optional decision asked now.'),
    command(
      'USE_EXCHANGE_TOKEN',
      'GWT, any time in your turn: return an exchange token, draw 2 cards, then discard 2.',
    ),
    command('DISCARD', 'GWT: discard these cards (down to 4 on the first turn, or after drawing).', {
      cards: cards('Ids of the cards in hand to discard.'),
    }),
    command('DISCARD_FOR_REWARD', 'GWT: discard the cards an action asks for, to get its reward.', {
      cards: cards('Ids of the cards in hand to discard.'),
    }),
    command('CHOOSE_ONE', 'GWT: take option `option` of a choose-one action.', {
      option: field(INT, 'Index of the option.'),
    }),
    command('DRAW_CARDS', "GWT: draw this many cards (up to the action's number), then discard as many.", {
      count: field(INT, 'How many cards to draw.'),
    }),
    command('REMOVE_CARDS', 'GWT: remove these cards in hand from the game.', {
      cards: cards('Ids of the cards in hand to remove.'),
    }),
    command(
      'TAKE_OBJECTIVE',
      'GWT: take an objective card from the display (its id), or the top of the deck (null).',
      { card: field(STR, 'A display objective card id; null: the top of the deck.', { nullable: true }) },
    ),
    command(
      'PLAY_OBJECTIVE',
      'GWT: play an objective card from your hand (before phase A or between actions).',
      { card: field(STR, 'The objective card id in your hand.') },
    ),
    command('OBJECTIVE_ACTION', 'GWT: do the immediate action of the objective card just played.'),
    command(
      'CHOOSE_FINAL_OBJECTIVES',
      'GWT, at the end: the objective cards of your deck to add to your objective area; the others leave the game.',
      {
        add: cards(
          'Ids of the objective cards of your deck (hand, draw pile, discard) to add; [] adds none.',
        ),
      },
    ),
    command('HIRE_WORKER', 'GWT: hire the worker at job-market row/col (0-based).', {
      row: field(INT, 'Job-market row, 0-based.'),
      col: field(INT, 'Job-market column, 0-based.'),
    }),
    command(
      'BUY_CATTLE',
      'GWT buy cattle, one purchase at a time: buying option `option` (index) for these market cards.',
      {
        option: field(INT, 'Index of the buying option.'),
        cards: cards('Ids of the cattle market cards bought.'),
      },
    ),
    command('DRAW_MARKET_CARDS', 'GWT buy cattle: spend an unused cowboy to draw 2 market cards.'),
    command(
      'PLACE_BUILDING',
      'GWT: place (or replace one of yours with) a player building on a trail slot.',
      {
        building: field(STR, 'The player building id, e.g. 1a.'),
        location: location('The trail slot (or your building there to replace).'),
      },
    ),
    command('USE_ADJACENT_BUILDING', 'GWT building 6b: use the adjacent building at this location.', {
      location: location('The adjacent building location.'),
    }),
    command('USE_ADJACENT_ACTION', 'GWT building 6b: use local action `index` of the adjacent building.', {
      index: field(INT, "Index of the adjacent building's local action."),
    }),
    command('COLLECT_BOUNTY', 'GWT: take the bandit at this bandit slot and its bounty.', {
      location: location('The bandit slot.'),
    }),
    command('REMOVE_HAZARD', 'GWT: take the hazard at this trail slot.', {
      location: location('The hazard slot.'),
    }),
    command('MOVE_HERDER_FORWARD', "GWT: an action's herder move along `path` (destination last).", { path }),
    command('MOVE_TRAIN', 'GWT: stop your engine on track position `to` (n, or n.5 for a station turnout).', {
      to: field(FLOAT, 'Track position n, or n.5 for a station turnout.'),
    }),
    command(
      'UPGRADE_STATION',
      'GWT: upgrade the station with this disc: a disc id from your board, or, when none can be taken, a station id to move your disc from (D3); `station` only for building 9b.',
      {
        disc: field(STR, 'A disc id from your board, or a station id to move your disc from.'),
        station: optional(STR, 'Building 9b only: the station to upgrade.'),
      },
    ),
    command('TAKE_STATION_MASTER', 'GWT: take the station master, paying the rightmost worker of this row.', {
      worker: field(
        oneOf(['cowboy', 'craftsman', 'engineer']),
        'The worker row: cowboy, craftsman or engineer.',
      ),
    }),
    command('FORESIGHT', 'GWT Kansas City foresight: take tile `index` (0 or 1) of the current column.', {
      index: field(INT, 'The tile, 0 or 1.'),
    }),
    command('SPEND_CERTIFICATES', 'GWT Kansas City income: spend this many temporary certificates.', {
      count: field(INT, 'How many temporary certificates.'),
    }),
    command(
      'UPGRADE_SIMMENTAL',
      'GWT Simmental variant: upgrade this many level-1 and level-2 Simmentals in hand.',
      {
        fromLevel1: field(INT, 'How many level-1 Simmentals to upgrade.'),
        fromLevel2: field(INT, 'How many level-2 Simmentals to upgrade.'),
      },
    ),
    command(
      'DELIVER',
      'GWT Kansas City delivery: deliver to `city` with this disc (a disc id, a station id to move a disc from, or null).',
      {
        city: field(STR, 'The city id.'),
        disc: optional(STR, 'A disc id, a station id to move a disc from, or null.', { nullable: true }),
      },
    ),
  ],
};
