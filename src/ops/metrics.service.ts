/**
 * Prometheus metrics (prom-client), served at /metrics. Other modules add their own metrics to
 * `registry` (e.g. job queues).
 */
import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CommandObserver, CommandReport } from '../play/play.service';

@Injectable()
export class MetricsService implements CommandObserver {
  readonly registry = new Registry();

  readonly commandSeconds = new Histogram({
    name: 'saloon_command_duration_seconds',
    help: 'Time to handle a game command, by game type and outcome (ACCEPTED, DUPLICATE or error code).',
    labelNames: ['game_type', 'outcome', 'actor'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'saloon_events_appended_total',
    help: 'Events appended to game streams.',
    labelNames: ['game_type'] as const,
    registers: [this.registry],
  });

  readonly commandsRejected = new Counter({
    name: 'saloon_commands_rejected_total',
    help: 'Commands rejected, by error code (and the rule code for RULE_VIOLATION).',
    labelNames: ['code', 'rule_code'] as const,
    registers: [this.registry],
  });

  readonly subscriptions = new Gauge({
    name: 'saloon_subscriptions',
    help: 'Open gameUpdated subscriptions in this process.',
    registers: [this.registry],
  });

  readonly activeGames: Gauge;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'saloon_process_' });
    this.activeGames = new Gauge({
      name: 'saloon_active_games',
      help: 'Games in status ACTIVE.',
      registers: [this.registry],
    });
  }

  onCommand(report: CommandReport): void {
    const gameType = report.gameType ?? 'unknown';
    this.commandSeconds.observe(
      { game_type: gameType, outcome: report.outcome, actor: report.actor },
      report.seconds,
    );
    if (report.outcome === 'ACCEPTED') this.eventsAppended.inc({ game_type: gameType }, report.events);
    else if (report.outcome !== 'DUPLICATE')
      this.commandsRejected.inc({ code: report.outcome, rule_code: report.ruleCode ?? '' });
  }
}
