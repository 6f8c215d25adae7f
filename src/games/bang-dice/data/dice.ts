/**
 * The five identical dice (spec §1). Each die has the six faces once; the engine maps a fair d6
 * result 1..6 onto this order, so a forced test roll can name faces directly.
 */
export const FACES = ['ARROW', 'DYNAMITE', 'ONE', 'TWO', 'BEER', 'GATLING'] as const;
export type Face = (typeof FACES)[number];

export const DICE_COUNT = 5;

/** Arrow tokens are strictly limited: taking the last one triggers the Indian attack (spec §3.3). */
export const ARROW_SUPPLY = 9;

export function faceOf(d6: number): Face {
  return FACES[d6 - 1];
}

export function isFace(value: unknown): value is Face {
  return typeof value === 'string' && (FACES as readonly string[]).includes(value);
}

export function countFaces(dice: readonly Face[], face: Face): number {
  return dice.filter((f) => f === face).length;
}

export function isShotFace(face: Face): face is 'ONE' | 'TWO' {
  return face === 'ONE' || face === 'TWO';
}
