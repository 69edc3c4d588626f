/**
 * Event cards whose effects use offer, choice, chooser, forEach, moveInOrder, removeCard, optionalUndeploy,
 * deployFree, hireArchitectFree, restoreWarLosses, lockPlayerOrder, repeat, if, payDownTo or modifier: each such
 * half is played here or, where the rulebook has a card note, in card-notes.test.ts (NAT-NOTE ids given). The list
 * was produced by a small script over src/data/events.json and promo.json; progress-cards.test.ts re-derives it
 * from the data and fails if a half has no test naming it ("id (Half name)"; a bare id names the upper half).
 *
 * Event halves (42):
 *   rigveda upper "Rigveda": repeat — event-cards
 *   yellowturban lower "Spartacus Revolt": moveInOrder — event-cards
 *   breadgames lower "Christianity": offer — event-cards
 *   attila lower "Zoroastrian Revival": choice, forEach, chooser — card-notes NAT-NOTE-24
 *   qinunification lower "Olympic Games": moveInOrder — card-notes NAT-NOTE-21
 *   hellenism lower "Ashoka's Conversion": optionalUndeploy — card-notes NAT-NOTE-34
 *   assyrian lower "Jain Ascetism": restoreWarLosses — card-notes NAT-NOTE-33
 *   seapeoples upper "Sea Peoples": choice — card-notes NAT-NOTE-19
 *   paxromana lower "Han Dynasty": offer — card-notes NAT-NOTE-17
 *   ecological upper "Ecological Collapse": offer, moveInOrder — event-cards
 *   benedictine lower "Paper Money": offer — event-cards
 *   peaceofgod upper "Peace of God": if — event-cards
 *   peaceofgod lower "Council of Clermont": repeat — event-cards
 *   fourthcrusade upper "Fourth Crusade": offer, forEach, chooser — card-notes NAT-NOTE-14
 *   fourthcrusade lower "Song Resistance": restoreWarLosses — card-notes NAT-NOTE-33
 *   feudal upper "Feudal Dues": lockPlayerOrder — card-notes NAT-NOTE-26
 *   feudal lower "Hajj from Mali": payDownTo — event-cards
 *   roland lower "Zanj Revolt": moveInOrder — event-cards
 *   littleiceage upper "Little Ice Age": choice — event-cards
 *   slavetrade lower "Glorious Revolution": offer, moveInOrder, choiceOrder — card-notes NAT-NOTE-15
 *   janissaries upper "Janissaries": offer — card-notes NAT-NOTE-17
 *   croprotation lower "Mercantilism": optionalUndeploy — card-notes NAT-NOTE-34
 *   vasa upper "Sinking of the Vasa": choice, modifier — card-notes NAT-NOTE-18
 *   pilgrims lower "Dutch Revolt": moveInOrder — event-cards
 *   spicetrade lower "Müntzer Revolt": moveInOrder — event-cards
 *   absolutemonarchy lower "Salem Witch Trials": choice, removeCard — event-cards
 *   tulipmania lower "Kangxi Era": moveInOrder — event-cards
 *   magellan upper "Magellan's Expedition": repeat — event-cards
 *   magellan lower "Papal Indulgence": hireArchitectFree — event-cards
 *   tonghak lower "Sepoy Mutiny": moveInOrder — event-cards
 *   sokoto upper "Sokoto Caliphate": offer — event-cards
 *   entente upper "Entente Cordiale": deployFree — card-notes NAT-NOTE-34
 *   weltpolitik upper "Weltpolitik": repeat — event-cards
 *   moscow upper "March to Moscow": removeCard — event-cards
 *   moscow lower "Taiping Rebellion": moveInOrder — event-cards
 *   anarchism upper "Anarchism": removeCard — event-cards
 *   anarchism lower "Great Exhibition": hireArchitectFree — card-notes NAT-NOTE-16
 *   americanrev upper "American Revolution": removeCard — event-cards
 *   americanrev lower "French Revolution": removeCard — event-cards
 *   solareclipse upper "Solar Eclipse": hook — skipped (hook not implemented; excluded from games, checked)
 *   solareclipse lower "Spring and Autumn Period": hook — skipped (hook not implemented; excluded from games, checked)
 *   imperiumrex upper "Imperium Rex": hook — skipped (hook not implemented; excluded from games, checked)
 */
import { describe, expect, it } from 'vitest';
import {
  addAdvisor,
  addColony,
  addWonder,
  allRes,
  answer,
  ids,
  midGame,
  options,
  resolveHalf,
  setRes,
  setStab,
  setStr,
  vps,
} from './helpers.js';

// ---------------------------------------------------------------- age I

describe('event cards, age I', () => {
  it('rigveda (Rigveda): everyone gains 1 book per war and per battle it bought this round', () => {
    const st = midGame();
    st.players[0]!.bought = ['hunnic', 'cannae', 'aeneid'];
    st.players[2]!.bought = ['kadesh'];
    resolveHalf(st, 'rigveda', 0);
    expect(allRes(st, 'books')).toEqual([2, 0, 1]);
  });

  it('yellowturban (Spartacus Revolt): the least stable go last as a block, then pay 1 gold', () => {
    const st = midGame();
    setStab(st, 2, 2);
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 1 });
    resolveHalf(st, 'yellowturban', 1);
    expect(st.order).toEqual([2, 0, 1]);
    expect(allRes(st, 'gold')).toEqual([0, 0, 1]);
  });

  it('breadgames (Christianity): everyone may pay 4 food for 6 books; asked in reverse order, unaffordable skipped', () => {
    const st = midGame();
    setRes(st, 0, { food: 4 });
    setRes(st, 2, { food: 5 });
    resolveHalf(st, 'breadgames', 1);
    expect(st.pending).toMatchObject({ s: 2, kind: 'offer' });
    answer(st, { accept: false });
    expect(st.pending).toMatchObject({ s: 0, kind: 'offer' }); // seat 1 cannot pay 4 food
    answer(st, { accept: true });
    expect(allRes(st, 'food')).toEqual([0, 0, 5]);
    expect(allRes(st, 'books')).toEqual([6, 0, 0]);
  });
});

// ---------------------------------------------------------------- age II

describe('event cards, age II', () => {
  it('ecological (Ecological Collapse): pay 2 food or go last; non-payers keep their relative order', () => {
    const st = midGame(3, 3);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 2 });
    resolveHalf(st, 'ecological', 0);
    expect(st.pending).toMatchObject({ s: 2, kind: 'offer' });
    answer(st, { accept: true });
    answer(st, { accept: false });
    answer(st, { accept: false });
    expect(st.order).toEqual([2, 0, 1]);
    expect(allRes(st, 'food')).toEqual([2, 2, 0]);
  });

  it('ecological (Ecological Collapse): a nation that cannot pay goes last without being asked', () => {
    const st = midGame(3, 3);
    setRes(st, 1, { food: 2 });
    setRes(st, 2, { food: 2 });
    resolveHalf(st, 'ecological', 0);
    answer(st, { accept: true }); // seat 2
    answer(st, { accept: true }); // seat 1; seat 0 cannot pay
    expect(st.pending).toBeNull();
    expect(st.order).toEqual([1, 2, 0]);
  });

  it('benedictine (Paper Money): everyone may pay 3 food for 5 gold', () => {
    const st = midGame(3, 3);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 3 });
    resolveHalf(st, 'benedictine', 1);
    answer(st, { accept: true });
    answer(st, { accept: false });
    answer(st, { accept: true });
    expect(allRes(st, 'gold')).toEqual([5, 0, 5]);
    expect(allRes(st, 'food')).toEqual([0, 3, 0]);
  });

  it('peaceofgod (Peace of God): the strongest gains 4 books only if another nation bought the war', () => {
    const st = midGame(3, 3);
    setStr(st, 0, 5);
    resolveHalf(st, 'peaceofgod', 0);
    expect(allRes(st, 'books')).toEqual([0, 0, 0]);
    st.war = { id: 'hundredyears', marker: 5, buyer: 0 };
    resolveHalf(st, 'peaceofgod', 0);
    expect(allRes(st, 'books')).toEqual([0, 0, 0]);
    st.war = { id: 'hundredyears', marker: 0, buyer: 1 };
    resolveHalf(st, 'peaceofgod', 0);
    expect(allRes(st, 'books')).toEqual([4, 0, 0]);
  });

  it('peaceofgod (Council of Clermont): everyone gains 1 VP per age-II colony', () => {
    const st = midGame(3, 3);
    addColony(st, 0, 'greenland');
    addColony(st, 0, 'tibet');
    addColony(st, 1, 'nubia');
    resolveHalf(st, 'peaceofgod', 1);
    expect(vps(st)).toEqual([12, 10, 10]);
  });

  it('feudal (Hajj from Mali): the least stable lose all gold above 2, never a shortage', () => {
    const st = midGame(3, 3);
    setStab(st, 0, 2);
    setRes(st, 0, { gold: 9 });
    setRes(st, 1, { gold: 9 });
    setRes(st, 2, { gold: 1 });
    resolveHalf(st, 'feudal', 1);
    expect(allRes(st, 'gold')).toEqual([9, 2, 1]);
    expect(vps(st)).toEqual([10, 10, 10]);
  });

  it('roland (Zanj Revolt): the least stable go last, then lose 2 food', () => {
    const st = midGame(3, 3);
    setStab(st, 1, 1);
    setStab(st, 2, 1);
    setRes(st, 0, { food: 2 });
    resolveHalf(st, 'roland', 1);
    expect(st.order).toEqual([1, 2, 0]);
    expect(allRes(st, 'food')).toEqual([0, 0, 0]);
  });
});

// ---------------------------------------------------------------- age III

describe('event cards, age III', () => {
  it('littleiceage (Little Ice Age): every nation chooses −3 food or −5 books, in reverse order, applied in order', () => {
    const st = midGame(3, 5);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 3, books: 5 });
    resolveHalf(st, 'littleiceage', 0);
    expect(st.pending).toMatchObject({ s: 2, kind: 'choice' });
    answer(st, { branch: 0 });
    answer(st, { branch: 1 });
    expect(allRes(st, 'food')).toEqual([3, 3, 3]); // nothing applied before the last decision
    answer(st, { branch: 0 });
    expect(allRes(st, 'food')).toEqual([0, 3, 0]);
    expect(allRes(st, 'books')).toEqual([5, 0, 5]);
  });

  it('pilgrims (Dutch Revolt): the least stable go last, then lose 3 gold', () => {
    const st = midGame(3, 5);
    setStab(st, 1, 1);
    setStab(st, 2, 1);
    setRes(st, 0, { gold: 4 });
    resolveHalf(st, 'pilgrims', 1);
    expect(st.order).toEqual([1, 2, 0]);
    expect(allRes(st, 'gold')).toEqual([1, 0, 0]);
  });

  it('spicetrade (Müntzer Revolt): the least stable go last, then lose 3 stone', () => {
    const st = midGame(3, 5);
    setStab(st, 0, 1);
    setStab(st, 2, 1);
    setRes(st, 1, { stone: 4 });
    resolveHalf(st, 'spicetrade', 1);
    expect(st.order).toEqual([0, 2, 1]);
    expect(allRes(st, 'stone')).toEqual([0, 1, 0]);
  });

  it('absolutemonarchy (Salem Witch Trials): the least stable pay 3 gold or remove an advisor; without one, gold', () => {
    const st = midGame(3, 5);
    setStab(st, 2, 1);
    addAdvisor(st, 0, 'galileo');
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 3 });
    resolveHalf(st, 'absolutemonarchy', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'choice' }); // seat 1 has no advisor: no question
    expect(options(st).map((o) => o.branch)).toEqual([0, 1]);
    answer(st, { branch: 1 });
    expect(st.players[0]!.advisors).toEqual([]);
    expect(allRes(st, 'gold')).toEqual([3, 0, 3]);
  });

  it('absolutemonarchy (Salem Witch Trials): with two advisors (Porcelain Tower) the owner picks which', () => {
    const st = midGame(3, 5);
    setStab(st, 1, 1);
    setStab(st, 2, 1);
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'galileo');
    addAdvisor(st, 0, 'peter');
    resolveHalf(st, 'absolutemonarchy', 1);
    answer(st, { branch: 1 });
    expect(st.pending?.kind).toBe('removeCard');
    answer(st, { remove: st.players[0]!.advisors[1]!.u });
    expect(ids(st.players[0]!.advisors)).toEqual(['galileo']);
  });

  it('tulipmania (Kangxi Era): the most stable goes first and gains 3 gold', () => {
    const st = midGame(3, 5);
    setStab(st, 2, 3);
    resolveHalf(st, 'tulipmania', 1);
    expect(st.order).toEqual([2, 0, 1]);
    expect(allRes(st, 'gold')).toEqual([0, 0, 3]);
  });

  it('magellan (Magellan’s Expedition): everyone gains 5 gold per colony bought this round', () => {
    const st = midGame(3, 5);
    st.players[1]!.bought = ['quebec', 'aztec', 'clocks'];
    resolveHalf(st, 'magellan', 0);
    expect(allRes(st, 'gold')).toEqual([0, 10, 0]);
  });

  it('magellan (Papal Indulgence): the most stable may place 1 free architect; every other nation loses 2 gold', () => {
    const st = midGame(3, 5);
    setStab(st, 0, 3);
    st.players[0]!.wip = { id: 'tajmahal', u: st.uid++, built: 0 };
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 2 });
    resolveHalf(st, 'magellan', 1);
    expect(st.pending).toMatchObject({ s: 0, kind: 'freeArch' });
    expect(options(st).map((o) => o.n)).toEqual([0, 1]);
    answer(st, { n: 1 });
    expect(st.players[0]!.wip!.built).toBe(1);
    expect(allRes(st, 'gold')).toEqual([2, 0, 0]);
  });

  it('magellan (Papal Indulgence): a tie for most stable gives nobody the architect and everyone pays (NAT-EVENT-12)', () => {
    const st = midGame(3, 5);
    setStab(st, 0, 3);
    setStab(st, 1, 3);
    st.players[0]!.wip = { id: 'tajmahal', u: st.uid++, built: 0 };
    for (const s of [0, 1, 2]) setRes(st, s, { gold: 2 });
    resolveHalf(st, 'magellan', 1);
    expect(st.pending).toBeNull();
    expect(st.players[0]!.wip!.built).toBe(0);
    expect(allRes(st, 'gold')).toEqual([0, 0, 0]);
  });
});

// ---------------------------------------------------------------- age IV

describe('event cards, age IV', () => {
  it('tonghak (Sepoy Mutiny): the least stable go last, then lose 5 gold', () => {
    const st = midGame(3, 7);
    setStab(st, 1, 2);
    setStab(st, 2, -4);
    setStab(st, 0, -1); // every negative value is one tie group
    setRes(st, 0, { gold: 5 });
    setRes(st, 2, { gold: 6 });
    resolveHalf(st, 'tonghak', 1);
    expect(st.order).toEqual([1, 0, 2]);
    expect(allRes(st, 'gold')).toEqual([0, 0, 1]);
  });

  it('sokoto (Sokoto Caliphate): everyone may pay 4 food for 8 gold', () => {
    const st = midGame(3, 7);
    for (const s of [0, 1, 2]) setRes(st, s, { food: 4 });
    resolveHalf(st, 'sokoto', 0);
    answer(st, { accept: false });
    answer(st, { accept: true });
    answer(st, { accept: false });
    expect(allRes(st, 'gold')).toEqual([0, 8, 0]);
    expect(allRes(st, 'food')).toEqual([4, 0, 4]);
  });

  it('weltpolitik (Weltpolitik): everyone gains 5 gold and 5 stone per age-IV colony', () => {
    const st = midGame(3, 7);
    addColony(st, 0, 'congo');
    addColony(st, 0, 'india');
    addColony(st, 1, 'quebec');
    addColony(st, 2, 'nigeria');
    resolveHalf(st, 'weltpolitik', 0);
    expect(allRes(st, 'gold')).toEqual([10, 0, 5]);
    expect(allRes(st, 'stone')).toEqual([10, 0, 5]);
  });

  it('moscow (March to Moscow): the least food remove one of their colonies (their choice), or lose 1 VP', () => {
    const st = midGame(3, 7);
    setRes(st, 2, { food: 5 });
    addColony(st, 0, 'congo');
    addColony(st, 0, 'india');
    resolveHalf(st, 'moscow', 0);
    expect(st.pending).toMatchObject({ s: 0, kind: 'removeCard' });
    answer(st, { remove: st.players[0]!.colonies[0]!.u });
    expect(ids(st.players[0]!.colonies)).toEqual(['india']);
    expect(vps(st)).toEqual([10, 9, 10]);
  });

  it('moscow (Taiping Rebellion): the least stable go last, then lose 10 books', () => {
    const st = midGame(3, 7);
    setStab(st, 1, 2);
    setStab(st, 2, 2);
    setRes(st, 0, { books: 12 });
    resolveHalf(st, 'moscow', 1);
    expect(st.order).toEqual([1, 2, 0]);
    expect(allRes(st, 'books')).toEqual([2, 0, 0]);
  });

  it('anarchism (Anarchism): the weakest remove all their advisors and lose 1 VP', () => {
    const st = midGame(3, 7);
    setStr(st, 1, 4);
    setStr(st, 2, 4);
    addWonder(st, 0, 'porcelain');
    addAdvisor(st, 0, 'nobel');
    addAdvisor(st, 0, 'curie');
    addAdvisor(st, 1, 'lincoln');
    resolveHalf(st, 'anarchism', 0);
    expect(st.players[0]!.advisors).toEqual([]);
    expect(ids(st.players[1]!.advisors)).toEqual(['lincoln']);
    expect(vps(st)).toEqual([9, 10, 10]);
  });

  it('americanrev (American Revolution): the weakest remove a colony, or lose 1 VP without one', () => {
    const st = midGame(3, 7);
    setStr(st, 2, 4);
    addColony(st, 0, 'congo');
    resolveHalf(st, 'americanrev', 0);
    expect(st.players[0]!.colonies).toEqual([]);
    expect(vps(st)).toEqual([10, 9, 10]);
  });

  it('americanrev (French Revolution): the least stable remove an advisor, or lose 2 VP without one', () => {
    const st = midGame(3, 7);
    setStab(st, 2, 4);
    setStab(st, 0, 3);
    addAdvisor(st, 1, 'lincoln'); // +3 stability: tied with seat 0, below seat 2
    resolveHalf(st, 'americanrev', 1);
    expect(st.players[1]!.advisors).toEqual([]);
    expect(vps(st)).toEqual([8, 10, 10]);
  });
});
