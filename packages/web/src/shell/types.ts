import type { AnyGame } from '@tabula/engine';
import type { TableConnection, TableState } from '../net/connection.js';

export interface TableProps {
  game: AnyGame;
  conn: TableConnection;
  state: TableState;
  /** Name of a seat as shown to this player. */
  seatName: (seat: number) => string;
  /** Sends one of the legal actions. */
  act: (action: unknown) => void;
}
