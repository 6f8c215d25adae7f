/**
 * Applies one event. Pure and total: it never draws and never re-runs rules beyond bookkeeping
 * (which task comes next), so a stored stream always replays to the same state.
 */
import { startingLife } from './data/characters';
import { ARROW_SUPPLY } from './data/dice';
import type { BangEvent, LifeLoss } from './events';
import { beerDice, maxRollsFor, resolutionAgenda } from './rules';
import type { BangState, Ledger, PlayerState, Task, TurnState } from './state';

/**
 * The working copy of `state` one event edits: the top level, the players array and the turn are
 * copied, a player only when the event writes it (`player`), the agenda and the batch replaced
 * rather than edited. Everything else is shared with `state`, which is never written: a replay
 * copies what each event changes, not the whole table (6 players and their lists) per event.
 */
function copy(state: BangState): BangState {
  return { ...state, players: state.players.slice(), turn: state.turn ? { ...state.turn } : null };
}

/** Seat `seat`'s player in the working copy `s` of `from`, copied on its first write. */
function player(s: BangState, from: BangState, seat: number): PlayerState {
  const p = s.players[seat];
  if (p !== from.players[seat]) return p;
  const own = { ...p };
  s.players[seat] = own;
  return own;
}

export function emptyLedger(seatCount: number): Ledger {
  const rows = () => Array.from({ length: seatCount }, () => new Array<number>(seatCount).fill(0));
  return { shots: rows(), beers: rows() };
}

/** A new ledger with `amount` added to table[from][to] (rows are shared, never mutated). */
function noted(
  ledger: Ledger,
  table: keyof Ledger,
  from: number,
  adds: { to: number; amount: number }[],
): Ledger {
  const row = ledger[table][from].slice();
  for (const { to, amount } of adds) row[to] += amount;
  return { ...ledger, [table]: ledger[table].map((r, seat) => (seat === from ? row : r)) };
}

/** Drops the first `task` from the turn's agenda (a new array: the old one may be shared). */
function removeTask(turn: TurnState, task: Task): void {
  const i = turn.agenda.indexOf(task);
  if (i >= 0) turn.agenda = turn.agenda.toSpliced(i, 1);
}

function newPlayer(seat: number): PlayerState {
  return {
    seat,
    role: 'OUTLAW',
    roleFaceUp: false,
    character: null,
    offers: [],
    life: 0,
    maxLife: 0,
    arrows: 0,
    alive: true,
  };
}

function applyLosses(s: BangState, from: BangState, losses: LifeLoss[], source: 'SHOT' | 'GATLING'): void {
  const turn = s.turn!;
  turn.batch = null;
  turn.pedroOwed = 0;
  for (const loss of losses) {
    const p = player(s, from, loss.seat);
    p.life = loss.life;
    // Pedro may return one arrow per point actually lost (spec §5.2); never more than he holds.
    if (p.character === 'PEDRO_RAMIREZ' && loss.lost > 0) turn.pedroOwed = Math.min(loss.lost, p.arrows);
    // El Gringo: one arrow per batch that took a point from him, taken after the batch (Ambiguity #7).
    if (p.character === 'EL_GRINGO' && loss.lost > 0) {
      if (source === 'SHOT') turn.agenda = ['EL_GRINGO', ...turn.agenda];
      else turn.agenda = turn.agenda.toSpliced(Math.max(0, turn.agenda.indexOf('END')), 0, 'EL_GRINGO');
    }
  }
}

export function evolve(state: BangState | null, event: BangEvent): BangState {
  if (event.type === 'GAME_STARTED') {
    return {
      seatCount: event.seatCount,
      threePlayer: event.threePlayer,
      characterChoice: event.characterChoice,
      phase: 'CHOOSING',
      players: Array.from({ length: event.seatCount }, (_, seat) => newPlayer(seat)),
      pile: ARROW_SUPPLY,
      turn: null,
      mode: event.threePlayer ? 'TARGETS' : null,
      outcome: null,
      ledger: emptyLedger(event.seatCount),
    };
  }
  if (!state) throw new Error(`${event.type} before GAME_STARTED`);
  const s = copy(state);
  const turn = s.turn;

  switch (event.type) {
    case 'ROLE_DEALT': {
      const p = player(s, state, event.seat);
      if (event.role) p.role = event.role;
      p.roleFaceUp = event.faceUp;
      break;
    }
    case 'CHARACTER_DEALT': {
      const p = player(s, state, event.seat);
      p.character = event.character;
      p.life = event.life;
      p.maxLife = event.life;
      break;
    }
    case 'CHARACTERS_OFFERED':
      player(s, state, event.seat).offers = [...event.characters];
      break;
    case 'CHARACTER_CHOSEN': {
      const p = player(s, state, event.seat);
      if (event.character) {
        p.character = event.character;
        p.life = startingLife(event.character, p.role === 'SHERIFF');
        p.maxLife = p.life;
      }
      break;
    }
    case 'CHARACTERS_REVEALED':
      for (const c of event.characters) {
        const p = player(s, state, c.seat);
        p.character = c.character;
        p.life = c.life;
        p.maxLife = c.life;
      }
      break;
    case 'TURN_STARTED': {
      const character = s.players[event.seat].character;
      s.phase = 'PLAYING';
      s.turn = {
        seat: event.seat,
        number: event.turn,
        rolls: 0,
        maxRolls: maxRollsFor(character),
        dice: [],
        agenda: character === 'SID_KETCHUM' ? ['SID_HEAL', 'ROLL'] : ['ROLL'],
        batch: null,
        pedroOwed: 0,
        slabBeerDie: null,
      };
      break;
    }
    case 'SID_KETCHUM_HEALED':
      player(s, state, event.target).life = event.life;
      s.ledger = noted(s.ledger, 'beers', event.seat, [{ to: event.target, amount: 1 }]);
      removeTask(turn!, 'SID_HEAL');
      break;
    case 'DICE_ROLLED':
      turn!.dice = [...event.dice];
      turn!.rolls = event.roll;
      if (turn!.agenda[0] === 'ROLL') turn!.agenda = ['REROLL_OR_KEEP'];
      break;
    case 'ARROW_TAKEN':
      player(s, state, event.seat).arrows = event.arrows;
      s.pile = event.pile;
      if (event.reason === 'EL_GRINGO') removeTask(turn!, 'EL_GRINGO');
      break;
    case 'INDIAN_ATTACK':
      for (const loss of event.losses) player(s, state, loss.seat).life = loss.life;
      // Everyone returns every arrow: the pile is full again (spec §3.3 step 2).
      for (let seat = 0; seat < s.players.length; seat++)
        if (s.players[seat].arrows !== 0) player(s, state, seat).arrows = 0;
      s.pile = ARROW_SUPPLY;
      break;
    case 'ROLLING_ENDED':
      turn!.agenda = resolutionAgenda(turn!.dice, s.players[turn!.seat].character);
      break;
    case 'DYNAMITE_EXPLODED': {
      const p = player(s, state, event.seat);
      p.life = event.life;
      removeTask(turn!, 'DYNAMITE');
      turn!.pedroOwed = p.character === 'PEDRO_RAMIREZ' ? Math.min(event.lost, p.arrows) : 0;
      break;
    }
    case 'SHOTS_ASSIGNED':
      removeTask(turn!, 'SHOTS');
      s.ledger = noted(
        s.ledger,
        'shots',
        event.seat,
        event.shots.map((shot) => ({ to: shot.target, amount: shot.points })),
      );
      turn!.batch = {
        source: 'SHOT',
        hits: event.hits.map((h) => ({ ...h })),
        bartDecided: false,
        bartArrows: 0,
      };
      turn!.slabBeerDie = event.slabDouble ? event.slabDouble.beerDie : null;
      if (beerDice(s).length === 0) removeTask(turn!, 'BEERS');
      break;
    case 'GATLING_FIRED':
      removeTask(turn!, 'GATLING');
      turn!.batch = {
        source: 'GATLING',
        hits: event.hits.map((h) => ({ ...h })),
        bartDecided: false,
        bartArrows: 0,
      };
      break;
    case 'BART_CASSIDY_TOOK_ARROWS':
      player(s, state, event.seat).arrows = event.arrows;
      s.pile = event.pile;
      if (turn!.batch) turn!.batch = { ...turn!.batch, bartDecided: true, bartArrows: event.count };
      break;
    case 'SHOTS_RESOLVED':
      applyLosses(s, state, event.losses, 'SHOT');
      break;
    case 'GATLING_RESOLVED':
      applyLosses(s, state, event.losses, 'GATLING');
      break;
    case 'PEDRO_RAMIREZ_DISCARDED':
      player(s, state, event.seat).arrows = event.arrows;
      s.pile = event.pile;
      turn!.pedroOwed = 0;
      break;
    case 'PLAYER_ELIMINATED': {
      const p = player(s, state, event.seat);
      p.alive = false;
      p.life = 0;
      p.roleFaceUp = true;
      p.arrows = 0;
      s.pile += event.arrowsReturned;
      if (turn && p.character === 'PEDRO_RAMIREZ') turn.pedroOwed = 0;
      break;
    }
    case 'MODE_CHANGED':
      s.mode = event.mode;
      break;
    case 'LIFE_GAINED':
      player(s, state, event.seat).life = event.life;
      break;
    case 'BEERS_RESOLVED':
      for (const beer of event.beers) player(s, state, beer.target).life = beer.life;
      s.ledger = noted(
        s.ledger,
        'beers',
        event.seat,
        event.beers.map((beer) => ({ to: beer.target, amount: 1 })),
      );
      removeTask(turn!, 'BEERS');
      break;
    case 'GATLING_ARROWS_RETURNED':
      player(s, state, event.seat).arrows = 0;
      s.pile = event.pile;
      removeTask(turn!, 'GATLING_DISCARD');
      break;
    case 'KIT_CARLSON_DISCARDED':
      for (const seat of event.from) player(s, state, seat).arrows -= 1;
      s.pile = event.pile;
      removeTask(turn!, 'KIT');
      break;
    case 'TURN_ENDED':
      turn!.agenda = [];
      break;
    case 'GAME_ENDED':
      s.phase = 'OVER';
      s.outcome = { winners: [...event.winners], reason: event.reason };
      // Every role is shown when the game ends (spec §2.2).
      for (let seat = 0; seat < s.players.length; seat++)
        if (!s.players[seat].roleFaceUp) player(s, state, seat).roleFaceUp = true;
      break;
  }
  return s;
}
