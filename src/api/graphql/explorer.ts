/**
 * The GraphQL explorer at `GET /graphql` (a browser asking for HTML): GraphiQL 3 with React 18,
 * every script and style served by this server from node_modules under /graphiql/, so the page
 * works offline and loads nothing from another host.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Request, Response } from 'express';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const EXPLORER_ASSETS_PATH = '/graphiql';

/** Our start script: GraphiQL against this server's /graphql, subscriptions over graphql-ws. */
const START_SCRIPT = `(function () {
  var url = new URL('/graphql', window.location.href).href;
  var fetcher = GraphiQL.createFetcher({ url: url, subscriptionUrl: url.replace(/^http/, 'ws') });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true }),
  );
})();
`;

interface Asset {
  file: string;
  type: string;
  /** Resolved lazily: the package's folder plus the file inside it. */
  load: () => string | Buffer;
}

function fromPackage(pkg: string, inner: string): () => Buffer {
  let cached: Buffer | undefined;
  return () => (cached ??= readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), inner)));
}

const ASSETS: Asset[] = [
  { file: 'react.js', type: 'text/javascript', load: fromPackage('react', 'umd/react.production.min.js') },
  {
    file: 'react-dom.js',
    type: 'text/javascript',
    load: fromPackage('react-dom', 'umd/react-dom.production.min.js'),
  },
  { file: 'graphiql.js', type: 'text/javascript', load: fromPackage('graphiql', 'graphiql.min.js') },
  { file: 'graphiql.css', type: 'text/css', load: fromPackage('graphiql', 'graphiql.min.css') },
  { file: 'start.js', type: 'text/javascript', load: () => START_SCRIPT },
];

export function explorerHtml(): string {
  const at = (file: string) => `${EXPLORER_ASSETS_PATH}/${file}`;
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>saloon GraphQL explorer</title>
    <style>body { margin: 0; height: 100vh; overflow: hidden; } #graphiql { height: 100vh; }</style>
    <link rel="stylesheet" href="${at('graphiql.css')}" />
    <script src="${at('react.js')}"></script>
    <script src="${at('react-dom.js')}"></script>
    <script src="${at('graphiql.js')}"></script>
  </head>
  <body>
    <div id="graphiql">Loading...</div>
    <script src="${at('start.js')}"></script>
  </body>
</html>
`;
}

/** Apollo's landing page for GET /graphql; install with `graphiql: false` in Nest's options. */
export function explorerLandingPagePlugin(): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: explorerHtml() };
        },
      };
    },
  };
}

/** Serves the explorer's assets on the Express instance (outside Nest's `api` prefix). */
@Injectable()
export class ExplorerAssetsService implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const express = this.adapterHost.httpAdapter?.getInstance() as
      { get(path: string, handler: (req: Request, res: Response) => void): void } | undefined;
    if (!express) return;
    for (const asset of ASSETS) {
      express.get(`${EXPLORER_ASSETS_PATH}/${asset.file}`, (_req, res) => {
        res.type(asset.type).set('cache-control', 'public, max-age=86400').send(asset.load());
      });
    }
  }
}
