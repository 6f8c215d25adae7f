/**
 * The worker process: plays bot seats for games on this database, woken by the update hub
 * (Redis pub/sub from every API process). API processes run with INLINE_BOTS=false when workers
 * run. Bot moves go through the same pipeline as people, with a command id derived from
 * (game, version, seat), so several workers never play one move twice.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configFromEnv, logLevelsFrom } from './config';
import { DatabaseModule } from './database/database.module';
import { GameUpdateHub } from './notifications/game-update-hub';
import { PlayModule } from './play/play.module';
import { PlayService } from './play/play.service';
import { InlineBotRunner } from './scheduling/inline-bot-runner';

async function main(): Promise<void> {
  const config = configFromEnv();
  if (!config.redisUrl) throw new Error('the worker needs REDIS_URL (without it, the API process plays bots itself)');
  @Module({ imports: [DatabaseModule.forRoot(), PlayModule.forRoot({ redisUrl: config.redisUrl, inlineBots: true })] })
  class WorkerModule {}
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: logLevelsFrom(config.logLevel) });
  app.enableShutdownHooks();
  const play = app.get(PlayService);
  const hub = app.get(GameUpdateHub);
  const bots = app.get(InlineBotRunner);
  // Updates relayed from API processes carry no state: load the game's read model and act on it.
  hub.subscribeAll((update) => {
    if (update.local) return; // this process's own commits already reach the runner directly
    play
      .getGame(update.gameId)
      .then((game) => bots.onGameUpdated(update, game))
      .catch((error) => console.error(`worker: cannot load game ${update.gameId}`, error));
  });
  console.log('saloon worker running: bot turns');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
