/**
 * Great Western Trail, 2nd edition: component data as typed constants. Provenance: facts come from the
 * gwt2 component data compiled from Board Game Fiesta and cross-checked against the rulebook.
 */
export * from './types';
export * from './trail';
export * from './neutral-buildings';
export * from './player-buildings';
export * from './cattle';
export * from './objectives';
export * from './railroad';
export * from './tiles';
export * from './player-board';
export * from './scoring';
