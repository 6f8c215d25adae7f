/**
 * Installs the modules' rules once (index.ts, and the test harnesses that run handlers without
 * the engine): the executors (what actions do at once), the openers and fact rules (what the
 * facts open and settle, derive.ts) and the train-move rule. Tables, so modules run nested
 * actions and `evolve` derives the agenda without importing each other (no import cycle).
 */
import { ACTION_ACTING, ACTION_EXECUTORS, ACTION_OPENERS, ACTION_FACT_RULES } from './actions/index';
import { installExecutors } from './actions/registry';
import { installFactRules, installOpeners, installTrainMoveRule } from './derive';
import { OBJECTIVE_FACT_RULES } from './objectives';
import { RAILROAD_ACTING, RAILROAD_EXECUTORS, RAILROAD_OPENERS, trainMoveFollowUps } from './railroad';

export function installRules(): void {
  installExecutors(ACTION_EXECUTORS, RAILROAD_EXECUTORS);
  installOpeners({ ...ACTION_OPENERS, ...RAILROAD_OPENERS }, { ...ACTION_ACTING, ...RAILROAD_ACTING });
  installTrainMoveRule(trainMoveFollowUps);
  installFactRules({ ...OBJECTIVE_FACT_RULES, ...ACTION_FACT_RULES });
}
