/**
 * End-game scoring: the 11 score-pad categories and the game-end trigger. Provenance: facts come from
 * the gwt2 component data compiled from Board Game Fiesta and cross-checked against the rulebook.
 */

export const SCORING_CATEGORIES = [
  'money',
  'buildings',
  'cities',
  'stations',
  'hazards',
  'cattle_cards',
  'objective_cards',
  'station_masters',
  'workers',
  'step_disc_vp',
  'job_market_token',
] as const;
export type ScoringCategory = (typeof SCORING_CATEGORIES)[number];

/** What each category scores, in score-pad order. */
export const SCORING_RULES: Readonly<Record<ScoringCategory, string>> = {
  money: '1 VP per full $5',
  buildings: 'VP (top right) of your player buildings on the board',
  cities:
    'Kansas City -6 per disc, Philadelphia +6, New York +9 per disc, plus the VP of each city link with your discs on both cities (can be negative)',
  stations: 'VP of each station holding your disc',
  hazards: 'VP on the hazard tiles in front of you',
  cattle_cards: 'VP on the cattle cards in your deck (draw pile, hand, discard pile)',
  objective_cards:
    'each objective card still in your deck is removed or added to your area (no immediate action); then +VP per completed card, -penalty per failed card; each task item counts for one card only',
  station_masters: 'bottom halves of your station-master tiles (independent of objectives)',
  workers: '4 VP per worker on slot 5 or 6 of a worker row',
  step_disc_vp: '3 VP if the STEP-VP disc was removed',
  job_market_token: '2 VP for the holder of the job-market token',
};

/** Dollars per VP at game end. */
export const DOLLARS_PER_VP = 5;
/** VP for the player who took the job-market token (triggered the game end). */
export const JOB_MARKET_TOKEN_VP = 2;

/**
 * The game end is triggered when a worker is placed on the last job-market space (green arrow). That
 * player finishes the turn; each other player then takes exactly one more turn; then scoring.
 */
export const GAME_END_TRIGGER = 'LAST_JOB_MARKET_SPACE_FILLED' as const;

/** Ties: tied players share the victory (rulebook). The source's money/seat tie-break is not a rule. */
export const TIES_SHARE_VICTORY = true;
