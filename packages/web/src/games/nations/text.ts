/**
 * The words of a Nations card, event or solo tile, in English or Russian, read from the card data (the
 * game's effect vocabulary, spec §19.1): the full text shown on hover, focus or tap, and the pieces of the
 * short line drawn on the card (icons with numbers). Nothing here knows a card by name: every card of the
 * data, promo cards and cards a future data file adds, is worded by the same rules.
 */
import type {
  Bag,
  CardFilter,
  CardType,
  Cond,
  Counter,
  Effect,
  EndVpTerm,
  EventDef,
  EventHalf,
  Metric,
  Modifier,
  ModifierBody,
  NationBoard,
  ProgressCard,
  Res,
  SoloTile,
  Target,
  Trigger,
} from '@tabula/nations';
import { cardName, eventCard, messages, printedCard, progressCard } from '@tabula/nations';

export type L = 'en' | 'ru';
const RES: readonly Res[] = ['gold', 'stone', 'food', 'books'];
export const ROMAN = ['', 'I', 'II', 'III', 'IV'];

/** A word of the game's own catalog (types, resources, hooks, abilities). */
export function cat(l: L, key: string): string {
  return messages[l]?.[key] ?? messages.en?.[key] ?? key;
}

/** Russian plural form: 1 книга, 2 книги, 5 книг. */
export function ruPlural(n: number, one: string, few: string, many: string): string {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return many;
  if (b === 1) return one;
  if (b >= 2 && b <= 4) return few;
  return many;
}

const RU_RES: Record<Res, [string, string, string]> = {
  gold: ['золото', 'золота', 'золота'],
  stone: ['камень', 'камня', 'камней'],
  food: ['еда', 'еды', 'еды'],
  books: ['книга', 'книги', 'книг'],
};
const EN_RES: Record<Res, [string, string]> = {
  gold: ['gold', 'gold'],
  stone: ['stone', 'stone'],
  food: ['food', 'food'],
  books: ['book', 'books'],
};

const RU_ACC_ONE: Record<Res, string> = { gold: 'золото', stone: 'камень', food: 'еду', books: 'книгу' };

/** "2 gold", "1 book", "5 книг" (`acc`: the Russian accusative, "заплатите 1 еду"). */
export function amount(n: number, r: Res, l: L, acc = false): string {
  if (l === 'ru') {
    const f = RU_RES[r];
    return `${n} ${ruPlural(n, acc ? RU_ACC_ONE[r] : f[0], f[1], f[2])}`;
  }
  return `${n} ${EN_RES[r][n === 1 ? 0 : 1]}`;
}
/** A resource's name on its own ("books", "книги"). */
export function resWord(r: Res, l: L): string {
  return cat(l, `nat.res.${r}`);
}
export function bagWords(b: Bag | undefined, l: L, sign = '', acc = false): string {
  const parts = RES.filter((r) => (b?.[r] ?? 0) > 0).map((r) => `${sign}${amount(b![r]!, r, l, acc)}`);
  return parts.length ? parts.join(', ') : l === 'ru' ? 'ничего' : 'nothing';
}
const vpWords = (n: number, l: L) =>
  `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)} ${l === 'ru' ? 'ПО' : 'VP'}`;
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const workersW = (n: number, l: L) =>
  l === 'ru' ? `${n} ${ruPlural(n, 'рабочего', 'рабочих', 'рабочих')}` : `${n} worker${n === 1 ? '' : 's'}`;
const archW = (n: number, l: L) =>
  l === 'ru'
    ? `${n} ${ruPlural(n, 'архитектора', 'архитекторов', 'архитекторов')}`
    : `${n} architect${n === 1 ? '' : 's'}`;

export function typeName(t: CardType, l: L): string {
  return cat(l, `nat.type.${t}`);
}
const typesOr = (ts: readonly CardType[], l: L) =>
  ts.map((t) => (l === 'ru' ? `«${typeName(t, l)}»` : typeName(t, l))).join(l === 'ru' ? ' или ' : ' or ');

/** "age IV colony cards" / "карты «колония» эпохи IV". */
function filterWords(f: CardFilter, l: L): string {
  const types = f.type === undefined ? [] : Array.isArray(f.type) ? f.type : [f.type];
  const ages = f.age === undefined ? [] : Array.isArray(f.age) ? f.age : [f.age];
  const ageW = ages.length
    ? ages.map((a) => (a === 'current' ? (l === 'ru' ? 'текущей' : 'current') : ROMAN[a])).join(', ')
    : '';
  if (l === 'ru') {
    const t = types.length ? `карты ${typesOr(types, l)}` : 'карты';
    return `${f.requireManned ? 'занятые ' : ''}${t}${ageW ? ` эпохи ${ageW}` : ''}`;
  }
  const t = types.length ? `${typesOr(types, l)} cards` : 'cards';
  return `${f.requireManned ? 'manned ' : ''}${ageW ? `age ${ageW} ` : ''}${t}`;
}

// ---------------------------------------------------------------- metrics, conditions, counters

const METRIC: Record<string, { en: [string, string, string, string]; ru: [string, string, string, string] }> =
  {
    // [the best nation, the worst nation(s), you are the best, you are the worst]
    strength: {
      en: ['The strongest nation', 'The weakest nation', 'you are the strongest', 'you are the weakest'],
      ru: ['Самая сильная нация', 'Самая слабая нация', 'вы сильнейшая нация', 'вы слабейшая нация'],
    },
    stability: {
      en: [
        'The most stable nation',
        'The least stable nation',
        'you are the most stable',
        'you are the least stable',
      ],
      ru: [
        'Самая стабильная нация',
        'Наименее стабильная нация',
        'вы самая стабильная нация',
        'вы наименее стабильная нация',
      ],
    },
    books: {
      en: [
        'The nation with the most books',
        'The nation with the fewest books',
        'you have the most books',
        'you have the fewest books',
      ],
      ru: [
        'Нация с наибольшим числом книг',
        'Нация с наименьшим числом книг',
        'у вас больше всех книг',
        'у вас меньше всех книг',
      ],
    },
    workers: {
      en: [
        'The nation with the most workers',
        'The nation with the fewest workers',
        'you have the most workers',
        'you have the fewest workers',
      ],
      ru: [
        'Нация с наибольшим числом рабочих',
        'Нация с наименьшим числом рабочих',
        'у вас больше всех рабочих',
        'у вас меньше всех рабочих',
      ],
    },
    gold: {
      en: [
        'The nation with the most gold',
        'The nation with the least gold',
        'you have the most gold',
        'you have the least gold',
      ],
      ru: [
        'Нация с наибольшим запасом золота',
        'Нация с наименьшим запасом золота',
        'у вас больше всех золота',
        'у вас меньше всех золота',
      ],
    },
    food: {
      en: [
        'The nation with the most food',
        'The nation with the least food',
        'you have the most food',
        'you have the least food',
      ],
      ru: [
        'Нация с наибольшим запасом еды',
        'Нация с наименьшим запасом еды',
        'у вас больше всех еды',
        'у вас меньше всех еды',
      ],
    },
    stone: {
      en: [
        'The nation with the most stone',
        'The nation with the least stone',
        'you have the most stone',
        'you have the least stone',
      ],
      ru: [
        'Нация с наибольшим запасом камня',
        'Нация с наименьшим запасом камня',
        'у вас больше всех камня',
        'у вас меньше всех камня',
      ],
    },
    vp: {
      en: [
        'The nation with the most VP',
        'The nation with the fewest VP',
        'you have the most VP',
        'you have the fewest VP',
      ],
      ru: [
        'Нация с наибольшим числом ПО',
        'Нация с наименьшим числом ПО',
        'у вас больше всех ПО',
        'у вас меньше всех ПО',
      ],
    },
  };
const METRIC_NOUN: Record<string, [string, string]> = {
  strength: ['strength', 'мощь'],
  stability: ['stability', 'стабильность'],
  books: ['books', 'книги'],
  workers: ['workers', 'рабочие'],
  gold: ['gold', 'золото'],
  food: ['food', 'еда'],
  stone: ['stone', 'камень'],
  vp: ['VP', 'ПО'],
};

function counterWords(k: Counter, l: L): string {
  const ru = l === 'ru';
  if ('cards' in k) return ru ? `ваши ${filterWords(k.cards, l)}` : `your ${filterWords(k.cards, l)}`;
  if ('workersOn' in k)
    return ru
      ? `рабочие на ваших картах ${filterWords(k.workersOn, l).replace(/^карты /, '')}`
      : `workers on your ${filterWords(k.workersOn, l)}`;
  if ('boughtThisRound' in k)
    return ru
      ? `${filterWords(k.boughtThisRound, l)}, купленные в этом раунде`
      : `${filterWords(k.boughtThisRound, l)} bought this round`;
  if ('resource' in k)
    return ru ? `каждые ${amount(k.per, k.resource, l)}` : `every ${amount(k.per, k.resource, l)}`;
  if ('emptyTrackSpaces' in k) {
    const side = k.emptyTrackSpaces;
    if (ru)
      return side === 'any'
        ? 'пустые места на шкале населения'
        : `пустые места на ${side === 'food' ? 'стороне еды' : 'стороне стабильности'}`;
    return side === 'any' ? 'empty population-track spaces' : `empty spaces on your ${side} side`;
  }
  if ('constant' in k) return String(k.constant);
  return ru ? 'бросок кубика' : 'a die roll';
}

/** "per war or battle card bought this round", "за каждую вашу карту «колония» эпохи II". */
function perWords(k: Counter, l: L): string {
  const ru = l === 'ru';
  const kinds = (f: CardFilter) => {
    const types = f.type === undefined ? [] : Array.isArray(f.type) ? f.type : [f.type];
    const ages = f.age === undefined ? [] : Array.isArray(f.age) ? f.age : [f.age];
    const ageW = ages.map((a) => (a === 'current' ? (ru ? 'текущей' : 'current') : ROMAN[a])).join(', ');
    return { t: types.length ? typesOr(types, l) : '', age: ageW };
  };
  if ('cards' in k) {
    const { t, age } = kinds(k.cards);
    return ru
      ? `за каждую вашу ${k.cards.requireManned ? 'занятую ' : ''}карту${t ? ` ${t}` : ''}${age ? ` эпохи ${age}` : ''}`
      : `per ${k.cards.requireManned ? 'manned ' : ''}${t ? `${t} ` : ''}card${age ? ` of age ${age}` : ''} you have`;
  }
  if ('workersOn' in k) {
    const { t, age } = kinds(k.workersOn);
    return ru
      ? `за каждого рабочего на ваших картах${t ? ` ${t}` : ''}${age ? ` эпохи ${age}` : ''}`
      : `per worker on your ${t ? `${t} ` : ''}cards${age ? ` of age ${age}` : ''}`;
  }
  if ('boughtThisRound' in k) {
    const { t, age } = kinds(k.boughtThisRound);
    return ru
      ? `за каждую карту${t ? ` ${t}` : ''}${age ? ` эпохи ${age}` : ''}, купленную вами в этом раунде`
      : `per ${t ? `${t} ` : ''}card${age ? ` of age ${age}` : ''} you bought this round`;
  }
  if ('resource' in k)
    return ru ? `за каждые ${amount(k.per, k.resource, l)}` : `per ${amount(k.per, k.resource, l)}`;
  if ('emptyTrackSpaces' in k) {
    const side = k.emptyTrackSpaces;
    if (ru)
      return side === 'any'
        ? 'за каждое пустое место на шкале населения'
        : `за каждое пустое место на ${side === 'food' ? 'стороне еды' : 'стороне стабильности'}`;
    return side === 'any' ? 'per empty population-track space' : `per empty space on your ${side} side`;
  }
  if ('constant' in k) return `×${k.constant}`;
  return ru ? 'за каждое очко на кубике' : 'per pip of a die roll';
}

function metricWords(m: Metric, l: L): string {
  if (typeof m === 'string') return METRIC_NOUN[m]![l === 'ru' ? 1 : 0];
  return counterWords(m.counter, l);
}

/** The nation(s) best or worst at a metric, as a subject. */
function rankSubject(m: Metric, worst: boolean, l: L): string {
  if (typeof m === 'string') return METRIC[m]![l][worst ? 1 : 0];
  return l === 'ru'
    ? `Нация, у которой ${worst ? 'меньше всех' : 'больше всех'}: ${counterWords(m.counter, l)}`
    : `The nation with the ${worst ? 'fewest' : 'most'} ${counterWords(m.counter, l)}`;
}
function rankCond(m: Metric, worst: boolean, l: L): string {
  if (typeof m === 'string') return METRIC[m]![l][worst ? 3 : 2];
  return l === 'ru'
    ? `у вас меньше/больше всех: ${counterWords(m.counter, l)}`.replace(
        'меньше/больше',
        worst ? 'меньше' : 'больше',
      )
    : `you have the ${worst ? 'fewest' : 'most'} ${counterWords(m.counter, l)}`;
}

const OPS: Record<string, string> = { '<': '<', '<=': '≤', '==': '=', '>=': '≥', '>': '>' };

export function condWords(c: Cond, l: L): string {
  const ru = l === 'ru';
  if ('best' in c) return rankCond(c.best, false, l);
  if ('worst' in c) return rankCond(c.worst, true, l);
  if ('passed' in c)
    return ru
      ? `вы спасовали ${c.passed === 'first' ? 'первым' : 'последним'}`
      : `you passed ${c.passed === 'first' ? 'first' : 'last'}`;
  if ('manned' in c)
    return c.manned === 'any'
      ? ru
        ? 'на ваших картах есть рабочие'
        : 'you have a manned card'
      : ru
        ? `у вас есть занятая карта «${typeName(c.manned, l)}»`
        : `you have a manned ${typeName(c.manned, l)}`;
  if ('has' in c)
    return ru
      ? `у вас есть ${c.min && c.min > 1 ? `не меньше ${c.min}: ` : ''}${filterWords(c.has, l)}`
      : `you have ${c.min && c.min > 1 ? `at least ${c.min} ` : ''}${filterWords(c.has, l)}`;
  if ('boughtThisRound' in c)
    return ru
      ? `в этом раунде вы купили ${c.min && c.min > 1 ? `не меньше ${c.min}: ` : ''}${filterWords(c.boughtThisRound, l)}`
      : `you bought ${c.min && c.min > 1 ? `at least ${c.min} ` : ''}${filterWords(c.boughtThisRound, l)} this round`;
  if ('aboveWarMarker' in c)
    return ru ? 'ваша мощь выше маркера войны' : 'your strength is above the war marker';
  if ('warBoughtBy' in c)
    return c.warBoughtBy === 'self'
      ? ru
        ? 'войну этого раунда купили вы'
        : 'you bought this round’s war'
      : c.warBoughtBy === 'other'
        ? ru
          ? 'войну этого раунда купила другая нация'
          : 'another nation bought this round’s war'
        : ru
          ? 'в этом раунде куплена война'
          : 'a war was bought this round';
  if ('defeatedInWar' in c) return ru ? 'вы проиграли войну' : 'you were defeated in the war';
  if ('wonderInProgress' in c)
    return ru ? 'у вас строится чудо света' : 'you have a wonder under construction';
  if ('count' in c) return `${counterWords(c.count, l)} ${OPS[c.op]} ${c.n}`;
  if ('metric' in c) return `${metricWords(c.metric, l)} ${OPS[c.op]} ${c.n}`;
  if ('all' in c) return c.all.map((x) => condWords(x, l)).join(ru ? ' и ' : ' and ');
  if ('any' in c) return c.any.map((x) => condWords(x, l)).join(ru ? ' или ' : ' or ');
  return ru ? `неверно, что ${condWords(c.not, l)}` : `not: ${condWords(c.not, l)}`;
}

// ---------------------------------------------------------------- targets and effects

export function targetWords(t: Target, l: L): string {
  const ru = l === 'ru';
  if (t === 'self') return ru ? 'Вы' : 'You';
  if (t === 'all') return ru ? 'Каждая нация' : 'Every nation';
  if ('best' in t)
    return (
      rankSubject(t.best, false, l) +
      ('tieBreak' in t ? (ru ? ' (ничьи — по очерёдности хода)' : ' (ties by player order)') : '')
    );
  if ('worst' in t) return rankSubject(t.worst, true, l);
  if ('passed' in t)
    return ru
      ? `Нация, спасовавшая ${t.passed === 'first' ? 'первой' : 'последней'}`
      : `The nation that passed ${t.passed === 'first' ? 'first' : 'last'}`;
  if ('allExcept' in t) {
    const who = t.allExcept
      .map((x) => ('best' in x ? rankSubject(x.best, false, l) : rankSubject(x.worst, true, l)).toLowerCase())
      .join(ru ? ' и ' : ' and ');
    return ru ? `Каждая нация, кроме: ${who}` : `Every nation except ${who}`;
  }
  if ('othersOf' in t)
    return t.othersOf === 'chooser'
      ? ru
        ? 'Каждая нация, кроме выбирающей'
        : 'Every nation but the chooser'
      : ru
        ? 'Каждая другая нация'
        : 'Every other nation';
  if ('peersOf' in t) return ru ? 'Нации вровень с выбирающей' : 'The nations tied with the chooser';
  return ru ? `Каждая нация, если ${condWords(t.where, l)}` : `Every nation where ${condWords(t.where, l)}`;
}

function modBody(m: ModifierBody, l: L): string {
  const ru = l === 'ru';
  if ('strength' in m) return `${signed(m.strength)} ${ru ? 'к мощи' : 'strength'}`;
  if ('stability' in m) return `${signed(m.stability)} ${ru ? 'к стабильности' : 'stability'}`;
  if ('strengthFloor' in m)
    return ru ? `мощь не ниже ${m.strengthFloor}` : `strength at least ${m.strengthFloor}`;
  if ('goldenAgeBonus' in m)
    return ru
      ? `золотой век даёт на ${m.goldenAgeBonus} больше`
      : `golden ages give ${m.goldenAgeBonus} more`;
  if ('raidBonus' in m) return ru ? `${signed(m.raidBonus)} к рейду` : `${signed(m.raidBonus)} raid`;
  if ('advisorSlots' in m)
    return ru ? `${signed(m.advisorSlots)} место для советника` : `${signed(m.advisorSlots)} advisor slot`;
  if ('colonySlots' in m)
    return ru ? `${signed(m.colonySlots)} место для колонии` : `${signed(m.colonySlots)} colony slot`;
  if ('wonderSlots' in m)
    return ru ? `${signed(m.wonderSlots)} место для чуда` : `${signed(m.wonderSlots)} wonder slot`;
  if ('warDefense' in m)
    return ru ? `+${m.warDefense} мощь при проверке войны` : `+${m.warDefense} strength against wars`;
  if ('warVpImmune' in m)
    return ru
      ? `не теряете ПО за войну, если ${condWords(m.warVpImmune, l)}`
      : `lose no VP to wars if ${condWords(m.warVpImmune, l)}`;
  if ('warExtraLoss' in m)
    return ru
      ? `проигравшие войну теряют ещё ${bagWords(m.warExtraLoss, l)}`
      : `nations defeated in a war lose ${bagWords(m.warExtraLoss, l)} more`;
  if ('ignoreUpkeep' in m)
    return ru
      ? `без содержания карт «${typeName(m.ignoreUpkeep.cardType, l)}»`
      : `no upkeep for ${typeName(m.ignoreUpkeep.cardType, l)} cards`;
  if ('noShortageVp' in m) return ru ? 'не теряете ПО при нехватке' : 'lose no VP for shortages';
  if ('countsAsLeastStable' in m)
    return ru ? 'считаетесь наименее стабильной нацией' : 'count as the least stable nation';
  if ('cannotBuy' in m)
    return ru
      ? `нельзя покупать карты «${typeName(m.cannotBuy, l)}»`
      : `cannot buy ${typeName(m.cannotBuy, l)} cards`;
  if ('skipFirstTurn' in m) return ru ? 'пропускаете первый ход раунда' : 'skip your first turn each round';
  if ('cardPrice' in m) {
    const p = m.cardPrice;
    const what = p.type
      ? ru
        ? `карты «${typeName(p.type, l)}»`
        : `${typeName(p.type, l)} cards`
      : ru
        ? 'карты'
        : 'cards';
    const row = p.row ? (ru ? ` в ряду ${p.row}` : ` in row ${p.row}`) : '';
    return ru
      ? `${what}${row} стоят ${signed(p.delta)} золото`
      : `${what}${row} cost ${signed(p.delta)} gold`;
  }
  if ('deployCost' in m) {
    const d = m.deployCost;
    const what = d.type
      ? ru
        ? ` на карты «${typeName(d.type, l)}»`
        : ` onto ${typeName(d.type, l)} cards`
      : '';
    const min = d.min !== undefined ? (ru ? ` (не меньше ${d.min})` : ` (at least ${d.min})`) : '';
    return ru
      ? `выставление${what}: ${signed(d.delta)} камень${min}`
      : `deploying${what} costs ${signed(d.delta)} stone${min}`;
  }
  if ('architectCost' in m)
    return ru
      ? `архитектор: ${signed(m.architectCost.delta)} камень`
      : `architects cost ${signed(m.architectCost.delta)} stone`;
  if ('colonyRequirement' in m)
    return ru
      ? `колонии требуют ${signed(m.colonyRequirement.delta)} мощи`
      : `colonies need ${signed(m.colonyRequirement.delta)} strength`;
  if ('firstTurnExtraActions' in m)
    return ru
      ? `+${m.firstTurnExtraActions} действие в первый ход раунда`
      : `+${m.firstTurnExtraActions} action on your first turn each round`;
  if ('privateArchitectsPerRound' in m)
    return ru
      ? `+${archW(m.privateArchitectsPerRound, l).replace(/архитектора|архитекторов/, 'личных архитектора')} каждый раунд`.replace(
          /^\+1 личных архитектора/,
          '+1 личный архитектор',
        )
      : `+${m.privateArchitectsPerRound} private architect${m.privateArchitectsPerRound === 1 ? '' : 's'} each round`;
  if ('growthAmount' in m)
    return ru ? `рост даёт ${signed(m.growthAmount.delta)}` : `growth gives ${signed(m.growthAmount.delta)}`;
  return ru
    ? `если ${condWords(m.when, l)}: ${modBody(m.modifier, l)}`
    : `if ${condWords(m.when, l)}: ${modBody(m.modifier, l)}`;
}

export function modWords(m: Modifier, l: L): string {
  const ru = l === 'ru';
  const who =
    m.appliesTo === 'others'
      ? ru
        ? 'Другие нации: '
        : 'Other nations: '
      : m.appliesTo === 'all'
        ? ru
          ? 'Все нации: '
          : 'All nations: '
        : '';
  return who + modBody(m, l);
}

export function effectWords(e: Effect, l: L): string {
  const ru = l === 'ru';
  if ('gain' in e) return bagWords(e.gain, l, '+');
  if ('gainChoice' in e)
    return ru
      ? `+${e.n} на выбор: ${e.gainChoice.map((r) => resWord(r, l)).join(', ')}`
      : `+${e.n} of your choice of ${e.gainChoice.map((r) => resWord(r, l)).join(', ')}`;
  if ('pay' in e) return ru ? `заплатите ${bagWords(e.pay, l, '', true)}` : `pay ${bagWords(e.pay, l)}`;
  if ('payDownTo' in e)
    return RES.filter((r) => e.payDownTo[r] !== undefined)
      .map((r) =>
        ru
          ? `сбросьте ${resWord(r, l)} до ${e.payDownTo[r]}`
          : `lose ${resWord(r, l)} down to ${e.payDownTo[r]}`,
      )
      .join(', ');
  if ('vp' in e) return vpWords(e.vp, l);
  if ('gainWorker' in e)
    return ru
      ? `+${workersW(e.gainWorker, l).replace('рабочего', 'рабочий')}`
      : `+${workersW(e.gainWorker, l)}`;
  if ('loseWorker' in e)
    return ru ? `потеряйте ${workersW(e.loseWorker, l)}` : `lose ${workersW(e.loseWorker, l)}`;
  if ('hireArchitectFree' in e)
    return ru
      ? `${e.upTo ? 'до ' : ''}${archW(e.hireArchitectFree, l)} бесплатно на ваше чудо${e.optional ? ' (по желанию)' : ''}`
      : `${e.upTo ? 'up to ' : ''}${archW(e.hireArchitectFree, l)} free on your wonder${e.optional ? ' (optional)' : ''}`;
  if ('removeArchitectFromWonder' in e)
    return ru
      ? `снимите ${archW(e.removeArchitectFromWonder, l)} с вашего чуда`
      : `remove ${archW(e.removeArchitectFromWonder, l)} from your wonder`;
  if ('privateArchitects' in e)
    return ru
      ? `+${e.privateArchitects} личн. архитектор в этом раунде`
      : `+${e.privateArchitects} private architect this round`;
  if ('extraActions' in e) {
    const RU_VERB = { buy: 'покупка', deploy: 'выставление', hire: 'наём' } as const;
    const r = e.restrict ? (ru ? ` (только ${RU_VERB[e.restrict]})` : ` (${e.restrict} only)`) : '';
    return ru
      ? `+${e.extraActions} доп. действие${r}`
      : `+${e.extraActions} extra action${e.extraActions === 1 ? '' : 's'}${r}`;
  }
  if ('deployFree' in e) {
    const onto =
      e.onto === 'boughtCard'
        ? ru
          ? ' на купленную карту'
          : ' onto the card bought'
        : e.onto
          ? ru
            ? ` на ${filterWords(e.onto, l).replace(/^карты/, 'карты')}`
            : ` onto ${filterWords(e.onto, l)}`
          : '';
    return ru
      ? `выставьте ${workersW(e.deployFree, l)}${onto} без оплаты камня${e.optional ? ' (по желанию)' : ''}`
      : `deploy ${workersW(e.deployFree, l)}${onto} without paying stone${e.optional ? ' (optional)' : ''}`;
  }
  if ('optionalUndeploy' in e)
    return ru
      ? `можете снять рабочих с карт «${typeName(e.optionalUndeploy.from, l)}»: ${bagWords(e.rewardPerWorker, l, '+')} за каждого`
      : `you may take workers off your ${typeName(e.optionalUndeploy.from, l)} cards: ${bagWords(e.rewardPerWorker, l, '+')} per worker`;
  if ('takeCardFree' in e)
    return ru
      ? `бесплатно возьмите с поля прогресса карту ${typesOr(e.takeCardFree.types, l)}`
      : `take a ${typesOr(e.takeCardFree.types, l)} from the progress board for free`;
  if ('swapBoardCards' in e)
    return ru ? 'поменяйте местами две карты на поле прогресса' : 'swap two cards on the progress board';
  if ('skipTurn' in e) return ru ? 'пропустите ход (без паса)' : 'skip a turn (without passing)';
  if ('moveInOrder' in e)
    return ru
      ? `станьте ${e.moveInOrder === 'first' ? 'первым' : 'последним'} в очерёдности хода`
      : `move to ${e.moveInOrder} place in player order`;
  if ('lockPlayerOrder' in e)
    return ru ? 'очерёдность хода в этом раунде не меняется' : 'player order does not change this round';
  if ('removeCard' in e) {
    const t = typeName(e.removeCard.type, l);
    const main =
      e.removeCard.which === 'all'
        ? ru
          ? `сбросьте все свои карты «${t}»`
          : `remove all your ${t} cards`
        : ru
          ? `сбросьте одну свою карту «${t}» (на выбор)`
          : `remove one of your ${t} cards (your choice)`;
    return e.elseEffects
      ? `${main}; ${ru ? 'если её нет' : 'if you have none'}: ${effectsWords(e.elseEffects, l)}`
      : main;
  }
  if ('restoreWarLosses' in e)
    return e.restoreWarLosses === 'all'
      ? ru
        ? 'верните всё, что потеряли в войне этого раунда'
        : 'regain everything lost to this round’s war'
      : ru
        ? 'верните ПО, потерянные в войне этого раунда'
        : 'regain the VP lost to this round’s war';
  if ('modifier' in e)
    return `${modWords(e.modifier, l)} ${
      e.until === 'endOfRound'
        ? ru
          ? 'до конца раунда'
          : 'until the end of the round'
        : ru
          ? 'до конца события'
          : 'until the end of the event'
    }`;
  if ('choice' in e)
    return `${ru ? 'выберите' : 'choose'}: ${e.choice
      .map((b) => effectsWords(b, l) || (ru ? 'ничего' : 'nothing'))
      .join(ru ? ' — или — ' : ' — or — ')}`;
  if ('offer' in e) {
    const o = e.offer;
    const head = o.cost
      ? ru
        ? `можете заплатить ${bagWords(o.cost, l, '', true)}`
        : `you may pay ${bagWords(o.cost, l)}`
      : ru
        ? 'можете принять'
        : 'you may accept';
    const then = o.then.length ? `: ${effectsWords(o.then, l)}` : '';
    const all = o.allOrNothing ? (ru ? ' (всё или ничего)' : ' (all or nothing)') : '';
    const other = o.otherwise?.length
      ? `; ${ru ? 'иначе' : 'otherwise'}: ${effectsWords(o.otherwise, l)}`
      : '';
    return `${head}${then}${all}${other}`;
  }
  if ('if' in e)
    return `${ru ? 'если' : 'if'} ${condWords(e.if, l)}: ${effectsWords(e.then, l)}${
      e.else?.length ? `; ${ru ? 'иначе' : 'otherwise'}: ${effectsWords(e.else, l)}` : ''
    }`;
  if ('repeat' in e)
    return 'die' in e.repeat
      ? ru
        ? `бросьте кубик, столько раз: ${effectsWords(e.effects, l)}`
        : `roll a die; that many times: ${effectsWords(e.effects, l)}`
      : ru
        ? `${effectsWords(e.effects, l)} ${perWords(e.repeat, l)}`
        : `${effectsWords(e.effects, l)} ${perWords(e.repeat, l)}`;
  if ('forEach' in e) return `${targetWords(e.forEach, l)}: ${effectsWords(e.effects, l)}`;
  return hookLine(e.hook, l);
}

export function effectsWords(list: readonly Effect[], l: L): string {
  return list.map((e) => effectWords(e, l)).join('; ');
}

function triggerWords(t: Trigger, l: L): string {
  const ru = l === 'ru';
  const f = (t.filter ?? {}) as Record<string, unknown>;
  let when = '';
  switch (t.on) {
    case 'buyCard': {
      const ty = typeof f.type === 'string' ? typeName(f.type as CardType, l) : '';
      const by =
        f.by === 'other'
          ? ru
            ? 'другая нация покупает'
            : 'another nation buys'
          : ru
            ? 'вы покупаете'
            : 'you buy';
      const card = ty ? (ru ? `карту «${ty}»` : `a ${ty}`) : ru ? 'карту' : 'a card';
      const price =
        typeof f.pricePaid === 'number'
          ? ru
            ? ` за ${f.pricePaid} золота`
            : ` for ${f.pricePaid} gold`
          : '';
      when = ru ? `Когда ${by} ${card}${price}` : `Each time ${by} ${card}${price}`;
      break;
    }
    case 'wonderCompleted':
      when = f.other
        ? ru
          ? 'Когда другая нация достраивает чудо'
          : 'Each time another nation completes a wonder'
        : ru
          ? 'Когда вы достраиваете чудо'
          : 'Each time you complete a wonder';
      break;
    case 'hireArchitect':
      when = ru ? 'Когда вы нанимаете архитектора' : 'Each time you hire an architect';
      break;
    case 'coverCard':
      when = ru
        ? 'Когда вы накрываете здание зданием более поздней эпохи'
        : 'Each time you cover a building with a building of a later age';
      break;
    case 'goldReachedZero':
      when = ru ? 'Когда ваше золото доходит до 0' : 'Each time your gold reaches 0';
      break;
    case 'passed':
      when = f.first
        ? ru
          ? 'Если вы пасуете первым'
          : 'When you pass first'
        : ru
          ? 'Когда вы пасуете'
          : 'When you pass';
      break;
    case 'defeatedInWar':
      when = ru ? 'Когда вы проигрываете войну' : 'When you are defeated in a war';
      break;
    case 'endOfAge':
      when = ru ? 'В конце каждой эпохи' : 'At the end of each age';
      break;
    case 'roundStart':
      when = ru ? 'В начале каждого раунда' : 'At the start of each round';
      break;
  }
  const cond = t.if ? (ru ? `, если ${condWords(t.if, l)}` : `, if ${condWords(t.if, l)}`) : '';
  return `${when}${cond}: ${effectsWords(t.effects, l)}`;
}

function endVpWords(v: EndVpTerm | EndVpTerm[], l: L): string {
  const terms = Array.isArray(v) ? v : [v];
  return terms
    .map((x) =>
      typeof x === 'number'
        ? vpWords(x, l).replace(/^\+/, '')
        : 'per' in x
          ? l === 'ru'
            ? `${x.n} ПО ${perWords(x.per, l)}`
            : `${x.n} VP ${perWords(x.per, l)}`
          : l === 'ru'
            ? `${x.n} ПО, если ${condWords(x.if, l)}`
            : `${x.n} VP if ${condWords(x.if, l)}`,
    )
    .join(' + ');
}

/** Any progress or printed card's record (undefined for an unknown id). */
export function cardData(id: string): ProgressCard | undefined {
  return progressCard(id) ?? printedCard(id);
}

/** Whether a card does more than its numbers say (an ability, trigger, removal, special scoring…). */
export function isSpecial(c: ProgressCard): boolean {
  return !!(
    c.abilities?.length ||
    c.triggers?.length ||
    c.onAcquire?.length ||
    c.removeWhen ||
    c.hook ||
    c.architectsOnBoard ||
    (c.static ?? []).some((m) => !('strength' in m) && !('stability' in m)) ||
    (c.production ?? []).some((p) => p.if || p.per || p.gainChoice) ||
    (c.endVp !== undefined && typeof c.endVp !== 'number')
  );
}

/** The full text of a progress card (or a nation board's printed card), line by line. */
export function cardLines(id: string, l: L): string[] {
  const c = cardData(id);
  if (!c) return [];
  const ru = l === 'ru';
  const out: string[] = [];
  if (c.deployCost)
    out.push(`${ru ? 'Выставить рабочего' : 'Deploy a worker'}: ${bagWords(c.deployCost, l)}`);
  if (c.perWorker) {
    const pw = c.perWorker;
    const x: string[] = [];
    if (pw.produce) x.push(bagWords(pw.produce, l, '+'));
    if (pw.strength) x.push(`${signed(pw.strength)} ${ru ? 'к мощи' : 'strength'}`);
    if (pw.stability) x.push(`${signed(pw.stability)} ${ru ? 'к стабильности' : 'stability'}`);
    if (pw.consume) x.push(`${ru ? 'содержание' : 'upkeep'} ${bagWords(pw.consume, l)}`);
    if (x.length) out.push(`${ru ? 'За каждого рабочего' : 'Per worker'}: ${x.join(', ')}`);
  }
  if (c.raid !== undefined)
    out.push(ru ? `Рейд ${c.raid} (если на карте есть рабочий)` : `Raid ${c.raid} (while manned)`);
  if (c.vpPerWorker)
    out.push(
      ru
        ? `ПО в конце за 1-го, 2-го… рабочего: ${c.vpPerWorker.join(' / ')}`
        : `End VP for the 1st, 2nd… worker: ${c.vpPerWorker.join(' / ')}`,
    );
  if (c.requiredStrength !== undefined)
    out.push(
      ru
        ? `Купить можно при мощи ${c.requiredStrength} или больше`
        : `Needs strength ${c.requiredStrength} to buy`,
    );
  if (c.war)
    out.push(
      ru
        ? `Нации с мощью ниже маркера войны (мощь покупателя) теряют ${vpWords(-c.war.vp, l).replace('−', '')} и ${bagWords(c.war.loss, l)} (ресурсы — за вычетом стабильности)`
        : `Nations weaker than the war marker (the buyer’s strength) lose ${c.war.vp} VP and ${bagWords(c.war.loss, l)} (resources reduced by their stability)`,
    );
  if (c.battle)
    out.push(
      ru
        ? `Нужна армия с рабочим. Получите столько ресурса, каков ваш рейд: ${c.battle.choices.map((r) => resWord(r, l)).join(', ')}`
        : `Needs a manned military card. Gain your raid value in one of: ${c.battle.choices.map((r) => resWord(r, l)).join(', ')}`,
    );
  if (c.goldenAge)
    out.push(
      ru
        ? `Получите ${bagWords(c.goldenAge.gain, l)} — или заплатите ${c.goldenAge.vpPrice} ${ruPlural(c.goldenAge.vpPrice, 'любой ресурс', 'любых ресурса', 'любых ресурсов')} за 1 ПО`
        : `Gain ${bagWords(c.goldenAge.gain, l)} — or pay ${c.goldenAge.vpPrice} resource${c.goldenAge.vpPrice === 1 ? '' : 's'} of any kind for 1 VP`,
    );
  if (c.stages)
    out.push(
      ru
        ? `Этапы строительства (камень за архитектора): ${c.stages.join(' / ')}`
        : `Stages (stone per architect): ${c.stages.join(' / ')}`,
    );
  if (c.architectsOnBoard)
    out.push(
      ru
        ? `Приносит ${archW(c.architectsOnBoard, l).replace('архитектора', 'личного архитектора').replace('архитекторов', 'личных архитекторов')} на этот раунд`
        : `Brings ${c.architectsOnBoard} private architect${c.architectsOnBoard === 1 ? '' : 's'} for this round`,
    );
  for (const m of c.static ?? []) out.push(modWords(m, l));
  for (const p of c.production ?? []) {
    const x: string[] = [];
    if (p.gain) x.push(bagWords(p.gain, l, '+'));
    if (p.gainChoice)
      x.push(
        ru
          ? `+${p.gainChoice.n} на выбор: ${p.gainChoice.of.map((r) => resWord(r, l)).join(', ')}`
          : `+${p.gainChoice.n} of ${p.gainChoice.of.map((r) => resWord(r, l)).join(', ')}`,
      );
    if (p.pay) x.push(bagWords(p.pay, l, '−'));
    const per = p.per ? (ru ? ` ${perWords(p.per, l)}` : ` ${perWords(p.per, l)}`) : '';
    const cond = p.if ? (ru ? `, если ${condWords(p.if, l)}` : `, if ${condWords(p.if, l)}`) : '';
    out.push(`${ru ? 'Производство' : 'Production'}: ${x.join(', ')}${per}${cond}`);
  }
  if (c.onAcquire?.length)
    out.push(
      `${c.type === 'wonder' ? (ru ? 'Когда достроено' : 'When completed') : ru ? 'При покупке' : 'When bought'}: ${effectsWords(c.onAcquire, l)}`,
    );
  for (const a of c.abilities ?? []) {
    const costs = a.cost === undefined ? [] : Array.isArray(a.cost) ? a.cost : [a.cost];
    const cost = costs.length
      ? `${ru ? 'заплатите' : 'pay'} ${costs.map((b) => bagWords(b, l, '', true)).join(ru ? ' или ' : ' or ')}: `
      : '';
    const when = a.if ? (ru ? ` (если ${condWords(a.if, l)})` : ` (if ${condWords(a.if, l)})`) : '';
    const head =
      a.timing === 'action'
        ? ru
          ? `Действие${a.perRound ? ' (раз в раунд)' : ''}`
          : `Action${a.perRound ? ' (once a round)' : ''}`
        : ru
          ? `Свободно${a.perRound ? ' (раз в раунд)' : ''}`
          : `Free${a.perRound ? ' (once a round)' : ''}`;
    out.push(`${head}${when}: ${cost}${effectsWords(a.effects, l)}`);
  }
  for (const t of c.triggers ?? []) out.push(triggerWords(t, l));
  if (c.removeWhen)
    out.push(
      ru ? `Сбрасывается, если ${condWords(c.removeWhen, l)}` : `Removed if ${condWords(c.removeWhen, l)}`,
    );
  if (c.hook && !(c.onAcquire ?? []).some((e) => 'hook' in e)) out.push(hookLine(c.hook, l));
  if (c.endVp !== undefined && (typeof c.endVp !== 'number' || c.endVp !== 0))
    out.push(`${ru ? 'ПО в конце игры' : 'End VP'}: ${endVpWords(c.endVp, l)}`);
  return out;
}

const HOOK_TEXT: Record<string, [string, string]> = {
  machiavelli: [
    'Each round draws two event cards; you choose which one is played',
    'Каждый раунд открываются две карты событий; вы выбираете, какая из них сыграет',
  ],
  antikythera: [
    'Reveal the next age’s deck and take its first golden age, wonder or building for free',
    'Откройте колоду следующей эпохи и бесплатно возьмите первый золотой век, чудо или здание',
  ],
  powerGrid: [
    'Instead of resources: refill the progress board and take 2 gold',
    'Вместо ресурсов: пополните поле прогресса и возьмите 2 золота',
  ],
  mechanicalTurk: [
    'Give this wonder to a less stable nation with room for it',
    'Отдайте это чудо менее стабильной нации, у которой есть для него место',
  ],
  solarEclipse: [
    'Next round’s player order is this round’s order of passing',
    'Очерёдность следующего раунда — порядок, в котором пасовали в этом',
  ],
  springAndAutumn: [
    'Each nation compares its strength with its neighbours in player order: stronger than one, +2 stone; than both, +1 VP',
    'Каждая нация сравнивает мощь с соседями по очерёдности хода: сильнее одного — +2 камня, сильнее обоих — +1 ПО',
  ],
  imperiumRex: ['The game ends after this round', 'Игра заканчивается после этого раунда'],
  tesla: [
    'Roll a die: that much strength until the end of the round',
    'Бросьте кубик: столько мощи до конца раунда',
  ],
  soloOpponent: ['The virtual opponent', 'Виртуальный соперник'],
};
function hookLine(h: string, l: L): string {
  const t = HOOK_TEXT[h];
  return t ? t[l === 'ru' ? 1 : 0] : cat(l, `nat.hook.${h}`);
}

/** One event of an event card: its name and what it does, to whom. */
export function eventLines(
  half: EventHalf,
  l: L,
  nameOf: (n: string) => string,
): { name: string; text: string } {
  const defs: EventDef[] = Array.isArray(half) ? half : [half];
  const ru = l === 'ru';
  const parts = defs.map((d) => {
    if (d.hook && !d.effects.length) return hookLine(d.hook, l);
    const body = d.effects.length ? effectsWords(d.effects, l) : d.hook ? hookLine(d.hook, l) : '';
    if (d.chooser && d.target === 'self')
      return `${rankSubject(d.chooser.best, false, l)} ${ru ? 'выбирает' : 'chooses'}: ${body}`;
    const chooser = d.chooser
      ? ru
        ? `Выбирает ${rankSubject(d.chooser.best, false, l).toLowerCase()}. `
        : `${rankSubject(d.chooser.best, false, l)} chooses. `
      : '';
    if (typeof d.target === 'object' && 'where' in d.target)
      return `${targetWords('all', l)}: ${ru ? 'если' : 'if'} ${condWords(d.target.where, l)} — ${body}`;
    return `${chooser}${targetWords(d.target, l)}: ${body}`;
  });
  return { name: nameOf(defs[0]!.name), text: parts.join('. ') };
}

/** The two events, architects and famine of an event card. */
export function eventCardLines(
  id: string,
  l: L,
): { halves: { name: string; text: string }[]; architects: number; famine: number } | null {
  const e = eventCard(id);
  if (!e) return null;
  return {
    halves: e.events.map((h) => eventLines(h, l, (n) => cardName(n, l))),
    architects: e.architects,
    famine: e.famine,
  };
}

/** What a solo tile sets for the virtual opponent, and its die action for a 5 or 6. */
export function tileLines(t: SoloTile, l: L): string[] {
  const ru = l === 'ru';
  const out: string[] = [];
  const vo = t.vo;
  const set: string[] = [];
  if (vo.strength !== undefined) set.push(`${ru ? 'мощь' : 'strength'} ${vo.strength}`);
  if (vo.stability !== undefined) set.push(`${ru ? 'стабильность' : 'stability'} ${vo.stability}`);
  if (vo.books !== undefined)
    set.push(
      vo.booksMode === 'add'
        ? `${ru ? 'книги' : 'books'} +${vo.books}`
        : `${ru ? 'книги' : 'books'} ${vo.books}`,
    );
  if (vo.workers !== undefined) set.push(`${ru ? 'рабочие' : 'workers'} ${vo.workers}`);
  if (set.length) out.push(`${ru ? 'Соперник' : 'Opponent'}: ${set.join(', ')}`);
  const d = Object.entries(t.action.voDelta)
    .map(([k, v]) => `${METRIC_NOUN[k]?.[ru ? 1 : 0] ?? k} ${signed(v)}`)
    .join(', ');
  if (d) out.push(ru ? `На кубике 5–6: ${d} до конца раунда` : `Die 5–6: ${d} for the rest of the round`);
  out.push(
    ru
      ? 'На кубике 1–4: убрать карты этой колонки поля прогресса'
      : 'Die 1–4: the cards of that column of the progress board are removed',
  );
  return out;
}

/** What a nation board's side gives: its start, its slots, its printed cards and its own ability. */
export function nationLines(b: NationBoard, l: L): string[] {
  const ru = l === 'ru';
  const s = b.start;
  const out: string[] = [];
  out.push(
    ru
      ? `Начало: ${bagWords(s.res, l)}; ${s.vp} ПО; ${s.idleWorkers} ${ruPlural(s.idleWorkers, 'рабочий', 'рабочих', 'рабочих')}`
      : `Start: ${bagWords(s.res, l)}; ${s.vp} VP; ${s.idleWorkers} workers`,
  );
  const sl = b.slots;
  out.push(
    ru
      ? `Мест: здания и армии ${sl.buildingMilitary} (армий до ${sl.maxMilitary}), советник ${sl.advisor}, колонии ${sl.colonies}, чудеса ${sl.wonders}`
      : `Slots: buildings and military ${sl.buildingMilitary} (up to ${sl.maxMilitary} military), advisor ${sl.advisor}, colonies ${sl.colonies}, wonders ${sl.wonders}`,
  );
  if (s.track.food < 4 || s.track.stability < 4)
    out.push(
      ru
        ? `Шкала населения: еда ${s.track.food}, стабильность ${s.track.stability}`
        : `Population track: food ${s.track.food}, stability ${s.track.stability}`,
    );
  const printed = [...b.printed.map((p) => p.card), ...(b.completedWonders ?? [])];
  if (printed.length)
    out.push(`${ru ? 'Напечатано' : 'Printed'}: ${printed.map((c) => cardName(c.id, l)).join(', ')}`);
  for (const m of b.static ?? []) out.push(modWords(m, l));
  for (const p of b.production ?? []) {
    const x = [bagWords(p.gain, l, '+')];
    const cond = p.if ? (ru ? `, если ${condWords(p.if, l)}` : `, if ${condWords(p.if, l)}`) : '';
    out.push(`${ru ? 'Производство' : 'Production'}: ${x.join(', ')}${cond}`);
  }
  for (const t of b.triggers ?? []) out.push(triggerWords(t, l));
  for (const a of b.abilities ?? []) out.push(`${ru ? 'Действие' : 'Action'}: ${effectsWords(a.effects, l)}`);
  return out;
}
