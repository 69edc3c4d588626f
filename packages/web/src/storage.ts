/** Matches this browser takes part in (seat tokens), kept in localStorage so any of them can be resumed. */
export interface MySeat {
  match: string;
  game: string;
  seat: number;
  token: string;
  name: string;
  at: string;
  /** Host token, for the creator (to start a match with open seats). */
  host?: string;
  /** Hotseat: several seats of one match played at this screen. */
  hotseat?: boolean;
  /** The creator's copy of every invited seat's token, for the waiting page's invite links. */
  invites?: { seat: number; token: string }[];
}

const KEY = 'tabula.seats.v1';

export function mySeats(): MySeat[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function rememberSeat(s: MySeat): void {
  const all = mySeats().filter((x) => !(x.match === s.match && x.seat === s.seat));
  all.unshift(s);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 200)));
}

export function seatsOf(match: string): MySeat[] {
  return mySeats().filter((s) => s.match === match);
}

export function playerName(): string {
  return localStorage.getItem('tabula.name') ?? '';
}

export function setPlayerName(n: string): void {
  localStorage.setItem('tabula.name', n);
}
