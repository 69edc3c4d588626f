/** Nations card data: counts, ids, hooks, validation errors and spot checks against nations-cards.md. */
import { describe, expect, it } from 'vitest';
import {
  CARD_TYPES,
  EVENT_CARDS,
  HOOKS,
  NATIONS,
  NationsDataError,
  PROGRESS_CARDS,
  PROMO_EVENT_CARDS,
  PROMO_PROGRESS_CARDS,
  SOLO_TILES,
  eventCard,
  nationBoard,
  printedCard,
  progressCard,
  progressDeck,
  rawDataFiles,
  soloTile,
  validateNationsData,
} from '@tabula/nations';
import type { CardType, EventDef, NationsDataFiles } from '@tabula/nations';

const AGES = [1, 2, 3, 4] as const;

describe('counts (nations-cards.md §1.1, §2, §3, §6)', () => {
  it('has 296 progress cards, 74 per age: 36 basic + 19 advanced + 19 expert', () => {
    expect(PROGRESS_CARDS).toHaveLength(296);
    for (const age of AGES) {
      const deck = progressDeck(age);
      expect(deck).toHaveLength(74);
      expect(deck.filter((c) => c.level === 'basic')).toHaveLength(36);
      expect(deck.filter((c) => c.level === 'advanced')).toHaveLength(19);
      expect(deck.filter((c) => c.level === 'expert')).toHaveLength(19);
    }
  });

  // §1.1: the same composition in every age.
  const composition: Record<string, Record<CardType, number>> = {
    basic: { building: 8, military: 4, colony: 4, war: 4, battle: 4, goldenAge: 4, wonder: 4, advisor: 4 },
    advanced: { building: 3, military: 2, colony: 2, war: 2, battle: 2, goldenAge: 2, wonder: 3, advisor: 3 },
    expert: { building: 3, military: 2, colony: 2, war: 2, battle: 2, goldenAge: 2, wonder: 3, advisor: 3 },
  };
  it.each(AGES.flatMap((age) => Object.keys(composition).map((level) => [age, level] as const)))(
    'age %s %s cards have the §1.1 type counts',
    (age, level) => {
      const deck = progressDeck(age).filter((c) => c.level === level);
      const counts = Object.fromEntries(CARD_TYPES.map((t) => [t, deck.filter((c) => c.type === t).length]));
      expect(counts).toEqual(composition[level]);
    },
  );

  it('has the §1.1 totals per type', () => {
    const totals = Object.fromEntries(
      CARD_TYPES.map((t) => [t, PROGRESS_CARDS.filter((c) => c.type === t).length]),
    );
    expect(totals).toEqual({
      building: 56,
      military: 32,
      colony: 32,
      war: 32,
      battle: 32,
      goldenAge: 32,
      wonder: 40,
      advisor: 40,
    });
  });

  it('has 48 event cards, 12 per age, each with an upper and a lower event', () => {
    expect(EVENT_CARDS).toHaveLength(48);
    for (const age of AGES) expect(EVENT_CARDS.filter((e) => e.age === age)).toHaveLength(12);
    for (const e of EVENT_CARDS) expect(e.events).toHaveLength(2);
  });

  it('has 5 nations with an A and a B side', () => {
    expect(NATIONS).toHaveLength(10);
    for (const n of ['china', 'egypt', 'greece', 'persia', 'rome'])
      for (const side of ['A', 'B'] as const) expect(nationBoard(n, side)).toBeDefined();
  });

  it('has the 24 designed solo tiles, 6 per age, all marked designed', () => {
    expect(SOLO_TILES).toHaveLength(24);
    for (const age of AGES) expect(SOLO_TILES.filter((t) => t.age === age)).toHaveLength(6);
    expect(SOLO_TILES.every((t) => t.designed === true && t.vo.booksMode === 'set')).toBe(true);
  });

  it('keeps the promo cards apart (6 progress, 2 events, level promo)', () => {
    expect(PROMO_PROGRESS_CARDS.map((c) => c.id).sort()).toEqual(
      ['antikythera', 'grandduchy', 'kremlin', 'powergrid', 'tesla', 'turk'].sort(),
    );
    expect(PROMO_EVENT_CARDS.map((c) => c.id)).toEqual(['solareclipse', 'imperiumrex']);
    expect([...PROMO_PROGRESS_CARDS, ...PROMO_EVENT_CARDS].every((c) => c.level === 'promo')).toBe(true);
    expect(PROGRESS_CARDS.some((c) => c.level === 'promo')).toBe(false);
    expect(EVENT_CARDS.every((c) => c.level === 'basic')).toBe(true);
  });
});

describe('ids', () => {
  it('are unique slugs among progress cards (base, promo and printed)', () => {
    const printed = NATIONS.flatMap((b) => [...b.printed.map((p) => p.card), ...(b.completedWonders ?? [])]);
    const printedIds = new Set(printed.map((c) => c.id));
    const ids = [...PROGRESS_CARDS, ...PROMO_PROGRESS_CARDS].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [...ids, ...printedIds]) expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    for (const id of printedIds) expect(ids).not.toContain(id);
  });

  it('are unique among event cards and solo tiles', () => {
    const ev = [...EVENT_CARDS, ...PROMO_EVENT_CARDS].map((e) => e.id);
    expect(new Set(ev).size).toBe(ev.length);
    expect(new Set(SOLO_TILES.map((t) => t.id)).size).toBe(24);
  });

  it('resolve through the lookups', () => {
    expect(progressCard('colosseum')?.name).toBe('Colosseum');
    expect(progressCard('tesla')?.level).toBe('promo');
    expect(progressCard('nope')).toBeUndefined();
    expect(printedCard('s-axeman')?.raid).toBe(2);
    expect(eventCard('vasa')?.famine).toBe(0);
    expect(soloTile('S4-6')?.vo.books).toBe(45);
  });
});

describe('hooks (spec §19.5)', () => {
  const named = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'hook') named.add(String(x));
        walk(x);
      }
  };
  walk(rawDataFiles());

  it('every hook named by the data is in the hook list', () => {
    for (const h of named) expect(HOOKS).toContain(h);
  });

  it('the base game needs only machiavelli; the rest are promo hooks', () => {
    const base = new Set<string>();
    for (const c of PROGRESS_CARDS) if (c.hook) base.add(c.hook);
    expect([...base]).toEqual(['machiavelli']);
    expect([...named].sort()).toEqual(
      [
        'antikythera',
        'imperiumRex',
        'machiavelli',
        'mechanicalTurk',
        'powerGrid',
        'solarEclipse',
        'springAndAutumn',
      ].sort(),
    );
  });
});

describe('validation', () => {
  it('accepts the shipped data', () => {
    expect(() => validateNationsData(rawDataFiles())).not.toThrow();
  });

  type Files = Record<keyof NationsDataFiles, unknown>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Any = any;
  const card = (f: Files, file: keyof NationsDataFiles, id: string): Any =>
    (f[file] as Any[]).find((c: Any) => c.id === id);
  const event = (f: Files, id: string): Any => (f['events.json'] as Any[]).find((c: Any) => c.id === id);

  const cases: Array<[string, (f: Files) => void, string]> = [
    [
      'a negative amount',
      (f) => (card(f, 'progress-1.json', 'colosseum').onAcquire[0].pay.food = -2),
      'progress-1.json: card "colosseum" (age I wonder): onAcquire[0].pay.food must be a whole number ≥ 0',
    ],
    [
      'a fraction',
      (f) => (card(f, 'progress-2.json', 'cathedral').vpPerWorker[1] = 1.5),
      'progress-2.json: card "cathedral" (age II building): vpPerWorker[1] must be a whole number ≥ 0',
    ],
    [
      'a number written as a string',
      (f) => (card(f, 'progress-3.json', 'aztec').requiredStrength = '15'),
      'progress-3.json: card "aztec" (age III colony): requiredStrength must be a whole number ≥ 0',
    ],
    [
      'an unknown field',
      (f) => (card(f, 'progress-1.json', 'hoplite').colour = 'red'),
      'progress-1.json: card "hoplite" (age I military): colour is not a known field',
    ],
    [
      'a field of another card type',
      (f) => (card(f, 'progress-1.json', 'aqueduct').raid = 3),
      'progress-1.json: card "aqueduct" (age I building): raid is only for military cards',
    ],
    [
      'a missing type-specific field',
      (f) => delete card(f, 'progress-1.json', 'hunnic').war,
      'progress-1.json: card "hunnic" (age I war): war is missing',
    ],
    [
      'an unknown effect tag',
      (f) => (card(f, 'progress-1.json', 'stonehenge').onAcquire[0] = { gainz: { books: 6 } }),
      'progress-1.json: card "stonehenge" (age I wonder): onAcquire[0] is not a known effect',
    ],
    [
      'an unknown resource',
      (f) => (card(f, 'progress-4.json', 'darwin').onAcquire[0].gain = { silver: 15 }),
      'progress-4.json: card "darwin" (age IV wonder): onAcquire[0].gain.silver is not a resource',
    ],
    [
      'an unregistered hook',
      (f) => (card(f, 'progress-3.json', 'machiavelli').hook = 'machiavelliDeluxe'),
      'progress-3.json: card "machiavelli" (age III advisor): hook "machiavelliDeluxe" is not a registered hook',
    ],
    [
      'an unknown condition tag',
      (f) => (card(f, 'progress-1.json', 'qinshihuang').removeWhen = { leastStable: true }),
      'progress-1.json: card "qinshihuang" (age I advisor): removeWhen is not a known condition',
    ],
    [
      'an unknown metric',
      (f) => (card(f, 'progress-1.json', 'augustus').production[0].if = { best: 'might' }),
      'progress-1.json: card "augustus" (age I advisor): production[0].if.best "might" is not a known metric',
    ],
    [
      'an unknown modifier',
      (f) => card(f, 'progress-2.json', 'krak').static.push({ armour: 2 }),
      'progress-2.json: card "krak" (age II wonder): static[1] is not a known modifier',
    ],
    [
      'appliesTo inside a conditional modifier',
      (f) =>
        (card(f, 'progress-2.json', 'genghis').static[1] = {
          when: { best: 'strength' },
          modifier: { stability: -3, appliesTo: 'all' },
        }),
      'progress-2.json: card "genghis" (age II advisor): static[1].modifier.appliesTo is not a known field of a "stability" modifier',
    ],
    [
      'an unknown trigger event',
      (f) => (card(f, 'progress-3.json', 'sistine').triggers[0].on = 'architectHired'),
      'progress-3.json: card "sistine" (age III wonder): triggers[0].on "architectHired" is not a known trigger event',
    ],
    [
      'an unknown trigger filter',
      (f) => (card(f, 'progress-1.json', 'greatlighthouse').triggers[0].filter.row = 3),
      'progress-1.json: card "greatlighthouse" (age I wonder): triggers[0].filter.row is not a known filter of "buyCard"',
    ],
    [
      'an ability without timing',
      (f) => delete card(f, 'progress-2.json', 'piazza').abilities[0].timing,
      'progress-2.json: card "piazza" (age II wonder): abilities[0].timing is missing',
    ],
    [
      'an empty stage list',
      (f) => (card(f, 'progress-4.json', 'titanic').stages = []),
      'progress-4.json: card "titanic" (age IV wonder): stages must not be empty',
    ],
    [
      'a card in the wrong age file',
      (f) => (card(f, 'progress-2.json', 'mint').age = 3),
      'progress-2.json: card "mint" (age III building): age must be 2 in progress-2.json',
    ],
    [
      'a duplicate id across files',
      (f) => (f['progress-3.json'] as Any[]).push({ ...card(f, 'progress-1.json', 'forum'), age: 3 }),
      'progress-3.json: card "forum" (age III building): id "forum" is already used by a card of progress-1.json',
    ],
    [
      'a promo level in a base file',
      (f) => (card(f, 'progress-4.json', 'radio').level = 'promo'),
      'progress-4.json: card "radio" (age IV building): level "promo" cards belong in promo.json',
    ],
    [
      'a deeply nested bad target',
      (f) => (event(f, 'fourthcrusade').events[0].effects[0].offer.then[2].forEach = { weakest: 'strength' }),
      'events.json: event card "fourthcrusade" (age II): events[0].effects[0].offer.then[2].forEach is not a known target',
    ],
    [
      'a bad amount inside a split event half',
      (f) => (event(f, 'hellenism').events[0][1].effects[0].pay.food = 2.5),
      'events.json: event card "hellenism" (age I): events[0][1].effects[0].pay.food must be a whole number ≥ 0',
    ],
    [
      'a choice with one branch',
      (f) => (event(f, 'littleiceage').events[0].effects[0].choice = [[{ pay: { food: 3 } }]]),
      'events.json: event card "littleiceage" (age III): events[0].effects[0].choice must offer at least 2 branches',
    ],
    [
      'an event card with one half',
      (f) => event(f, 'taoism').events.pop(),
      'events.json: event card "taoism" (age I): events must hold the upper and the lower event (2 entries)',
    ],
    [
      'a negative famine',
      (f) => (event(f, 'krakatoa').famine = -3),
      'events.json: event card "krakatoa" (age IV): famine must be a whole number ≥ 0',
    ],
    [
      'an overfull population track',
      (f) => ((f['nations.json'] as Any[])[0].start.track.food = 5),
      'nations.json: nation board "china" side A: start.track.food must be a whole number ≥ 0 and ≤ 4',
    ],
    [
      'a building row too long for the rules (more than 30 slots)',
      (f) => ((f['nations.json'] as Any[])[0].slots.buildingMilitary = 31),
      'nations.json: nation board "china" side A: slots.buildingMilitary must be a whole number ≥ 1 and ≤ 30',
    ],
    [
      'a bad printed card',
      (f) => ((f['nations.json'] as Any[])[0].printed[4].card.raid = -2),
      'nations.json: nation board "china" side A: printed[4].card.raid must be a whole number ≥ 0',
    ],
    [
      'a duplicate board side',
      (f) => (f['nations.json'] as Any[]).push(structuredClone((f['nations.json'] as Any[])[0])),
      'nations.json: nation board "china" side A: side side A of "china" is listed twice',
    ],
    [
      'a solo action on an unknown value',
      (f) => ((f['solo-tiles.json'] as Any[])[0].action.voDelta = { gold: 2 }),
      'solo-tiles.json: solo tile "S1-1": action.voDelta.gold is not a known field',
    ],
  ];

  it.each(cases)('rejects %s, naming the entry', (_what, corrupt, message) => {
    const files = rawDataFiles() as Files;
    corrupt(files);
    expect(() => validateNationsData(files as NationsDataFiles)).toThrow(NationsDataError);
    expect(() => validateNationsData(files as NationsDataFiles)).toThrow(message);
  });
});

describe('spot checks against nations-cards.md', () => {
  // [id, expected fields] — values copied from the tables of nations-cards.md §1.
  const cards: Array<[string, Record<string, unknown>]> = [
    [
      'ziggurat',
      {
        age: 1,
        level: 'basic',
        deployCost: { stone: 1 },
        perWorker: { produce: { stone: 1 }, stability: 2 },
        vpPerWorker: [1, 1],
      },
    ],
    ['library', { age: 1, level: 'expert', perWorker: { produce: { gold: 1, books: 2 } } }],
    [
      'monastery',
      {
        age: 2,
        level: 'basic',
        deployCost: { stone: 2 },
        perWorker: { produce: { food: 1, books: 3 } },
        vpPerWorker: [1, 1, 1],
      },
    ],
    ['courthouse', { age: 3, perWorker: { produce: { books: 2 }, stability: 3 }, vpPerWorker: [2, 1, 1] }],
    [
      'radio',
      {
        age: 4,
        level: 'expert',
        deployCost: { stone: 4 },
        perWorker: { produce: { gold: 2 }, stability: 4 },
        vpPerWorker: [2, 2, 1],
      },
    ],
    ['immortal', { type: 'military', perWorker: { strength: 3, stability: -1 }, raid: 3 }],
    ['trireme', { level: 'advanced', deployCost: { stone: 2 }, perWorker: { strength: 3 }, raid: 3 }],
    [
      'longships',
      { age: 2, perWorker: { strength: 5, consume: { books: 1 } }, raid: 4, vpPerWorker: [1, 1, 2] },
    ],
    [
      'mercenary',
      {
        age: 3,
        deployCost: { stone: 2 },
        perWorker: { strength: 8, consume: { gold: 2 } },
        raid: 4,
        vpPerWorker: [1, 2, 2],
      },
    ],
    ['hakkapeliitta', { perWorker: { strength: 8, stability: -2 }, raid: 5 }],
    [
      'conscript',
      { age: 4, deployCost: { stone: 2 }, perWorker: { strength: 7 }, raid: 4, vpPerWorker: [1, 1, 1, 1] },
    ],
    [
      'dreadnought',
      {
        deployCost: { stone: 6 },
        perWorker: { strength: 14, consume: { stone: 3 } },
        raid: 7,
        vpPerWorker: [1, 2, 3],
      },
    ],
    ['macedonia', { type: 'colony', requiredStrength: 4, static: [{ strength: 2 }], endVp: 0 }],
    ['hindukush', { level: 'expert', requiredStrength: 9, production: [{ gain: { stone: 3 } }] }],
    ['crusader', { age: 2, requiredStrength: 13, static: [{ strength: 3 }], endVp: 2 }],
    ['tibet', { requiredStrength: 8, static: [{ stability: 3 }], endVp: 1 }],
    ['libya', { age: 4, requiredStrength: 30, production: [{ gain: { stone: 6 } }], endVp: 2 }],
    ['peloponnesian', { type: 'war', war: { vp: 1, loss: { books: 4 } } }],
    ['mongol', { age: 2, level: 'expert', war: { vp: 1, loss: { food: 10 } } }],
    ['civilwar', { age: 4, war: { vp: 1, loss: { books: 12 } } }],
    [
      'trafalgar',
      { type: 'battle', age: 4, level: 'expert', battle: { choices: ['books', 'food', 'stone'] } },
    ],
    [
      'threekingdomsga',
      { name: 'Three Kingdoms', age: 2, type: 'goldenAge', goldenAge: { gain: { books: 2 }, vpPrice: 2 } },
    ],
    ['jenny', { age: 4, goldenAge: { gain: { stone: 2 }, vpPrice: 4 } }],
    ['pyramids', { stages: [2, 1, 0], endVp: 3, production: [{ gain: { gold: 2 }, pay: { food: 2 } }] }],
    [
      'gardens',
      { stages: [1, 2], production: [{ gain: { food: 2 }, pay: { stone: 1 } }], static: [{ stability: 1 }] },
    ],
    [
      'terracotta',
      {
        stages: [0, 0, 3],
        endVp: 2,
        static: [{ strength: 1 }],
        onAcquire: [{ forEach: { worst: 'stability' }, effects: [{ pay: { gold: 4 } }] }],
      },
    ],
    ['krak', { stages: [5, 5], endVp: 2, static: [{ strength: 6 }] }],
    ['tajmahal', { stages: [3, 1, 2], endVp: 1, onAcquire: [{ gain: { books: 15 } }] }],
    ['versailles', { stages: [4, 0, 1], endVp: 4 }],
    ['suez', { stages: [2, 1], production: [{ gain: { gold: 3 } }], static: [{ strength: 4 }] }],
    ['potala', { endVp: [1, { per: { cards: { type: 'advisor' } }, n: 1 }] }],
    ['titanic', { stages: [2, 0, 2], endVp: 3 }],
    [
      'boudica',
      {
        production: [{ gain: { gold: 1, food: 1 } }],
        static: [{ strength: 1 }],
        removeWhen: { manned: 'military' },
      },
    ],
    [
      'archimedes',
      {
        architectsOnBoard: 1,
        production: [{ gain: { stone: 1 } }],
        static: [{ privateArchitectsPerRound: 1 }],
      },
    ],
    [
      'curie',
      {
        architectsOnBoard: 2,
        production: [{ gain: { stone: 4 } }],
        static: [{ privateArchitectsPerRound: 2 }],
      },
    ],
    ['harald', { production: [{ gain: { gold: 4 } }], removeWhen: { worst: 'strength' } }],
    ['antoinette', { production: [{ gain: { books: 10 } }], static: [{ stability: -3 }] }],
    [
      'linzexu',
      { production: [{ gain: { gold: 4, food: 4 } }, { pay: { books: 8 }, if: { worst: 'strength' } }] },
    ],
    [
      'shaka',
      {
        static: [{ strength: 8 }],
        triggers: [
          { on: 'buyCard', filter: { type: 'colony', by: 'other' }, effects: [{ gain: { stone: 5 } }] },
        ],
      },
    ],
    [
      'grandduchy',
      {
        type: 'colony',
        level: 'promo',
        requiredStrength: 21,
        production: [{ gain: { stone: 5 } }],
        endVp: 2,
      },
    ],
  ];
  it.each(cards)('%s', (id, expected) => {
    expect(progressCard(id)).toMatchObject(expected);
  });

  const flat = (h: EventDef | EventDef[]) => (Array.isArray(h) ? h : [h]);
  const events: Array<[string, number, number, number, string, string]> = [
    ['rigveda', 1, 0, 2, 'Rigveda', 'Exodus'],
    ['breadgames', 1, 2, 0, 'Bread and Games', 'Christianity'],
    ['attila', 1, 2, 3, 'Attila', 'Zoroastrian Revival'],
    ['ecological', 2, 2, 4, 'Ecological Collapse', 'Caste System'],
    ['benedictine', 2, 3, 1, 'Benedictine Rule', 'Paper Money'],
    ['imperialexam', 2, 1, 0, 'Imperial Examination', 'Justinian Code'],
    ['vasa', 3, 0, 0, 'Sinking of the Vasa', 'Peace of Westphalia'],
    ['pilgrims', 3, 3, 3, 'Pilgrims', 'Dutch Revolt'],
    ['absolutemonarchy', 3, 2, 5, 'Absolute Monarchy', 'Salem Witch Trials'],
    ['romanticism', 4, 2, 6, 'Romanticism', 'Industrial Revolution'],
    ['tonghak', 4, 0, 5, 'Tonghak Movement', 'Sepoy Mutiny'],
    ['sickman', 4, 3, 1, 'Sick Man of Europe', "Women's Suffrage"],
  ];
  it.each(events)(
    'event %s: age %s, %s architects, famine %s',
    (id, age, architects, famine, upper, lower) => {
      const e = eventCard(id)!;
      expect(e).toMatchObject({ age, architects, famine });
      expect(flat(e.events[0])[0]!.name).toBe(upper);
      expect(flat(e.events[1]!)[0]!.name).toBe(lower);
    },
  );

  it('event effects: Hajj from Mali, Tonghak, Great Exhibition', () => {
    expect(eventCard('feudal')!.events[1]).toMatchObject({
      target: { worst: 'stability' },
      effects: [{ payDownTo: { gold: 2 } }],
    });
    expect(eventCard('tonghak')!.events[0]).toMatchObject({
      effects: [{ pay: { books: 8 } }, { gain: { stone: 2 } }],
    });
    expect(eventCard('anarchism')!.events[1]).toMatchObject({
      nameRu: 'Грандиозная выставка',
      effects: [{ hireArchitectFree: 2, optional: true, upTo: true }],
    });
  });

  it('nation boards: A side and the five B sides (§3.2, §3.3)', () => {
    for (const b of NATIONS.filter((n) => n.side === 'A')) {
      expect(b.start).toEqual({
        res: { food: 3, stone: 6, gold: 6 },
        vp: 7,
        idleWorkers: 5,
        track: { food: 4, stability: 4 },
      });
      expect(b.slots).toEqual({ buildingMilitary: 5, maxMilitary: 3, advisor: 1, colonies: 2, wonders: 5 });
      expect(b.printed.map((p) => p.card.id)).toEqual([
        's-temple',
        's-quarry',
        's-farm',
        's-caravan',
        's-axeman',
      ]);
    }
    const b = (n: string) => nationBoard(n, 'B')!;
    expect(b('china')).toMatchObject({
      start: { res: { food: 1, stone: 5, gold: 5 }, vp: 3, idleWorkers: 6, track: { food: 3, stability: 4 } },
      slots: { buildingMilitary: 4, colonies: 1, wonders: 6 },
      production: [{ gain: { food: 1 }, if: { passed: 'first' } }],
    });
    expect(b('china').printed.map((p) => p.card.id)).toEqual(['s-farm', 's-quarry', 's-axeman', 's-pagoda']);
    expect(b('egypt')).toMatchObject({
      start: { res: { food: 2, stone: 7, gold: 5 }, vp: 4, idleWorkers: 5 },
      static: [{ privateArchitectsPerRound: 1 }],
    });
    expect(b('egypt').completedWonders![0]).toMatchObject({ id: 's-pyramids', stages: [2, 1, 0], endVp: 3 });
    expect(b('greece')).toMatchObject({ start: { vp: 5 }, static: [{ goldenAgeBonus: 1 }] });
    expect(b('greece').printed[2]!.card).toMatchObject({
      id: 's-hoplite',
      perWorker: { strength: 3, consume: { stone: 1 } },
    });
    expect(b('persia')).toMatchObject({
      start: { res: { food: 3, stone: 5, gold: 7 }, vp: 4 },
      slots: { colonies: 3 },
    });
    expect(b('rome')).toMatchObject({
      start: { res: { food: 2, stone: 6, gold: 6 }, vp: 4 },
      static: [{ strength: 2 }],
    });
    expect(printedCard('s-temple')).toMatchObject({
      perWorker: { produce: { gold: 1, books: 1 } },
      vpPerWorker: [1],
    });
    expect(printedCard('s-axeman')).toMatchObject({
      perWorker: { strength: 2, consume: { food: 1 } },
      raid: 2,
    });
  });

  it('solo tiles (§6, designed default)', () => {
    expect(soloTile('S1-1')).toEqual({
      id: 'S1-1',
      age: 1,
      vo: { strength: 3, stability: 2, books: 4, booksMode: 'set' },
      architects: 1,
      famine: 1,
      action: { voDelta: { strength: 2 } },
      designed: true,
    });
    expect(soloTile('S3-5')).toMatchObject({
      vo: { strength: 15, stability: 5, books: 25 },
      action: { voDelta: { stability: 1, books: 3 } },
    });
  });
});
