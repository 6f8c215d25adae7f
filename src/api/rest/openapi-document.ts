/**
 * Final touches on the generated OpenAPI document, so that linters (redocly's recommended rules)
 * and client generators (openapi-typescript + openapi-fetch) take it as it is:
 *   - a server entry (`/`: the host serving the document);
 *   - the seat token is an opaque bearer token (not a JWT), and optional everywhere: spectators
 *     read without one, and each operation says in its errors when it needs one;
 *   - no `authorization` header parameters (OpenAPI ignores them: the security scheme is the
 *     header; @nestjs/swagger lists them, as required, from `@Headers('authorization')`);
 *   - every operation documents its 4XX errors (the same ErrorResponse as `default`);
 *   - each game's View, Command, Event and Result are components (BangDiceView, ...), converted
 *     from the JSON Schemas generated from the engines' types (openapi/schemas/, src/api/payloads).
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiPayloadComponents } from '../payloads/index';

type Operation = {
  parameters?: { name?: string; in?: string }[];
  security?: unknown;
  responses?: Record<string, unknown>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
const ERROR_RESPONSE = {
  description: 'Error with a machine-readable code.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponseDto' } } },
};

export function finishOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  document.servers = [{ url: '/', description: 'this server' }];
  const bearer = document.components?.securitySchemes?.bearer;
  if (bearer && !('$ref' in bearer)) {
    bearer.bearerFormat = 'opaque token';
    bearer.description =
      'A seat token from createGame/joinGame (operators: ANALYTICS_TOKEN for the bulk export). Optional: without one you are a spectator.';
  }
  document.security = [{ bearer: [] }, {}];
  const components = (document.components ??= {});
  components.schemas = {
    ...components.schemas,
    ...(openApiPayloadComponents() as typeof components.schemas),
  };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      delete operation.security; // the document-wide optional bearer applies
      operation.parameters = operation.parameters?.filter(
        (p) => !(p.in === 'header' && p.name?.toLowerCase() === 'authorization'),
      );
      const responses = (operation.responses ??= {});
      if (!Object.keys(responses).some((code) => code.startsWith('4'))) responses['4XX'] = ERROR_RESPONSE;
    }
  }
  return document;
}
