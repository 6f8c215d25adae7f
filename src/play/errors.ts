/**
 * The server's error vocabulary. Every failure a client can cause is a GameError with one of
 * these codes; GraphQL puts the code in `extensions.code`, REST in the JSON body (with a matching
 * HTTP status). Rule violations from engines keep their own code in `ruleCode`.
 */
export const ErrorCodes = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  NOT_YOUR_TURN: 'NOT_YOUR_TURN',
  RULE_VIOLATION: 'RULE_VIOLATION',
  CONFLICT: 'CONFLICT',
  /** The game is not in a status that allows the request (e.g. a command for a finished game). */
  INVALID_STATE: 'INVALID_STATE',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export class GameError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra machine-readable detail, e.g. { ruleCode } or { currentVersion }. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GameError';
  }
}

export const httpStatusFor: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  RULE_VIOLATION: 422,
  CONFLICT: 409,
  INVALID_STATE: 409,
};
