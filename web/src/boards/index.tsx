/** The board for a game type; any other type gets the folded JSON view. */
import type { FunctionComponent } from 'preact';
import { BangBoard } from './Bang';
import { CarsonBoard } from './Carson';
import { ColomaBoard } from './Coloma';
import { RawView, type BoardProps } from './common';
import { GwtBoard } from './Gwt';

const BOARDS: Record<string, FunctionComponent<BoardProps>> = {
  'carson-city': CarsonBoard,
  'bang-dice': BangBoard,
  'great-western-trail': GwtBoard,
  coloma: ColomaBoard,
};

export function Board(props: BoardProps & { type: string }) {
  const Component = BOARDS[props.type];
  if (!props.view || typeof props.view !== 'object') return <p class="muted">No view yet.</p>;
  if (!Component) return <RawView view={props.view} title="View" />;
  return <Component {...props} />;
}

export type { BoardProps };
