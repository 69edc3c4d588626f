import type { AnyGame } from '@tabula/engine';
import type { TableConnection, TableState } from '../net/connection.js';

export interface TableProps {
  game: AnyGame;
  /** What a board may ask of the connection (a replay gives a stand-in: it has nothing to send). */
  conn: Pick<TableConnection, 'clearError'> & Partial<Pick<TableConnection, 'undo'>>;
  state: TableState;
  /** Name of a seat as shown to this player. */
  seatName: (seat: number) => string;
  /** Sends one of the legal actions. */
  act: (action: unknown) => void;
}
