/**
 * Great Western Trail, 2nd edition: component data as typed constants. Provenance: facts come from the
 * gwt2 component data compiled from Board Game Fiesta and cross-checked against the rulebook.
 */
// Base game only. Uncertain (gwt2 README #15): the 2nd-edition solo opponent (Sam) is absent from the
// source, so no solo data is modelled here.
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
