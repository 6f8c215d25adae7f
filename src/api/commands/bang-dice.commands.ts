/** The command table of Bang! The Dice Game (see src/games/bang-dice/commands.ts). */
import { BOOL, INT, STR, command, field, list, optional, type CommandTable, type FieldType } from './table';

const seat = (description: string) => field(INT, description);

const dieAssignment: FieldType = {
  kind: 'object',
  name: 'DieAssignmentInput',
  description: 'Where one die goes: a ONE/TWO shot or a BEER at a seat.',
  fields: {
    die: field(INT, 'Die index 0-4.'),
    target: field(INT, 'The seat shot (ONE/TWO) or healed (BEER).'),
    swap: optional(BOOL, 'Calamity Janet: use a ONE as a TWO or a TWO as a ONE.'),
  },
};

const slabDouble: FieldType = {
  kind: 'object',
  name: 'SlabDoubleInput',
  description: "Slab the Killer: spend a BEER die to double one shot's damage.",
  fields: {
    beerDie: field(INT, 'Index of the BEER die spent.'),
    shotDie: field(INT, 'Index of the ONE/TWO die whose damage doubles.'),
  },
};

export const BANG_DICE_COMMANDS: CommandTable = {
  game: 'bang-dice',
  commands: [
    command('CHOOSE_CHARACTER', 'Bang! (characterChoice option): keep one of your two dealt characters.', {
      character: field(STR, 'The character id to keep, one of the two dealt to you.'),
    }),
    command('ROLL_DICE', 'Bang!: the first roll of your turn (all five dice).'),
    command('REROLL_DICE', 'Bang!: reroll these dice (indices 0-4) and keep the rest.', {
      dice: field(list(INT), 'Indices 0-4 of the dice to reroll.'),
    }),
    command('KEEP_DICE', 'Bang!: stop rolling and resolve the dice.'),
    command('RESOLVE_DICE', 'Bang!: assign shots (then, at the next prompt, beers) to seats.', {
      assignments: field(list(dieAssignment), 'One assignment per die to resolve at this prompt.'),
      slabDouble: optional(slabDouble, "Slab the Killer only: the BEER die that doubles a shot's damage."),
    }),
    command('SID_KETCHUM_HEAL', 'Bang! Sid Ketchum: at the start of your turn, heal a seat by 1.', {
      target: seat('The seat to heal.'),
    }),
    command('BART_CASSIDY_TAKE_ARROWS', 'Bang! Bart Cassidy: take arrows instead of losing life.', {
      count: field(INT, 'How many arrows to take instead of life points.'),
    }),
    command('PEDRO_RAMIREZ_DISCARD', 'Bang! Pedro Ramirez: discard arrows when hit.', {
      count: field(INT, 'How many arrows to discard.'),
    }),
    command(
      'KIT_CARLSON_DISCARD',
      'Bang! Kit Carlson: discard one arrow per Gatling die, from these seats.',
      {
        from: field(list(INT), 'One seat per arrow discarded (a seat may repeat).'),
      },
    ),
  ],
};
