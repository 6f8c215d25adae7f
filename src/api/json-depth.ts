/**
 * Rejects request bodies nested deeper than a limit before anything walks them: validators,
 * class-transformer and GraphQL's JSON scalar are recursive, and a body of a few thousand nested
 * objects (well under the size limit) would otherwise exhaust the stack (a 500).
 */
import type { NextFunction, Request, Response } from 'express';

/** Deep enough for any real command or query (GraphQL JSON arguments included). */
export const MAX_JSON_DEPTH = 32;

/** Depth of a parsed JSON value, measured without recursion. */
export function jsonDepth(value: unknown, stopAt = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > stopAt) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export function jsonDepthGuard(maxDepth: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.body !== undefined && jsonDepth(req.body, maxDepth) > maxDepth) {
      const error = { code: 'VALIDATION', message: `JSON nested deeper than ${maxDepth} levels`, maxDepth };
      // Each API answers in its own error shape.
      if (req.path.startsWith('/graphql')) {
        res
          .status(400)
          .json({ errors: [{ message: error.message, extensions: { code: error.code, maxDepth } }] });
      } else {
        res.status(400).json({ error });
      }
      return;
    }
    next();
  };
}
