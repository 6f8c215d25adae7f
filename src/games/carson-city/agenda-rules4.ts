/**
 * Agenda rules 4 (games whose GAME_STARTED declares `agenda` 4 or later): the flow from the facts
 * rules 1 to 3 left to a FLOW. The setup's first prompt is phases/setup/agenda.ts `setupFlow`
 * (GAME_STARTED); here, A New Beginning's reveal up to the bought parcels' placement (§10.1) and an
 * outlaw fight (§10.5), with dice or with duel tiles (§13 #34), up to its Doctor's tasks and the
 * winner's reward; a dice duel with a Marksman (§10.1) up to each Marksman's choice; building
 * income's Grocer and dynamite choices (§5.7 step 4.2) where no income follows them.
 *
 * This file is rules 4's entry (one switch over the facts): the reveal's rule is the setup's
 * (phases/setup/agenda.ts `revealed`), the fights', duels' and Town Hall's are the resolution's
 * (phases/resolution/agenda-rules4.ts); the small cases stay inline (Great service done's menu,
 * building income's choices, the outlaw reward's last retirement).
 *
 * Asked first by agenda-resolve.ts `resolveFlow`; null means "not covered here".
 */
import { rules4 } from './agenda-version';
import { AUCTIONEER } from './data/personalities';
import type { CarsonEvent } from './events';
import { pickMenu } from './personalities/menus';
import { revealed } from './phases/setup/agenda';
import { MARKSMAN_DUEL_DICE } from './phases/resolution/agenda';
import {
  estateMainDone,
  marksmanChosen,
  marksmanKept,
  marksmanRolled,
  outlawFought,
  townHallDuel,
} from './phases/resolution/agenda-rules4';
import type { CarsonState, Flow } from './state';

const ESTATE_CHOICES: readonly string[] = ['GROCER_INCOME', 'DYNAMITE'];

/** The flow after `e` under rules 4 (`f`: the flow before it, `s`: the state after it), or null. */
export function rules4Flow(s: CarsonState, f: Flow, e: CarsonEvent): Flow | null {
  if (!rules4(s)) return null;
  switch (e.type) {
    case 'SHEETS_REVEALED':
      // Solo has no first-player bid (§11.1): the reveal is the last fact that moves the flow.
      return s.solo ? revealed(s, f) : null;
    case 'FIRST_PLAYER_SET':
      return revealed(s, f);
    case 'OUTLAW_FIGHT':
      return outlawFought(s, f, e);
    case 'CHARACTER_PICKED': {
      // Great service done's second tile (§10.1): its menu, else the next user or the turn order
      // (the Auctioneer's auction is agenda-resolve.ts `auctionFlow`).
      const p = f.prompt;
      if (!e.greatService || e.personality === AUCTIONEER || p?.kind !== 'GREAT_SERVICE' || p.seat !== e.seat)
        return null;
      return { ...f, prompt: pickMenu(s, e.seat, e.personality, e.side) };
    }
    case 'MINE_DYNAMITED':
      // Building income's dynamite (personalities `DYNAMITE`): the seat is asked again.
      return f.prompt === null && f.phase === 'RESOLVE'
        ? {
            ...f,
            tasks: [{ t: 'PERSONALITY', id: -1, seat: e.seat, stage: 'DYNAMITE', data: [] }, ...f.tasks],
          }
        : null;
    case 'OPTION_CHOSEN':
      // The winner's reward chosen (outlaws.ts `outlawRewardChosen`), or building income's
      // Grocer or dynamite choice (its facts, if any, follow; then the income).
      return (e.purpose.startsWith('OUTLAW_REWARD:') || ESTATE_CHOICES.includes(e.purpose)) &&
        f.prompt?.kind === 'CHOOSE_OPTION' &&
        f.prompt.purpose === e.purpose &&
        f.prompt.seat === e.seat
        ? { ...f, prompt: null }
        : null;
    case 'COWBOY_RETURNED': {
      // The reward taken as VP: the winner's cowboy retires last (outlaws.ts `takeOutlawVp`).
      const head = f.tasks[0];
      return e.reason === 'OUTLAW' &&
        f.prompt === null &&
        head?.t === 'OUTLAW_REWARD' &&
        head.seat === e.seat &&
        head.loc === e.loc
        ? { ...f, tasks: f.tasks.slice(1) }
        : null;
    }
    case 'DICE_ROLLED':
      return e.purpose === 'MARKSMAN' || e.purpose === MARKSMAN_DUEL_DICE ? marksmanRolled(s, f, e) : null;
    case 'DUEL':
      return e.loc === `B:${s.townHall.parcel}` ? townHallDuel(s, f, e.loc, e.losers) : null;
    case 'TOWN_HALL_OCCUPIED': {
      // A lone challenger takes the Town Hall without a duel (a duel's DUEL came first, above).
      return f.prompt === null ? estateMainDone(f) : null;
    }
    case 'DUEL_ORDER_CHOSEN':
      return marksmanChosen(s, f, e.seat, e.loc);
    case 'DUEL_DIE_KEPT':
      return marksmanKept(f, e.seat, e.dice);
    default:
      return null;
  }
}
