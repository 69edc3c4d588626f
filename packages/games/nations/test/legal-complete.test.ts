/**
 * NAT-DP-4: the turn's listing is exactly the set of turn actions `apply` accepts. Over random mid-game
 * turns, every candidate action (every board space, every worker move and placement, every undeploy, both
 * hires, every ability of every card with every cost, end and pass) is tried on a copy of the state: the
 * accepted ones must be the listed ones, and the listing must name nothing twice.
 */
import { describe, expect, it } from 'vitest';
import { choosePrompt, Rng } from '@tabula/engine';
import { nationBoard, nations, printedCard, progressCard } from '@tabula/nations';
import type { NatAction, NatState } from '@tabula/nations';

function candidates(st: NatState, seat: number): NatAction[] {
  const p = st.players[seat]!;
  const out: NatAction[] = [];
  for (let row = 1; row <= 3; row++)
    for (let col = 0; col < st.cols; col++) out.push({ type: 'buy', row, col });
  for (let to = 0; to < p.row.length; to++)
    for (let from = -1; from < p.row.length; from++) out.push({ type: 'deploy', from, to });
  for (let slot = 0; slot < p.row.length; slot++) out.push({ type: 'undeploy', slot });
  out.push({ type: 'hire' }, { type: 'hire', private: true });
  const sources: Array<[number, string]> = [[-1, '']];
  for (const x of [...p.advisors, ...p.row, ...p.colonies, ...p.wonders]) if (x) sources.push([x.u, x.id]);
  for (const [u, id] of sources) {
    const abilities =
      (u === -1
        ? nationBoard(p.nation, p.side)?.abilities
        : (progressCard(id) ?? printedCard(id))?.abilities) ?? [];
    for (const ab of abilities) {
      const n = Array.isArray(ab.cost) ? ab.cost.length : 1;
      for (let c = 0; c < n; c++)
        out.push(
          n > 1
            ? { type: 'ability', card: u, ability: ab.id, cost: c }
            : { type: 'ability', card: u, ability: ab.id },
        );
    }
  }
  out.push({ type: 'end' }, { type: 'pass' });
  return out;
}

describe('the turn listing is complete and sound (NAT-DP-4)', () => {
  for (const players of [2, 3, 4, 5]) {
    it(`${players} players: every candidate apply accepts is listed, every listed one is accepted`, () => {
      let turns = 0;
      let listed = 0;
      for (let g = 0; g < 12; g++) {
        const opts = nations.parseOptions(g % 2 ? { includePromo: true } : {});
        if (!opts.ok) throw new Error(opts.error.message);
        const s = nations.setup(opts.value, players, `legal-${players}-${g}`);
        if (!s.ok) throw new Error(s.error.message);
        const st = s.value;
        const rng = new Rng(`legal-driver-${players}-${g}`);
        while (!nations.outcome(st)) {
          const prompt = choosePrompt(nations.prompts(st), rng)!;
          const legal = nations.legalActions(st, prompt.seat);
          if (prompt.kind === 'nat.turn' && rng.int(3) === 0) {
            turns++;
            listed += legal.length;
            const accepted = candidates(st, prompt.seat).filter(
              (a) => nations.apply(nations.clone(st), prompt.seat, a).ok,
            );
            const key = (a: NatAction) => JSON.stringify(a);
            expect(new Set(legal.map(key)).size).toBe(legal.length);
            expect([...legal].map(key).sort()).toEqual(accepted.map(key).sort());
          }
          const r = nations.apply(st, prompt.seat, legal[rng.int(legal.length)]!);
          if (!r.ok) throw new Error(r.error.message);
        }
      }
      expect(turns).toBeGreaterThan(100);
      expect(listed / turns).toBeGreaterThan(3);
    });
  }
});
