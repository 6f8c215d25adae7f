/** The committed OpenAPI document and GraphQL SDL must match what the code generates. */
import { readFileSync } from 'node:fs';
import { API_DOC_PATHS, renderApiDocs } from '../../src/cli/api-docs';

describe('committed API documents', () => {
  it('openapi/openapi.json and openapi/schema.graphql are up to date (npm run api:docs)', async () => {
    const { openapi, sdl } = await renderApiDocs();
    expect(readFileSync(API_DOC_PATHS.openapi, 'utf8')).toBe(openapi);
    expect(readFileSync(API_DOC_PATHS.sdl, 'utf8')).toBe(sdl);
    // The documents name the operations clients rely on.
    expect(sdl).toMatch(/submitCommand\(/);
    expect(sdl).toMatch(/gameUpdated\(/);
    expect(JSON.parse(openapi).paths['/api/games/{id}/commands']).toBeDefined();
  });
});
