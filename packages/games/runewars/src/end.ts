/**
 * The end of the game (RW-YEAR-03, RW-VICT-14..16): after the 7th winter every rune token is turned
 * face up; the most dragon runes wins; ties go to the most influence (not counting influence on Titles),
 * then to the highest starting influence. Eliminated players are out of the ranking (RW-ELIM-02); the
 * early wins (Victory cards, the last player standing) are in victory.ts.
 */
import type { EventSink, Seat } from '@tabula/engine';
import { emit } from '@tabula/engine';
import { board, dragonRunes, pk } from './common.js';
import type { RwState } from './types.js';

export function scoreGame(st: RwState, log: EventSink): void {
  const p = pk(st);
  for (const a of board(st).on) if (st.rk[a]! >= 0) st.rup[a] = 1;
  const runes = st.p.map((_, s) => dragonRunes(st, s));
  const key = (s: Seat) => [runes[s]!, st.p[s]!.inf, p.factions[st.fac[s]!]!.influence];
  const seats = st.p.map((_, s) => s).filter((s) => !st.p[s]!.out);
  seats.sort((a, b) => {
    const ka = key(a),
      kb = key(b);
    for (let i = 0; i < 3; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return a - b;
  });
  const w = seats[0]!;
  st.score = runes;
  st.over = { winners: [w], reason: 'runes', scores: runes };
  emit(log, 'rw.ev.revealAll', {}, ['RW-VICT-14', 'RW-RUNE-23']);
  emit(log, 'rw.ev.gameOver', { seat: w, n: runes[w] }, [
    'RW-VICT-14',
    'RW-VICT-15',
    'RW-VICT-16',
    'RW-YEAR-03',
  ]);
}
