/** M2: the unit specials (data.md §4.2, §5; RW-ROUND-05/13/15/16/17, RW-DP-64) and the defensive developments (RW-DEV-07..14). */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@tabula/engine';
import { runewars as g, stronghold } from '@tabula/runewars';
import { act, area, asked, battleScenario, hits, side, specialScenario, u } from './battle-helpers.js';

describe('faction unit specials', () => {
  it('Concentrated Fire (Daqan Bowmen), RW-ROUND-05: the damage goes on a unit with more than 1 health if able', () => {
    const log: GameEvent[] = [];
    specialScenario(
      ['daqan', 'uthuk'],
      [['bowman', 1]],
      [
        [1, 'berserker', 1],
        [1, 'chaosLord', 1],
      ],
      0,
      'bowman',
      { log },
    );
    expect(hits(log)[0]).toBe('damaged chaosLord');
  });

  it("Command (Daqan Knights): one rout, then a Tactics card for the Knights' owner", () => {
    const log: GameEvent[] = [];
    const st = specialScenario(
      ['daqan', 'uthuk'],
      [['knight', 1]],
      [
        [1, 'berserker', 1],
        [1, 'warlock', 1],
      ],
      0,
      'knight',
      { log },
    );
    const tac = st.p[0]!.tac.length;
    expect(asked(st)).toEqual(['1:rw.battle.rout']);
    const l2 = act(st, 1, { type: 'rout', u: u('warlock'), d: 0 });
    expect(hits(l2)[0]).toBe('routed warlock');
    expect(st.p[0]!.tac.length).toBe(tac + 1);
  });

  it('Valiant Strike (Daqan Footmen): a unit that survives the damage takes one more', () => {
    const log: GameEvent[] = [];
    specialScenario(['daqan', 'latari'], [['footman', 1]], [[1, 'warrior', 1]], 0, 'footman', { log });
    expect(hits(log).slice(0, 2)).toEqual(['damaged warrior', 'killed warrior']);
  });

  it('Lay Siege (Daqan Siege Engines), RW-BATTLE-43: +2 strength at the tally, even if the engine falls later', () => {
    const log: GameEvent[] = [];
    specialScenario(['daqan', 'uthuk'], [['siege', 1]], [[1, 'berserker', 2]], 0, 'siege', { log });
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 3, dfn: 2 });
  });

  it('Charge (Latari Pegasus Riders), RW-DP-64: up to 2 triangles or 1 rectangle of his choice are routed', () => {
    const st = specialScenario(
      ['latari', 'uthuk'],
      [['pegasus', 1]],
      [
        [1, 'berserker', 2],
        [1, 'fleshRipper', 1],
      ],
      0,
      'pegasus',
    );
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'done' },
      { type: 'target', u: u('fleshRipper'), r: 0, d: 0 },
      { type: 'target', u: u('berserker'), r: 0, d: 0 },
    ]);
    act(st, 0, { type: 'target', u: u('berserker'), r: 0, d: 0 });
    // After a triangle, only another triangle (or stop).
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'done' },
      { type: 'target', u: u('berserker'), r: 0, d: 0 },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'target', u: u('berserker'), r: 0, d: 0 });
  });

  it('Word of Vaal (Latari Sorceresses), RW-ROUND-16, RW-RETREAT-11: the chosen enemy unit leaves the battle and retreats, its owner choosing where', () => {
    const st = specialScenario(
      ['latari', 'uthuk'],
      [['sorceress', 1]],
      [
        [1, 'berserker', 1],
        [1, 'chaosLord', 1],
      ],
      0,
      'sorceress',
    );
    act(st, 0, { type: 'target', u: u('chaosLord'), r: 0, d: 0 });
    expect(side(st, 1)).toEqual(['berserker']);
    expect(asked(st)).toEqual(['1:rw.retreat']); // the Chaos Lord's owner picks an empty area (several)
    const to = g.defaultAction(st, 1) as { area: number };
    act(st, 1, to);
    expect(st.ur[to.area * 30 + u('chaosLord')] ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('Overpower (Latari Warriors), RW-ROUND-17: 1 damage, or destroy a damaged or routed enemy unit of his choice', () => {
    const st = specialScenario(
      ['latari', 'uthuk'],
      [['warrior', 1]],
      [
        [1, 'berserker', 1],
        [1, 'chaosLord', 1],
      ],
      0,
      'warrior',
      {
        frame: (f) => (f.fr[f.fu.indexOf(u('chaosLord'))] = 1),
      },
    );
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'option', n: 0 },
      { type: 'option', n: 1 },
    ]);
    // The only damaged or routed enemy unit is taken at once.
    const log = act(st, 0, { type: 'option', n: 1 });
    expect(hits(log)[0]).toBe('killed chaosLord');
  });

  it('Mortal Strike (Waiqar Skeleton Archers), RW-DMG-05: the victim destroys a triangle, circle or rectangle, standing first; hexagons are spared', () => {
    const st = specialScenario(
      ['waiqar', 'uthuk'],
      [['skeleton', 1]],
      [
        [1, 'berserker', 1, true],
        [1, 'warlock', 1],
        [1, 'fleshRipper', 1],
        [1, 'chaosLord', 1],
      ],
      0,
      'skeleton',
    );
    expect(asked(st)).toEqual(['1:rw.battle.kill']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'kill', u: u('fleshRipper'), r: 0, d: 0 },
      { type: 'kill', u: u('warlock'), r: 0, d: 0 },
    ]);
  });

  it('Raise Dead (Waiqar Necromancers), RW-ROUND-15, RW-CLIMIT-01: two Reanimates from the supply join, and draw in round 3', () => {
    const log: GameEvent[] = [];
    specialScenario(['waiqar', 'uthuk'], [['necromancer', 1]], [[1, 'berserker', 1]], 0, 'necromancer', {
      log,
      init: 2,
    });
    expect(hits(log)[0]).toBe('raised reanimate');
    expect(log.filter((e) => e.key === 'rw.ev.fateDrawn').map((e) => e.params)).toEqual([
      { who: 0, n: 2, u: u('reanimate') },
    ]);
  });

  it('Overrun (Waiqar Reanimates), RW-ROUND-13: 2 damage only with two Reanimates standing when it resolves', () => {
    const a: GameEvent[] = [];
    specialScenario(['waiqar', 'uthuk'], [['reanimate', 2]], [[1, 'berserker', 2]], 0, 'reanimate', {
      log: a,
    });
    expect(hits(a).slice(0, 2)).toEqual(['killed berserker', 'killed berserker']);
    const b: GameEvent[] = [];
    specialScenario(['waiqar', 'uthuk'], [['reanimate', 2]], [[1, 'berserker', 2]], 0, 'reanimate', {
      log: b,
      frame: (f) => (f.fr[f.fu.indexOf(u('reanimate'))] = 1),
    });
    expect(hits(b)).toEqual([]);
  });

  it('Unholy Charge (Waiqar Dark Knights): 2 damage; a unit destroyed brings a Reanimate', () => {
    const log: GameEvent[] = [];
    specialScenario(['waiqar', 'uthuk'], [['darkKnight', 1]], [[1, 'berserker', 2]], 0, 'darkKnight', {
      log,
    });
    expect(hits(log).slice(0, 3)).toEqual(['killed berserker', 'killed berserker', 'raised reanimate']);
  });

  it('Ravenous (Uthuk Flesh Rippers): 1 damage and 1 rout', () => {
    const log: GameEvent[] = [];
    specialScenario(['uthuk', 'daqan'], [['fleshRipper', 1]], [[1, 'knight', 2]], 0, 'fleshRipper', { log });
    expect(hits(log).slice(0, 2)).toEqual(['damaged knight', 'routed knight']);
  });

  it('Fury (Uthuk Berserkers), RW-DP-88: destroy a standing Berserker to deal 2 damage — optional, declined by default', () => {
    const st = specialScenario(['uthuk', 'daqan'], [['berserker', 2]], [[1, 'footman', 2]], 0, 'berserker');
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'option', n: 1 },
      { type: 'option', n: 0 },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'option', n: 0 });
    const log = act(st, 0, { type: 'option', n: 1 });
    expect(hits(log).slice(0, 3)).toEqual(['killed berserker', 'killed footman', 'killed footman']);
  });

  it('Rain Fire (Uthuk Warlocks), RW-ROUND-17, RW-DP-64: the victim fulfils an option completely if he can — 2 triangles or 1 rectangle', () => {
    const st = specialScenario(
      ['uthuk', 'latari'],
      [['warlock', 1]],
      [
        [1, 'archer', 2],
        [1, 'warrior', 1],
      ],
      0,
      'warlock',
    );
    expect(asked(st)).toEqual(['1:rw.battle.option']);
    expect(g.legalActions(st, 1)).toEqual([
      { type: 'option', n: 0 },
      { type: 'option', n: 1 },
    ]);
    // With one triangle and no rectangle: as much as possible (the one triangle).
    const log: GameEvent[] = [];
    specialScenario(
      ['uthuk', 'latari'],
      [['warlock', 1]],
      [
        [1, 'archer', 1],
        [1, 'sorceress', 1],
      ],
      0,
      'warlock',
      { log },
    );
    expect(hits(log)[0]).toBe('killed archer');
  });

  it('Terrifying (Uthuk Chaos Lords): two enemy units, each routed, or destroyed if already routed', () => {
    const st = specialScenario(
      ['uthuk', 'latari'],
      [['chaosLord', 1]],
      [
        [1, 'archer', 1],
        [1, 'warrior', 1],
      ],
      0,
      'chaosLord',
      {
        frame: (f) => (f.fr[f.fu.indexOf(u('warrior'))] = 1),
      },
    );
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'target', u: u('archer'), r: 0, d: 0 },
      { type: 'target', u: u('warrior'), r: 1, d: 0 },
    ]);
    // The routed Warrior is destroyed; the second unit must be another one: the Archer, routed.
    const log = act(st, 0, { type: 'target', u: u('warrior'), r: 1, d: 0 });
    expect(hits(log).slice(0, 2)).toEqual(['killed warrior', 'routed archer']);
  });
});

describe('neutral unit specials (unallied defenders, RW-NEUT-22)', () => {
  it("Undying (Sorcerers): the side's Sorcerers have 2 health for the rest of the battle", () => {
    const log: GameEvent[] = [];
    specialScenario(['uthuk', 'latari'], [['berserker', 1]], [[-1, 'sorcerer', 2]], 1, 'sorcerer', {
      log,
      frame: (f, st) => {
        // the Berserker's card of this sub-round deals 1 damage (card 15: triangle D1)
        f.ty[0] = u('berserker');
        f.cs[0] = [14];
        f.kx[0] = 1;
        st.decks.fate = st.decks.fate.filter((c) => c !== 14);
      },
    });
    expect(hits(log)[0]).toBe('damaged sorcerer');
  });

  it('Stun (Razorwings): the opponent routs a unit of initiative 2 or more', () => {
    const st = specialScenario(
      ['latari', 'uthuk'],
      [
        ['archer', 1],
        ['pegasus', 1],
        ['warrior', 1],
      ],
      [[-1, 'razorwing', 1]],
      1,
      'razorwing',
    );
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'rout', u: u('pegasus'), d: 0 },
      { type: 'rout', u: u('warrior'), d: 0 },
    ]);
  });

  it('Ravage (Beastmen): 1 damage, then one more Fate card read in its triangle section at once', () => {
    const log: GameEvent[] = [];
    specialScenario(['latari', 'uthuk'], [['archer', 3]], [[-1, 'beastman', 1]], 1, 'beastman', { log });
    expect(hits(log)[0]).toBe('killed archer');
    expect(log.some((e) => e.key === 'rw.ev.fateExtra')).toBe(true);
  });

  it('Burning (Hell Hounds): the opponent deals 1 damage to each of two different standing units of his', () => {
    const st = specialScenario(
      ['daqan', 'uthuk'],
      [
        ['knight', 2],
        ['siege', 1],
      ],
      [[-1, 'hellhound', 1]],
      1,
      'hellhound',
    );
    act(st, 0, { type: 'hit', u: u('knight'), r: 0, d: 0 });
    // The damaged Knight may not take the second: another standing unit must.
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'hit', u: u('knight'), r: 0, d: 0 },
      { type: 'hit', u: u('siege'), r: 0, d: 0 },
    ]);
  });

  it('Flaming Breath (Dragons), RW-DMG-05: up to 3 enemy triangles destroyed, standing ones first', () => {
    const st = specialScenario(
      ['daqan', 'uthuk'],
      [
        ['footman', 2],
        ['knight', 1],
      ],
      [[-1, 'dragon', 1]],
      1,
      'dragon',
      {
        frame: (f) => (f.fr[f.fu.indexOf(u('footman'))] = 1),
      },
    );
    expect(g.legalActions(st, 0 + 1)).toEqual([
      { type: 'done' },
      { type: 'target', u: u('footman'), r: 0, d: 0 },
    ]);
  });

  it('Rage (Giants): 1 damage per damage token on one of its Giants', () => {
    const log: GameEvent[] = [];
    specialScenario(['latari', 'uthuk'], [['archer', 4]], [[-1, 'giant', 1]], 1, 'giant', {
      log,
      frame: (f) => (f.fd[f.fu.indexOf(u('giant'))] = 3),
    });
    expect(hits(log).slice(0, 3)).toEqual(['killed archer', 'killed archer', 'killed archer']);
  });
});

describe('defensive developments (RW-DEV-07..14, RW-BATTLE-40, RW-DP-68)', () => {
  const defended = (defender: string, dev: boolean, attackers: [string, number][], by = 'uthuk') =>
    battleScenario([by, defender], '4B', [], attackers, {
      orders: [2, 8],
      before: (s) => {
        stronghold(s, '4B', 1, false, dev ? 3 : -1);
        s.decks.fate = s.decks.fate.filter((c) => [0, 1, 2, 3, 10, 11].includes(c)); // triangle blanks only
      },
    });

  it('RW-DEV-10, RW-DEV-12: Protective Wards: the attacker retreats one of his standing units before the tally; the token stays', () => {
    const st = defended('latari', true, [
      ['berserker', 2],
      ['fleshRipper', 1],
    ]);
    expect(g.defaultAction(st, 1)).toEqual({ type: 'use', use: true });
    act(st, 1, { type: 'use', use: true });
    expect(asked(st)).toEqual(['0:rw.battle.target']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'target', u: u('fleshRipper'), r: 0, d: 0 },
      { type: 'target', u: u('berserker'), r: 0, d: 0 },
    ]);
    expect(g.defaultAction(st, 0)).toEqual({ type: 'target', u: u('fleshRipper'), r: 0, d: 0 });
  });

  it('RW-DEV-08, RW-DEV-12: Cursed Tomb: discarded to make the attacker rout three of his units', () => {
    const st = defended('waiqar', true, [['berserker', 4]]);
    const log = act(st, 1, { type: 'use', use: true });
    expect(hits(log).filter((x) => x.startsWith('routed'))).toHaveLength(3);
    expect(st.dev[area('4B')]).toBe(-1); // discarded (it can be rebuilt)
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 1, dfn: 5 });
  });

  it('RW-DEV-09: Hungry Spawn: discarded to deal four damage to the attacker, by the damage rules', () => {
    const st = defended(
      'uthuk',
      true,
      [
        ['footman', 3],
        ['knight', 2],
      ],
      'daqan',
    );
    const log = act(st, 1, { type: 'use', use: true });
    // Four damage assigned by the attacker, one token at a time: here the Knights (health 2) first.
    expect(asked(st)).toEqual(['0:rw.battle.damage']);
    const l2 = act(st, 0, { type: 'hit', u: u('knight'), r: 0, d: 0 });
    // The second token must go to the damaged Knight (forced); the third is his choice again.
    expect(hits(l2)).toEqual(['damaged knight', 'killed knight']);
    expect(g.legalActions(st, 0)).toEqual([
      { type: 'hit', u: u('knight'), r: 0, d: 0 },
      { type: 'hit', u: u('footman'), r: 0, d: 0 },
    ]);
    expect(st.dev[area('4B')]).toBe(-1);
    expect(log.map((e) => e.key)).toContain('rw.ev.fortification');
  });

  it('RW-DEV-11, RW-DEV-14: Reinforced Walls may be declined; used, they add 2', () => {
    const st = defended('daqan', true, [['berserker', 6]]);
    const log = act(st, 1, { type: 'use', use: false });
    expect(log.find((e) => e.key === 'rw.ev.tally')!.params).toMatchObject({ att: 6, dfn: 5 });
    expect(st.dev[area('4B')]).toBe(-1); // captured with the stronghold (RW-DEV-13)
  });
});
