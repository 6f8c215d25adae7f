/**
 * Exports over HTTP.
 *   GET /api/analytics/export/:table?format=csv|parquet  the analytic tables in bulk, streamed;
 *     operators only: `Authorization: Bearer <ANALYTICS_TOKEN>`. Without ANALYTICS_TOKEN in the
 *     environment the endpoint is disabled (503 EXPORT_DISABLED).
 *   GET /api/games/:id/export?format=ndjson|log  one game's history as the caller may see it
 *     (seat token: that seat's view; none: a spectator's).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Param, Query, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  EXPORT_FORMATS,
  exportGame,
  exportTable,
  exportTableNames,
  resolveExportTable,
} from '../../analytics/export';
import type { Sql } from '../../analytics/sql';
import { bearerToken } from '../../auth/seat-tokens';
import { CallerService } from '../../auth/caller.service';
import { GameError } from '../../play/errors';
import { PlayService } from '../../play/play.service';

export const ANALYTICS_SQL_TOKEN = Symbol.for('saloon:ANALYTICS_SQL');

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsExportController {
  constructor(@Inject(ANALYTICS_SQL_TOKEN) private readonly sql: Sql) {}

  @Get('export/:table')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Stream an analytic table as CSV or Parquet. Needs `Authorization: Bearer <ANALYTICS_TOKEN>`; disabled (503) when ANALYTICS_TOKEN is not set.',
  })
  @ApiParam({ name: 'table', enum: exportTableNames() })
  @ApiQuery({ name: 'format', required: false, enum: EXPORT_FORMATS })
  @ApiProduces('text/csv', 'application/vnd.apache.parquet')
  @ApiResponse({ status: 503, description: 'ANALYTICS_TOKEN is not configured: bulk export disabled.' })
  async exportTable(
    @Param('table') table: string,
    @Query('format') format: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const configured = process.env.ANALYTICS_TOKEN?.trim();
    if (!configured) {
      res.status(503).json({
        error: {
          code: 'EXPORT_DISABLED',
          message: 'bulk export is disabled: set ANALYTICS_TOKEN on the server to enable it',
        },
      });
      return;
    }
    const token = bearerToken(authorization);
    if (!token || !sameSecret(token, configured))
      throw new GameError('UNAUTHENTICATED', 'bulk export needs Authorization: Bearer <ANALYTICS_TOKEN>');
    const fmt = format ?? 'csv';
    if (fmt !== 'csv' && fmt !== 'parquet')
      throw new GameError('VALIDATION', 'format must be csv or parquet', { field: 'format' });
    if (!resolveExportTable(table))
      throw new GameError('NOT_FOUND', `no table ${table} (have ${exportTableNames().join(', ')})`);
    res.status(200);
    res.setHeader(
      'content-type',
      fmt === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.apache.parquet',
    );
    res.setHeader('content-disposition', `attachment; filename="${table}.${fmt}"`);
    try {
      await exportTable(this.sql, table, fmt, res);
    } catch (error) {
      // Headers are gone: all we can do is cut the stream so the client sees it incomplete.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

@ApiTags('games')
@Controller('games')
export class GameExportController {
  constructor(
    private readonly play: PlayService,
    private readonly callers: CallerService,
  ) {}

  @Get(':id/export')
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      "A game's full history, redacted for the caller: NDJSON events (one JSON object per line) or a readable move log (one line per event).",
  })
  @ApiQuery({ name: 'format', required: false, enum: ['ndjson', 'log'] })
  @ApiProduces('application/x-ndjson', 'text/plain')
  async exportGame(
    @Param('id') id: string,
    @Query('format') format: string | undefined,
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const fmt = format ?? 'ndjson';
    if (fmt !== 'ndjson' && fmt !== 'log')
      throw new GameError('VALIDATION', 'format must be ndjson or log', { field: 'format' });
    const caller = await this.callers.fromAuthorization(authorization);
    await this.play.getGame(id); // NOT_FOUND before any byte is sent
    const viewer = this.callers.viewerFor(caller, id);
    res.status(200);
    res.setHeader('content-type', fmt === 'ndjson' ? 'application/x-ndjson' : 'text/plain; charset=utf-8');
    try {
      await exportGame(this.play, id, viewer, fmt, res);
      res.end();
    } catch (error) {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
