/**
 * What the cards say, in players' words (English, Russian), made from the same data the engine plays
 * (pack.ts): a Season card's effects one sentence each, a Fate card's sections by unit shape, a Tactics
 * card's timing and effect, a Quest card's place, check and results by destiny, a Reward card's use, an
 * Objective's condition and a Title's gift. A card whose effect this version does not play says so
 * rather than promising it. No data id is ever part of the words.
 */
import type { Catalog, Locale } from '@tabula/engine';
import { translate } from '@tabula/engine';
import { BID_GETS, BID_WHO, OBJ_COUNTS } from './cards-data.js';
import type { ObjectiveCount } from './cards-data.js';
import { areaName } from './describe.js';
import { messages } from './messages.js';
import type { Pack, SeasonEffect } from './pack.js';
import { BLANK, DAMAGE, ROUT, SPECIAL } from './pack.js';
import { RES } from './types.js';

const W: Catalog = {
  en: {
    'cw.harvest': 'Harvest: every player turns each resource dial to what his areas produce.',
    'cw.famine': 'Famine: every dial above what the player’s areas produce drops to it.',
    'cw.dialUp': 'Every player raises his {res} dial by {n}.',
    'cw.dialDown': 'Every player lowers his {res} dial by {n}.',
    'cw.drawQuests': 'Every player draws {n} Quest {n:card|cards}.',
    'cw.influencePerCity': 'Every player gains {n} influence for each city he controls.',
    'cw.tacticsToMostCities': 'Whoever controls the most cities draws {n} Tactics {n:card|cards}.',
    'cw.loseInfluenceIfFood': 'Every player whose food dial is at {m} or less loses {n} influence.',
    'cw.later': 'This version does not play this card’s effect yet.',
    'cw.desertion': 'Every hero in play is tested for loyalty (Wisdom): heroes may desert.',
    'cw.council': 'The Primarch of the Wizards’ Council gains {n} influence.',
    'cw.bid': 'Influence bid: everyone bids in secret and loses his bid. {outcomes}',
    'cw.who.highest': 'The highest bidder',
    'cw.who.lowest': 'The lowest bidder',
    'cw.who.allButLowest': 'Everyone but the lowest bidder',
    'cw.get.rune': 'receives a dragon rune.',
    'cw.get.dragonToken': 'receives a dragon rune token, placed by the lowest bidder.',
    'cw.get.loseTactics': 'discards {n} Tactics {n:card|cards}.',
    'cw.get.recruit': 'recruits as with the Recruit order (one dial).',
    'cw.get.moveNeutrals': 'moves neutral units of an area across one border.',
    'cw.get.neutrals': 'places {n} neutral {shape} units in his areas, allied to him.',
    'cw.get.train': 'trains one of his heroes.',
    'cw.drawHeroes':
      'Every player in play order may spend influence to draw up to {n} heroes, as with {order}, and keep one.',
    'cw.o.heroes': 'You control at least {n} heroes.',
    'cw.o.heroRewards': 'One of your heroes has at least {n} Reward cards.',
    'cw.o.turnGoldAllies': 'This turn your diplomacy (gold) allied at least {n} neutral units.',
    'cw.o.turnNeutralsBeaten': 'This turn you won a battle against at least {n} unallied neutral units.',
    'cw.o.turnSlain': 'This turn a {units} was destroyed in a battle you won.',
    'cw.o.turnWallsBroken': 'This turn you won a battle as attacker in an area with an enemy stronghold.',
    'cw.unitsAtStrongholds': 'Every player places {n} of his {shape} units at each of his strongholds.',
    'cw.wanderingMonsters':
      'Wandering monsters: each area with neutral units gains one more of a type already there.',
    'cw.runeFromHome': 'Every player moves a rune token out of his home realm.',
    'cw.order': 'Every player in turn may move units as with the {order} order (no Supremacy).',
    'cw.plague': 'Plague: every player loses {n} unit in each area where he has {m} or more.',
    'cw.reach': 'This season Mobilize and Conquer move units from at most {n} areas away (Fast units {m}).',
    'cw.shape.0': 'triangle (▲)',
    'cw.shape.1': 'circle (●)',
    'cw.shape.2': 'rectangle (▬)',
    'cw.shape.3': 'hexagon (⬢)',
    'cw.fate': '{destiny} Fate card: {sections}',
    'cw.fateBlankAll': 'no results',
    'cw.sec.blank': '{shape} blank',
    'cw.sec.special': '{shape} special ability',
    'cw.sec.rout': '{shape} rout {n}',
    'cw.sec.damage': '{shape} damage {n}',
    'cw.destiny.gold': 'Gold',
    'cw.destiny.silver': 'Silver',
    'cw.destiny.red': 'Red',
    'cw.t.yourTurn': 'During your turn',
    'cw.t.battleStart': 'At the start of a battle',
    'cw.t.battle': 'In a battle, after one of your types draws',
    'cw.t.tally': 'At a battle’s tally',
    'cw.t.battleWon': 'After you win a battle',
    'cw.t.diplomacy': 'When you attempt diplomacy',
    'cw.t.test': 'In an attribute test or diplomacy',
    'cw.t.questPhase': 'In the Quest Phase',
    'cw.t.duel': 'In a duel',
    'cw.as.1': ', as the attacker',
    'cw.as.2': ', as the defender',
    'cw.e.ignoreBorder.1': 'your units may cross mountain borders this turn.',
    'cw.e.ignoreBorder.2': 'your units may cross water borders this turn.',
    'cw.e.reach': 'this turn Mobilize and Conquer move units from up to {n} areas away.',
    'cw.e.units': 'place {n} of your {shape} units at one of your strongholds.',
    'cw.e.tacticalRetreat': 'withdraw your units: the battle is cancelled and the attacker takes the area.',
    'cw.e.activateEnemy': 'place another player’s activation token in an area he does not control.',
    'cw.e.damage': 'deal {n} damage to the opposing units.',
    'cw.e.duelDamage': 'deal {n} more damage to the opposing hero this round.',
    'cw.e.preventAll': 'prevent all damage to your hero this round.',
    'cw.e.rout': 'rout {n} opposing {n:unit|units}.',
    'cw.e.prevent': 'prevent up to {n} damage to your units.',
    'cw.e.stand': 'stand up to {n} of your routed units up.',
    'cw.e.strength': '+{n} strength for your side.',
    'cw.e.strongholdStrength': 'the defending stronghold has {n} less strength.',
    'cw.e.fate': 'draw {n} more Fate cards.',
    'cw.e.dissent': 'the neutral units of an area next to yours retreat, routed.',
    'cw.e.lostCity':
      'in an area nobody controls where one of your heroes stands, its neutral units retreat, routed, and one of your strongholds from the supply is placed there, damaged.',
    'cw.e.look': 'look at the rune tokens in up to {n} areas.',
    'cw.e.dial': 'raise one of your resource dials by {n}.',
    'cw.e.influence': 'gain {n} influence.',
    'cw.e.waits': 'this version does not play this card yet.',
    'cw.q.at': 'Attempted in {area}.',
    'cw.q.test': 'Test {attr}.',
    'cw.q.duel': 'Duel: {unit}.',
    'cw.q.pay': 'Pay {n} influence.',
    'cw.q.control': 'No test if you control the area; otherwise test {attr}.',
    'cw.q.res': '{destiny}: {what}',
    'cw.q.won': 'Won',
    'cw.q.lost': 'Lost',
    'cw.q.nothing': 'nothing',
    'cw.q.reward': '{n} Reward {n:card|cards}',
    'cw.q.influence': '{n} influence',
    'cw.q.damage': '{n} damage to the hero',
    'cw.q.train': 'train {attr}',
    'cw.q.tactics': '{n} Tactics {n:card|cards}',
    'cw.q.discard': 'the quest is discarded',
    'cw.q.rout': 'the hero is routed',
    'cw.q.heal': 'the hero heals',
    'cw.q.peek': 'look at up to {n} rune {n:token|tokens}',
    'cw.q.dial': 'your {res} dial +1',
    'cw.r.rune': 'During your turn, discard it: receive a dragon rune.',
    'cw.r.crown':
      'During your turn, with this hero at your stronghold in an area you control, discard it: a dragon rune and 1 influence.',
    'cw.r.strengthHit': 'Duel special: deal damage equal to the hero’s Strength.',
    'cw.r.preventRound': 'Prevents 1 damage to this hero in each duel round.',
    'cw.r.hit2': 'Duel special: deal 2 damage.',
    'cw.r.soulbiter':
      'Duel special: deal 2 damage; if that defeats the other hero, this hero’s damage is removed.',
    'cw.r.routPlus': 'A rout result in a duel prevents 1 more damage.',
    'cw.r.preventFirst': 'Prevents the first damage to this hero in each duel.',
    'cw.r.bombs':
      'Duel special, then discard: deal 3 damage and test Agility; on red the hero takes 1 damage.',
    'cw.r.flute':
      'During your turn, discard it: move all neutral units in this hero’s area to an adjacent area.',
    'cw.r.iceStorm': 'During your turn, discard it: deal 3 damage to enemy units in this hero’s area.',
    'cw.r.heal': 'At any time, discard it: remove all damage from this hero.',
    'cw.r.boots': 'In the Quest Phase this hero moves up to 3 areas.',
    'cw.r.horn': 'During your turn, discard it: stand up your routed units in this hero’s area.',
    'cw.r.banner': 'When this hero supports a battle: +1 strength at the tally.',
    'cw.r.ring': '+1 influence with each autumn’s secondary ability.',
    'cw.r.orb': 'Once a turn look at the rune tokens in this hero’s area and one next to it.',
    'cw.r.tome': 'Discard it: +1 Wisdom for good.',
    'cw.r.charm': 'Once a Quest Phase, draw again all Fate cards of one attribute test.',
    'cw.r.gold': 'Discard it: +4 influence.',
    'cw.r.cloak': 'Heroes with less Agility cannot challenge this hero to a duel.',
    'cw.trait.weapon': 'weapon',
    'cw.trait.armor': 'armour',
    'cw.trait.amulet': 'amulet',
    'cw.o.areas': 'You control at least {n} areas.',
    'cw.o.cities': 'You control at least {n} cities.',
    'cw.o.strongholds': 'You control at least {n} strongholds.',
    'cw.o.units': 'You have at least {n} units on the board.',
    'cw.o.influence': 'You hold at least {n} influence (not on Titles).',
    'cw.o.allied': 'You have at least {n} allied neutral units.',
    'cw.o.alliedTypes': 'You have allied neutral units of at least {n} types.',
    'cw.o.alliedOf': 'You have an allied {units}.',
    'cw.o.runeAreasAway': 'You control at least {n} areas with rune tokens outside your home realm.',
    'cw.o.ringHome': 'You control every area next to your home realm.',
    'cw.o.later': 'This version cannot check this condition yet.',
    'cw.o.claim': 'During your turn, reveal it when this holds: a dragon rune.',
    'cw.title.primarch':
      'Settles every tie of an influence bid; gains 1 influence whenever a Wizards’ Council card is drawn.',
    'cw.title.captain':
      'Your heroes never desert; during your turn, discard three Reward cards of your heroes for a dragon rune.',
    'cw.title.commander':
      'Once a year, in your turn, after you win a battle as attacker in which at least 3 enemy units were destroyed: a dragon rune.',
    'cw.or': ' or ',
  },
  ru: {
    'cw.harvest': 'Жатва: каждый игрок ставит каждую шкалу ресурса на то, что дают его области.',
    'cw.famine': 'Голод: каждая шкала выше того, что дают области игрока, опускается до этого.',
    'cw.dialUp': 'Каждый игрок поднимает шкалу «{res}» на {n}.',
    'cw.dialDown': 'Каждый игрок опускает шкалу «{res}» на {n}.',
    'cw.drawQuests': 'Каждый игрок берёт карты заданий: {n}.',
    'cw.influencePerCity': 'Каждый игрок получает {n} влияния за каждый свой город.',
    'cw.tacticsToMostCities': 'Тот, у кого больше всего городов, берёт карты тактики: {n}.',
    'cw.loseInfluenceIfFood': 'Каждый игрок, чья шкала еды на {m} или ниже, теряет {n} влияния.',
    'cw.later': 'Эта версия пока не разыгрывает свойство этой карты.',
    'cw.desertion': 'Каждого героя в игре проверяют на верность (мудрость): герои могут уйти.',
    'cw.council': 'Примарх Совета магов получает {n} влияния.',
    'cw.bid': 'Торги влиянием: все тайно делают ставки и теряют их. {outcomes}',
    'cw.who.highest': 'Больше всех поставивший',
    'cw.who.lowest': 'Меньше всех поставивший',
    'cw.who.allButLowest': 'Все, кроме поставившего меньше всех,',
    'cw.get.rune': 'получает руну дракона.',
    'cw.get.dragonToken': 'получает жетон руны дракона (его ставит поставивший меньше всех).',
    'cw.get.loseTactics': 'сбрасывает карты тактики: {n}.',
    'cw.get.recruit': 'набирает войска, как по приказу «Набор» (одна шкала).',
    'cw.get.moveNeutrals': 'перемещает нейтральные отряды области через одну границу.',
    'cw.get.neutrals': 'ставит {n} нейтральных отряда формы «{shape}» в свои области, союзниками.',
    'cw.get.train': 'тренирует одного из своих героев.',
    'cw.drawHeroes':
      'Каждый игрок по очереди может потратить влияние и взять до {n} героев, как при приказе «{order}», и оставить одного.',
    'cw.o.heroes': 'Вы контролируете не меньше {n} героев.',
    'cw.o.heroRewards': 'У одного из ваших героев не меньше {n} карт наград.',
    'cw.o.turnGoldAllies':
      'В этот ход ваша дипломатия (золото) сделала союзниками не меньше {n} нейтральных отрядов.',
    'cw.o.turnNeutralsBeaten':
      'В этот ход вы выиграли битву против не меньше {n} нейтральных отрядов, не союзных никому.',
    'cw.o.turnSlain': 'В этот ход в выигранной вами битве уничтожен отряд: {units}.',
    'cw.o.turnWallsBroken': 'В этот ход вы выиграли битву нападающим в области с вражеской крепостью.',
    'cw.unitsAtStrongholds':
      'Каждый игрок ставит по {n} своих отрядов формы «{shape}» в каждую свою крепость.',
    'cw.wanderingMonsters':
      'Бродячие чудовища: в каждую область с нейтральными отрядами приходит ещё один отряд уже стоящего там типа.',
    'cw.runeFromHome': 'Каждый игрок выводит жетон руны из своих родных земель.',
    'cw.order':
      'Каждый игрок по очереди может переместить отряды, как по приказу «{order}» (без превосходства).',
    'cw.plague': 'Чума: каждый игрок теряет {n} отряд в каждой области, где у него {m} или больше.',
    'cw.reach':
      'В этом сезоне «Мобилизация» и «Завоевание» перемещают отряды лишь с расстояния до {n} (быстрые — до {m}).',
    'cw.shape.0': 'треугольник (▲)',
    'cw.shape.1': 'круг (●)',
    'cw.shape.2': 'прямоугольник (▬)',
    'cw.shape.3': 'шестиугольник (⬢)',
    'cw.fate': '{destiny} карта судьбы: {sections}',
    'cw.fateBlankAll': 'без результатов',
    'cw.sec.blank': '{shape} — пусто',
    'cw.sec.special': '{shape} — особое свойство',
    'cw.sec.rout': '{shape} — бегство {n}',
    'cw.sec.damage': '{shape} — урон {n}',
    'cw.destiny.gold': 'Золотая',
    'cw.destiny.silver': 'Серебряная',
    'cw.destiny.red': 'Красная',
    'cw.t.yourTurn': 'В ваш ход',
    'cw.t.battleStart': 'В начале битвы',
    'cw.t.battle': 'В битве, после того как ваш тип отрядов вытянул карты',
    'cw.t.tally': 'При подсчёте силы в битве',
    'cw.t.battleWon': 'После вашей победы в битве',
    'cw.t.diplomacy': 'Когда вы пытаетесь договориться',
    'cw.t.test': 'При проверке качества или дипломатии',
    'cw.t.questPhase': 'В фазе заданий',
    'cw.t.duel': 'В поединке',
    'cw.as.1': ', нападающим',
    'cw.as.2': ', защитником',
    'cw.e.ignoreBorder.1': 'в этот ход ваши отряды могут пересекать горные границы.',
    'cw.e.ignoreBorder.2': 'в этот ход ваши отряды могут пересекать водные границы.',
    'cw.e.reach': 'в этот ход «Мобилизация» и «Завоевание» перемещают отряды с расстояния до {n}.',
    'cw.e.units': 'поставьте {n} своих отрядов формы «{shape}» в одну свою крепость.',
    'cw.e.tacticalRetreat': 'отведите отряды: битва отменяется, нападающий занимает область.',
    'cw.e.activateEnemy': 'положите жетон активации другого игрока в область, которую он не контролирует.',
    'cw.e.damage': 'нанесите {n} урона отрядам противника.',
    'cw.e.duelDamage': 'нанесите герою противника ещё {n} урона в этом раунде.',
    'cw.e.preventAll': 'предотвратите весь урон своему герою в этом раунде.',
    'cw.e.rout': 'обратите в бегство {n} отряд(а) противника.',
    'cw.e.prevent': 'предотвратите до {n} урона своим отрядам.',
    'cw.e.stand': 'поднимите до {n} своих бегущих отрядов.',
    'cw.e.strength': '+{n} к силе вашей стороны.',
    'cw.e.strongholdStrength': 'сила обороняемой крепости меньше на {n}.',
    'cw.e.fate': 'возьмите ещё {n} карты судьбы.',
    'cw.e.dissent': 'нейтральные отряды области рядом с вашей отступают, обращённые в бегство.',
    'cw.e.lostCity':
      'в неконтролируемой области, где стоит ваш герой, нейтральные отряды отступают, обращённые в бегство, и там ставится ваша крепость из запаса повреждённой стороной вверх.',
    'cw.e.look': 'посмотрите жетоны рун в {n} областях.',
    'cw.e.dial': 'поднимите одну свою шкалу ресурса на {n}.',
    'cw.e.influence': 'получите {n} влияния.',
    'cw.e.waits': 'эта версия пока не разыгрывает эту карту.',
    'cw.q.at': 'Выполняется в области: {area}.',
    'cw.q.test': 'Проверка: {attr}.',
    'cw.q.duel': 'Поединок: {unit}.',
    'cw.q.pay': 'Заплатить {n} влияния.',
    'cw.q.control': 'Без проверки, если вы контролируете область; иначе проверка: {attr}.',
    'cw.q.res': '{destiny}: {what}',
    'cw.q.won': 'Победа',
    'cw.q.lost': 'Поражение',
    'cw.q.nothing': 'ничего',
    'cw.q.reward': 'карты награды: {n}',
    'cw.q.influence': '{n} влияния',
    'cw.q.damage': 'урон герою: {n}',
    'cw.q.train': 'тренировка: {attr}',
    'cw.q.tactics': 'карты тактики: {n}',
    'cw.q.discard': 'задание сбрасывается',
    'cw.q.rout': 'герой обращён в бегство',
    'cw.q.heal': 'герой исцеляется',
    'cw.q.peek': 'посмотреть жетоны рун: до {n}',
    'cw.q.dial': 'шкала «{res}» +1',
    'cw.r.rune': 'В ваш ход сбросьте её: получите руну дракона.',
    'cw.r.crown':
      'В ваш ход, если герой у вашей крепости в вашей области, сбросьте её: руна дракона и 1 влияние.',
    'cw.r.strengthHit': 'Особое свойство в поединке: урон, равный силе героя.',
    'cw.r.preventRound': 'Предотвращает 1 урон герою в каждом раунде поединка.',
    'cw.r.hit2': 'Особое свойство в поединке: 2 урона.',
    'cw.r.soulbiter':
      'Особое свойство в поединке: 2 урона; если это побеждает другого героя, с этого героя снимается весь урон.',
    'cw.r.routPlus': 'Результат «бегство» в поединке предотвращает ещё 1 урон.',
    'cw.r.preventFirst': 'Предотвращает первый урон герою в каждом поединке.',
    'cw.r.bombs':
      'Особое свойство в поединке, затем сбросьте: 3 урона и проверка ловкости; на красной герой получает 1 урон.',
    'cw.r.flute': 'В ваш ход сбросьте её: все нейтральные отряды в области героя уходят в соседнюю область.',
    'cw.r.iceStorm': 'В ваш ход сбросьте её: 3 урона вражеским отрядам в области героя.',
    'cw.r.heal': 'В любой момент сбросьте её: с героя снимается весь урон.',
    'cw.r.boots': 'В фазе заданий герой проходит до 3 областей.',
    'cw.r.horn': 'В ваш ход сбросьте её: ваши бегущие отряды в области героя поднимаются.',
    'cw.r.banner': 'Когда герой поддерживает битву: +1 к силе при подсчёте.',
    'cw.r.ring': '+1 влияние при каждом втором свойстве осени.',
    'cw.r.orb': 'Раз в ход посмотрите жетоны рун в области героя и в одной соседней.',
    'cw.r.tome': 'Сбросьте её: +1 к мудрости навсегда.',
    'cw.r.charm': 'Раз в фазу заданий перетяните все карты судьбы одной проверки.',
    'cw.r.gold': 'Сбросьте её: +4 влияния.',
    'cw.r.cloak': 'Герои с меньшей ловкостью не могут вызвать этого героя на поединок.',
    'cw.trait.weapon': 'оружие',
    'cw.trait.armor': 'доспех',
    'cw.trait.amulet': 'амулет',
    'cw.o.areas': 'Вы контролируете не меньше {n} областей.',
    'cw.o.cities': 'Вы контролируете не меньше {n} городов.',
    'cw.o.strongholds': 'Вы контролируете не меньше {n} крепостей.',
    'cw.o.units': 'У вас на поле не меньше {n} отрядов.',
    'cw.o.influence': 'У вас не меньше {n} влияния (не на титулах).',
    'cw.o.allied': 'У вас не меньше {n} нейтральных отрядов-союзников.',
    'cw.o.alliedTypes': 'У вас нейтральные союзники не меньше {n} типов.',
    'cw.o.alliedOf': 'У вас есть союзник: {units}.',
    'cw.o.runeAreasAway': 'Вы контролируете не меньше {n} областей с жетонами рун вне родных земель.',
    'cw.o.ringHome': 'Вы контролируете все области рядом с вашими родными землями.',
    'cw.o.later': 'Эта версия пока не проверяет это условие.',
    'cw.o.claim': 'В ваш ход откройте её, когда условие выполнено: руна дракона.',
    'cw.title.primarch':
      'Решает любую ничью на торгах влиянием; получает 1 влияние, когда открывается карта «Совет магов».',
    'cw.title.captain':
      'Ваши герои никогда не уходят; в ваш ход сбросьте три карты наград своих героев ради руны дракона.',
    'cw.title.commander':
      'Раз в год, в ваш ход, выиграв битву нападающим, в которой уничтожено не меньше 3 вражеских отрядов: руна дракона.',
    'cw.or': ' или ',
  },
};

/** The unit shapes' marks (as on the map), in the pack's shape order. */
const GLYPH = ['▲', '●', '▬', '⬢'];

const tr = (l: Locale, k: string, p?: Record<string, unknown>) => translate([W, messages], l, k, p);
const lowerFirst = (x: string) => x.charAt(0).toLowerCase() + x.slice(1);
const resName = (l: Locale, r: number) => tr(l, `rw.res.${RES[r] ?? 'food'}`);

/** One sentence a Season card effect. */
function seasonEffect(e: SeasonEffect, l: Locale): string {
  switch (e.do) {
    case 'harvest':
    case 'famine':
    case 'wanderingMonsters':
    case 'runeFromHome':
    case 'desertion':
      return tr(l, `cw.${e.do}`);
    case 'dial':
      return tr(l, e.delta >= 0 ? 'cw.dialUp' : 'cw.dialDown', {
        res: resName(l, e.res),
        n: Math.abs(e.delta),
      });
    case 'drawHeroes':
      return tr(l, 'cw.drawHeroes', { n: e.count, order: tr(l, 'rw.order.6') });
    case 'drawQuests':
    case 'influencePerCity':
    case 'tacticsToMostCities':
    case 'council':
      return tr(l, `cw.${e.do}`, { n: e.count });
    case 'loseInfluenceIfFood':
      return tr(l, 'cw.loseInfluenceIfFood', { n: e.count, m: e.atMost });
    case 'later':
      return tr(l, 'cw.later');
    case 'bid':
      return tr(l, 'cw.bid', {
        outcomes: e.outcomes
          .map(
            (o) =>
              `${tr(l, `cw.who.${BID_WHO[o.who] ?? 'highest'}`)} ${tr(l, `cw.get.${BID_GETS[o.get] ?? 'rune'}`, { n: o.count, shape: tr(l, `cw.shape.${o.shape}`) })}`,
          )
          .join(' '),
      });
    case 'unitsAtStrongholds':
      return tr(l, 'cw.unitsAtStrongholds', { n: e.count, shape: tr(l, `cw.shape.${e.shape}`) });
    case 'order':
      return tr(l, 'cw.order', { order: tr(l, `rw.order.${e.n}`) });
    case 'plague':
      return tr(l, 'cw.plague', { n: e.count, m: e.atLeast });
    case 'reach':
      return tr(l, 'cw.reach', { n: e.reach, m: e.fast });
    default:
      return '';
  }
}

/** A Season card's effects, one sentence each (in the order they resolve, RW-SEASON-03). */
export function seasonWords(p: Pack, c: number, l: Locale): string[] {
  const card = p.seasons[c];
  if (!card) return [];
  const out = card.effects.map((e) => seasonEffect(e, l)).filter(Boolean);
  // Several "later" effects say it once.
  return out.filter((x, i) => out.indexOf(x) === i);
}

/** A Fate card by its printed number: its destiny and what each unit shape's section shows. */
export function fateWords(p: Pack, id: number, l: Locale): string {
  const card = p.fate.find((f) => f.id === id);
  if (!card) return '?';
  const secs: string[] = [];
  card.kind.forEach((k, sh) => {
    const shape = GLYPH[sh] ?? '?';
    const n = card.num[sh] ?? 0;
    if (k === SPECIAL) secs.push(tr(l, 'cw.sec.special', { shape }));
    else if (k === ROUT) secs.push(tr(l, 'cw.sec.rout', { shape, n }));
    else if (k === DAMAGE) secs.push(tr(l, 'cw.sec.damage', { shape, n }));
    else if (k !== BLANK) secs.push(tr(l, 'cw.sec.blank', { shape }));
  });
  return tr(l, 'cw.fate', {
    destiny: tr(l, `cw.destiny.${card.destiny}`),
    sections: secs.length ? secs.join(', ') : tr(l, 'cw.fateBlankAll'),
  });
}

/** A Tactics card: when it is played, and what it does. */
export function tacticsWords(p: Pack, c: number, l: Locale): { when: string; text: string } {
  const card = p.tactics[c];
  if (!card) return { when: '', text: '' };
  const when = tr(l, `cw.t.${card.timing}`) + (card.as ? tr(l, `cw.as.${card.as}`) : '');
  if (card.waits || !card.effects.length) return { when, text: tr(l, 'cw.e.waits') };
  const parts = card.effects.map((e) => {
    switch (e.do) {
      case 'ignoreBorder':
        return tr(l, `cw.e.ignoreBorder.${e.border}`);
      case 'reach':
        return tr(l, 'cw.e.reach', { n: e.reach });
      case 'units':
        return tr(l, 'cw.e.units', { n: e.n, shape: tr(l, `cw.shape.${e.shape}`) });
      case 'hook':
        return tr(l, `cw.e.${e.hook}`);
      case 'lostCity':
        return tr(l, 'cw.e.lostCity');
      case 'strongholdStrength':
        return tr(l, 'cw.e.strongholdStrength', { n: Math.abs(e.n) });
      case 'preventAll':
        return tr(l, 'cw.e.preventAll');
      case 'damage':
        return tr(l, card.timing === 'duel' ? 'cw.e.duelDamage' : 'cw.e.damage', { n: e.n });
      default:
        return tr(l, `cw.e.${e.do}`, { n: e.n });
    }
  });
  return { when, text: parts.join(' ') };
}

function questEffect(e: { k: string; n: number }, l: Locale): string {
  switch (e.k) {
    case 'train':
      return tr(l, 'cw.q.train', { attr: tr(l, `rw.attr.${e.n}`).toLowerCase() });
    case 'dial':
      return tr(l, 'cw.q.dial', { res: resName(l, e.n) });
    default:
      return tr(l, `cw.q.${e.k}`, { n: e.n });
  }
}

/** A Quest card: where it is attempted, its check, and what each destiny (a duel: won, lost) brings. */
export function questWords(
  p: Pack,
  q: number,
  l: Locale,
): { area: string; check: string; results: string[] } {
  const card = p.quests[q];
  if (!card) return { area: '', check: '', results: [] };
  const attr = card.attr >= 0 ? tr(l, `rw.attr.${card.attr}`).toLowerCase() : '';
  const check =
    card.check === 'duel'
      ? tr(l, 'cw.q.duel', { unit: p.units[card.unit]?.name[l] ?? '?' })
      : card.check === 'pay'
        ? tr(l, 'cw.q.pay', { n: card.pay })
        : card.check === 'control'
          ? tr(l, 'cw.q.control', { attr })
          : tr(l, 'cw.q.test', { attr });
  const names =
    card.check === 'duel'
      ? [tr(l, 'cw.q.won'), '', tr(l, 'cw.q.lost')]
      : ['gold', 'silver', 'red'].map((d) => tr(l, `cw.destiny.${d}`));
  const results: string[] = [];
  card.res.forEach((list, d) => {
    if (!names[d]) return;
    if (card.check === 'pay' && d > 0 && !list.length) return;
    const what = list.length ? list.map((e) => questEffect(e, l)).join(', ') : tr(l, 'cw.q.nothing');
    results.push(tr(l, 'cw.q.res', { destiny: names[d], what }));
  });
  return { area: tr(l, 'cw.q.at', { area: areaName(p, card.area, l) }), check, results };
}

/** A Reward card: its trait (weapon, armour, amulet) and what it does. */
export function rewardWords(p: Pack, r: number, l: Locale): { trait: string; text: string } {
  const card = p.rewards[r];
  if (!card) return { trait: '', text: '' };
  const key = `cw.r.${card.effect}`;
  const text = tr(l, key);
  return {
    trait: card.trait && card.trait !== 'none' ? tr(l, `cw.trait.${card.trait}`) : '',
    text: text === key ? tr(l, 'cw.later') : text,
  };
}

/** An Objective card's condition and how it is claimed. */
export function objectiveWords(p: Pack, o: number, l: Locale): string {
  const card = p.objectives[o];
  if (!card) return '';
  const w = card.when;
  if ('later' in w) return tr(l, 'cw.o.later');
  const one = (c: ObjectiveCount) =>
    tr(l, `cw.o.${OBJ_COUNTS[c.count] ?? 'areas'}`, {
      n: c.atLeast,
      units: c.units.map((id) => p.units.find((u) => u.id === id)?.name[l] ?? '?').join(tr(l, 'cw.or')),
    });
  const cond = w.or ? `${one(w).replace(/\.$/, '')}${tr(l, 'cw.or')}${lowerFirst(one(w.or))}` : one(w);
  return `${cond} ${tr(l, 'cw.o.claim')}`;
}

/** What a Title card gives its holder. */
export function titleWords(p: Pack, t: number, l: Locale): string {
  const card = p.titles[t];
  if (!card) return '';
  const key = `cw.title.${card.id}`;
  const text = tr(l, key);
  return text === key ? tr(l, 'cw.later') : text;
}
