/** Serves the reference web client (see routes.ts) from the API process. */
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { mountWebClient } from './routes';

class WebClientMount implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    // Registered on Express directly: `/` and `/web/` live outside the /api prefix.
    const app = this.host.httpAdapter?.getInstance?.() as Parameters<typeof mountWebClient>[0] | undefined;
    if (app) mountWebClient(app);
  }
}

@Module({ providers: [WebClientMount] })
export class WebClientModule {}
