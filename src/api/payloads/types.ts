/**
 * The read-side payloads of every game under their public names: the root types of the JSON
 * Schemas in openapi/schemas/ (`npm run api:docs` generates them from these with
 * ts-json-schema-generator; scripts/payload-schemas.mjs). Type-only: nothing here runs.
 */
import type { GameResult } from '../../games/engine';
import type { BangCommand, BangEvent, BangView } from '../../games/bang-dice/index';
import type { CarsonCommand, CarsonEvent, CarsonView } from '../../games/carson-city/index';
import type { GwtCommandUnion } from '../../games/great-western-trail/commands';
import type { GwtEvent } from '../../games/great-western-trail/events';
import type { GwtView } from '../../games/great-western-trail/view';

/** Bang! The Dice Game: the game as one seat (or a spectator) sees it. */
export type BangDiceView = BangView;
/** Bang! The Dice Game: one command (discriminated on `type`). */
export type BangDiceCommand = BangCommand;
/** Bang! The Dice Game: one event as the caller may see it (discriminated on `type`). */
export type BangDiceEvent = BangEvent;
/** Bang! The Dice Game: the outcome once the game is over. */
export type BangDiceResult = GameResult;

/** Carson City: the game as one seat (or a spectator) sees it. */
export type CarsonCityView = CarsonView;
/** Carson City: one command (discriminated on `type`). */
export type CarsonCityCommand = CarsonCommand;
/** Carson City: one event as the caller may see it (discriminated on `type`). */
export type CarsonCityEvent = CarsonEvent;
/** Carson City: the outcome once the game is over. */
export type CarsonCityResult = GameResult;

// Coloma's engine types already carry the public names (ColomaView, ColomaCommand, ColomaEvent).
export type { ColomaCommand } from '../../games/coloma/commands';
export type { ColomaEvent } from '../../games/coloma/events';
export type { ColomaView } from '../../games/coloma/view';
/** Coloma: the outcome once the game is over. */
export type ColomaResult = GameResult;

/** Great Western Trail: the game as one seat (or a spectator) sees it. */
export type GreatWesternTrailView = GwtView;
/** Great Western Trail: one command (discriminated on `type`). */
export type GreatWesternTrailCommand = GwtCommandUnion;
/** Great Western Trail: one event as the caller may see it (discriminated on `type`). */
export type GreatWesternTrailEvent = GwtEvent;
/** Great Western Trail: the outcome once the game is over. */
export type GreatWesternTrailResult = GameResult;
