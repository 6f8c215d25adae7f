/**
 * Every Great Western Trail command as one discriminated union (on `type`), for clients: the API's
 * JSON Schemas (openapi/schemas/great-western-trail.json) are generated from it. The engine itself
 * works on the open `GwtCommand` shape (protocol.ts); each handler module owns its command type.
 * test/api/payload-schemas.spec.ts checks that the union names exactly GWT_COMMAND_TYPES.
 */
import type { BuyCmd, DrawMarketCmd } from './actions/cattle';
import type { HireCmd } from './actions/workers';
import type { MoveHerderForwardCmd } from './actions/herder';
import type { RemoveCardsCmd } from './actions/rewards';
import type { ChooseOptionCmd, DiscardForRewardCmd, DrawCardsCmd, TakeObjectiveCmd } from './actions/basic';
import type { PlaceCmd, UseAdjacentActionCmd, UseAdjacentCmd } from './actions/buildings';
import type { BountyCmd, HazardCmd } from './actions/trail-tiles';
import type { ObjectiveActionCmd, PlayObjectiveCmd } from './objectives';
import type { ChooseFinalObjectivesCmd } from './final-objectives';
import type { MoveTrainCmd, TakeMasterCmd, UpgradeCmd } from './railroad';
import type { DeliverCmd, ForesightCmd, SimmentalCmd, SpendCmd } from './kansas-city';
import type {
  DiscardCmd,
  EndTurnCmd,
  ExchangeCmd,
  MoveCmd,
  SkipCmd,
  StartAtCmd,
  UseActionCmd,
  UseAuxCmd,
} from './flow';

export type GwtCommandUnion =
  | DiscardCmd
  | StartAtCmd
  | MoveCmd
  | UseActionCmd
  | UseAuxCmd
  | SkipCmd
  | EndTurnCmd
  | ExchangeCmd
  | BuyCmd
  | DrawMarketCmd
  | HireCmd
  | MoveHerderForwardCmd
  | RemoveCardsCmd
  | DiscardForRewardCmd
  | ChooseOptionCmd
  | DrawCardsCmd
  | TakeObjectiveCmd
  | PlaceCmd
  | UseAdjacentCmd
  | UseAdjacentActionCmd
  | BountyCmd
  | HazardCmd
  | PlayObjectiveCmd
  | ObjectiveActionCmd
  | MoveTrainCmd
  | UpgradeCmd
  | TakeMasterCmd
  | ForesightCmd
  | SpendCmd
  | SimmentalCmd
  | DeliverCmd
  | ChooseFinalObjectivesCmd;
