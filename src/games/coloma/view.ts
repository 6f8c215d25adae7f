/**
 * What a viewer may see. Hidden (RULES.md D16, D18): hands (the owner's only), deck orders (no one),
 * a Dial before the reveal (the owner's only), the face-down Barrels (their number only).
 */
import type { Viewer } from '../engine';
import type { BuildingId } from './data/buildings';
import type { ColomaEvent } from './events';
import type { ColomaOptions } from './options';
import type { ColomaState, PlayerState } from './state';
import { copyJson } from '../kit/copy';

export type PlayerView = Omit<PlayerState, 'hand' | 'deck' | 'dial' | 'muleDial'> & {
  muleDial: number | null;
  hand: BuildingId[] | null;
  handCount: number;
  deckCount: number;
  dial: number | null;
  dialSet: boolean;
};

export type ColomaView = Omit<ColomaState, 'players' | 'barrelPool' | 'options'> & {
  players: PlayerView[];
  barrelStack: number;
  dataSource: string;
  placeholders: string[];
  /** The modules in play (public: they are the game's options). */
  modules: ColomaOptions['modules'];
};

function playerView(p: PlayerState, viewer: Viewer): PlayerView {
  const own = viewer === p.seat;
  const { hand, deck, dial, muleDial, ...open } = p;
  return {
    ...open,
    hand: own ? [...hand] : null,
    handCount: hand.length,
    deckCount: deck.length,
    dial: own ? dial : null,
    muleDial: own ? muleDial : null,
    dialSet: dial !== null,
  };
}

export function view(s: ColomaState, viewer: Viewer): ColomaView {
  const { players, barrelPool, options, data, ...rest } = s;
  return {
    ...copyJson(rest),
    data,
    players: players.map((p) => playerView(p, viewer)),
    barrelStack: Object.values(barrelPool).reduce((a, b) => a + b, 0),
    dataSource: options.dataSource,
    placeholders: [...options.placeholders],
    modules: [...options.modules],
  };
}

export function redact(e: ColomaEvent, viewer: Viewer): ColomaEvent | null {
  switch (e.type) {
    case 'GAME_STARTED':
      return { ...e, options: { ...e.options, decks: null } };
    case 'DECK_DEALT':
      return { ...e, deck: [], hand: viewer === e.seat ? [...e.hand] : [] };
    case 'CARDS_DRAWN':
    case 'CARDS_RETURNED':
      return viewer === e.seat ? e : { ...e, cards: [] };
    case 'DIAL_SET':
      return viewer === e.seat ? e : { ...e, site: null, mule: null };
    default:
      return e;
  }
}
