// @ts-check
/**
 * English and Arabic. Each game keeps its own terms in both languages: Kout Bo's Hokm, Bab, Bawan
 * and Malzoom; Baloot's Hokum, Sun, Sira and Baloot; Kabul. Pure: no DOM.
 * @module
 */

/** @typedef {'en' | 'ar'} Lang */
/** @typedef {Record<string, string | number | null | undefined>} Params */

/** @type {Lang[]} */
export const LANGS = ['en', 'ar'];

/** @type {Record<string, string>} */
const en = {
  'app.title': 'Majlis',
  'app.tagline': 'Kout Bo, Baloot and Kabul with friends and bots',
  'lang.switch': 'العربية',
  'lang.name': 'English',

  'game.kout6': 'Kout Bo (6 players)',
  'game.kout4': 'Kout Bo (4 players)',
  'game.baloot': 'Baloot',
  'game.kabul': 'Kabul',
  'game.kout6.short': 'Kout Bo 6',
  'game.kout4.short': 'Kout Bo 4',

  'home.name': 'Your name',
  'home.name.placeholder': 'e.g. Sara',
  'home.name.save': 'Save',
  'home.name.hello': 'Playing as {name}',
  'home.name.change': 'Change name',
  'home.create': 'Create a table',
  'home.game': 'Game',
  'home.preset': 'Rules',
  'home.preset.seed': 'Standard',
  'home.preset.saudi': 'Saudi',
  'home.playOut': 'Play all nine tricks',
  'home.players': 'Players',
  'home.target': 'Play to a target score',
  'home.target.none': 'One round',
  'home.snapWindow': 'Snap window',
  'home.turn': 'Turn time',
  'home.seconds': '{n} s',
  'home.public': 'Public: list it for anyone to join',
  'home.createButton': 'Create table',
  'home.join': 'Join a table',
  'home.code': 'Table code',
  'home.joinButton': 'Join',
  'home.open': 'Open tables',
  'home.open.none': 'No public tables are open right now.',
  'home.open.seats': '{taken}/{total} seats',
  'home.open.host': 'host {name}',
  'home.refresh': 'Refresh',
  'home.recent': 'Your games',
  'home.recent.none': 'No games yet.',
  'home.recent.finished': 'Finished',
  'home.recent.playing': 'In progress',
  'home.recent.replay': 'Replay',
  'home.recent.return': 'Return',
  'home.needName': 'Choose a name first.',
  'error.emptyName': 'Type a name: spaces alone are not a name.',

  'conn.connecting': 'Connecting…',
  'conn.reconnecting': 'Reconnecting… (try {n})',
  'conn.offline': 'Offline',
  'conn.retryNow': 'Retry now',

  'lobby.title': 'Table {code}',
  'lobby.invite': 'Invite link',
  'lobby.copy': 'Copy',
  'lobby.copied': 'Copied!',
  'lobby.fill': 'Fill empty seats with bots',
  'lobby.start': 'Start',
  'lobby.waitHost': 'Waiting for the host to start…',
  'lobby.needSeats': 'Every seat needs a player or a bot to start.',
  'lobby.sit': 'Sit here',
  'lobby.addBot': 'Add bot',
  'lobby.removeBot': 'Remove bot',
  'lobby.empty': 'Empty seat',
  'lobby.leave': 'Leave table',
  'lobby.host': 'host',
  'lobby.you': 'you',
  'lobby.bot': 'Bot',
  'lobby.away': 'away',
  'lobby.offline': 'offline',
  'lobby.spectating': 'You are watching.',
  'lobby.rules': 'Rules: {rules}',
  'lobby.turn': 'Turn time {n} s',
  'lobby.closed': 'This table has closed.',

  'team.0': 'Team A',
  'team.1': 'Team B',
  'team.us': 'Us',
  'team.them': 'Them',
  'seat.n': 'Seat {n}',

  'table.leave': 'Leave',
  'table.home': 'Home',
  'table.score': 'Score',
  'table.target': 'to {n}',
  'table.dealer': 'Dealer',
  'table.yourTurn': 'Your turn',
  'table.waiting': 'Waiting for {name}…',
  'table.lastTrick': 'Last trick',
  'table.lastTrick.none': 'No trick played yet.',
  'table.wonBy': 'won by {name}',
  'table.hands': 'Hands',
  'table.log': 'Moves',
  'table.close': 'Close',
  'table.handOver': 'Hand {n} is over',
  'table.matchOver': 'The match is over',
  'table.winner': '{name} wins!',
  'table.youWin': 'You win!',
  'table.theyWin': 'They win!',
  'table.rematch': 'Rematch',
  'table.replay': 'Watch the replay',
  'table.tricks': 'Tricks',
  'table.points': 'Points',
  'table.cards': '{n} cards',
  'table.secondsLeft': '{n} s',
  'table.illegal': 'Not allowed: {reason}',
  'table.notPlayable': 'cannot be played now',
  'table.spectator': 'Watching',
  'table.panel': 'Scores and moves',
  'table.keys': 'Keys: ←/→ choose a card, Enter plays it, 1–9 play the nth card, L last trick; while bidding 5–9 bid, 0 or P pass, 1–4 name the Hokm',
  'table.keys.kabul': 'Keys: S snap, Esc cancel a pick',
  'table.keys.baloot': 'Keys: ←/→ choose a card, Enter plays it, 1–9 play the nth card, L last trick; while bidding 1–4 bid in the buttons’ order, S Sun, H Hokum, 0 or P pass',
  'table.yourLead': 'Your lead',
  'table.showResult': 'Show the result',
  'table.sure': 'Leave this table?',

  'action.pass': 'Pass',
  'action.deal': 'Deal',
  'action.close': 'Window closed',

  'kout.bid': 'Bid {n}',
  'kout.bab': 'Bab (5)',
  'kout.bawan': 'Bawan (9)',
  'kout.malzoom': 'Malzoom',
  'kout.hokm': 'Hokm',
  'kout.chooseHokm': 'Choose the Hokm (trump)',
  'kout.contract': '{name} bid {bid}',
  'kout.contractHokm': '{name} bid {bid} · Hokm {suit}',
  'kout.yourBid': 'Your bid',
  'kout.bidCol': 'Bid',
  'kout.bidding': 'Bidding',
  'kout.deadJoker': 'dead',
  'kout.target': 'First to 101',

  'baloot.hokum': 'Hokum',
  'baloot.hokumSuit': 'Hokum {suit}',
  'baloot.sun': 'Sun',
  'baloot.faceUp': 'Face-up card',
  'baloot.contractHokum': '{name}: Hokum {suit}',
  'baloot.contractSun': '{name}: Sun',
  'baloot.projects': 'Projects',
  'baloot.project.sira': 'Sira',
  'baloot.project.fifty': 'Fifty',
  'baloot.project.hundred': 'Hundred',
  'baloot.project.four_hundred': 'Four hundred',
  'baloot.project.baloot': 'Baloot',
  'baloot.void': 'Everyone passed: no game this hand',
  'baloot.cardPoints': 'Card points',
  'baloot.target': 'First to 152',
  'baloot.counted': 'counts',
  'baloot.notCounted': 'does not count',
  'baloot.round1': 'Bidding: round 1',
  'baloot.round2': 'Bidding: round 2',

  'kabul.call': 'Kabul!',
  'kabul.drawDeck': 'Draw from the pile',
  'kabul.drawDiscard': 'Take the discard',
  'kabul.discard': 'Discard',
  'kabul.discardPower': 'Discard and use its power',
  'kabul.snap': 'Snap!',
  'kabul.snapPick': 'Pick one of your cards to snap',
  'kabul.pass': 'Pass',
  'kabul.replaceHint': 'Or click one of your cards to replace it',
  'kabul.mustReplace': 'Click one of your cards to replace it',
  'kabul.power.switch_and_look': 'Switch two cards and look at both',
  'kabul.power.blind_switch': 'Switch two cards without looking',
  'kabul.power.peek_own': 'Look at one of your cards',
  'kabul.power.peek_other': "Look at another player's card",
  'kabul.pickSecond': 'Now pick the second card',
  'kabul.drawPile': 'Pile ({n})',
  'kabul.discardPile': 'Discard',
  'kabul.drawn': 'Drawn card',
  'kabul.caller': '{name} called Kabul',
  'kabul.locked': 'locked',
  'kabul.round': 'Round {n}',
  'kabul.rounds': 'Rounds',
  'kabul.roundOver': 'Round {n} is over',
  'kabul.total': 'Total',
  'kabul.target': 'To {n}',
  'kabul.oneRound': 'One round',
  'kabul.end.kabul': 'Kabul was called',
  'kabul.end.no_cards': 'The cards ran out',
  'kabul.ev.kabul': '{name} called Kabul!',
  'kabul.ev.draw': '{name} drew from the {from}',
  'kabul.ev.drawCard': '{name} took {card} from the discard',
  'kabul.ev.discard': '{name} discarded {card}',
  'kabul.ev.discardPower': '{name} discarded {card} and uses its power',
  'kabul.ev.replace': '{name} replaced a card, throwing {card}',
  'kabul.ev.peek': '{name} looked at a card',
  'kabul.ev.switch': '{name} switched two cards',
  'kabul.ev.snapHit': '{name} snapped {card}: a match!',
  'kabul.ev.snapMiss': '{name} snapped {card}: no match, a penalty card',
  'kabul.ev.pass': '{name} passed',
  'kabul.ev.close': 'The snap window closed',
  'kabul.ev.reshuffle': 'The discard pile was shuffled into a new pile',
  'kabul.ev.end': 'The round is over',
  'kabul.from.deck': 'pile',
  'kabul.from.discard': 'discard',
  'kabul.lowest': 'Lowest wins',
  'kabul.slotLabel': '{name}, card {n}: {card}',
  'kabul.place': "{name}'s card {n}",
  'kabul.move.kabul': 'Called Kabul!',
  'kabul.move.drawDeck': 'Drew from the pile',
  'kabul.move.drawDiscard': 'Took the discard',
  'kabul.move.discard': 'Discarded the drawn card',
  'kabul.move.discardPower': 'Discarded the drawn card and used its power',
  'kabul.move.replace': 'Replaced card {n}',
  'kabul.move.peek': 'Looked at own card {n}',
  'kabul.move.peekOther': "Looked at {name}'s card {n}",
  'kabul.move.switch': 'Switched {a} with {b}',
  'kabul.move.snap': 'Snapped with card {n}',
  'kabul.move.pass': 'Passed',
  'kabul.ev.peekOwn': '{name} looked at their card {n}',
  'kabul.ev.peekOther': "{name} looked at {owner}'s card {n}",
  'kabul.ev.switchLook': '{name} switched two cards and looked at both',
  'kabul.ev.passMany': '{names} passed',
  'list.comma': ', ',
  'list.and': ' and ',

  'suit.S': 'Spades',
  'suit.H': 'Hearts',
  'suit.D': 'Diamonds',
  'suit.C': 'Clubs',
  'card.joker': 'Joker',
  'card.jokerRed': 'Red joker',
  'card.jokerBlack': 'Black joker',
  'rank.J': 'jack',
  'rank.Q': 'queen',
  'rank.K': 'king',
  'rank.A': 'ace',
  'card.back': 'Face-down card',
  'card.empty': 'Empty slot',

  'replay.title': 'Replay',
  'replay.loading': 'Loading the record…',
  'replay.missing': 'No finished match with that id (a match in progress keeps its cards secret).',
  'replay.first': 'First',
  'replay.prev': 'Back',
  'replay.next': 'Forward',
  'replay.last': 'Last',
  'replay.step': 'Move {n} of {total}',
  'replay.hand': 'Hand {n}',
  'replay.prev.hand': 'Previous hand',
  'replay.next.hand': 'Next hand',
  'replay.prev.round': 'Previous round',
  'replay.next.round': 'Next round',
  'replay.note': 'Every card is shown face up: the match is over.',
  'replay.download': 'Download the record',
  'replay.verify': 'Each hand\'s deck was committed before it was dealt: `majlis verify FILE` checks it.',

  'error.bad_name': 'That name is not allowed (1–24 characters).',
  'error.network': 'The server cannot be reached.',
  'error.no_table': 'No table with that code.',
  'error.seat_taken': 'That seat is taken.',
  'error.not_host': 'Only the host may do that.',
  'error.not_your_turn': 'It is not your turn.',
  'error.rate_limited': 'Too fast: slow down.',
  'error.unauthorized': 'Your session has expired: choose your name again.',
  'error.generic': 'Something went wrong: {message}',

  // Engine refusals (docs/protocol.md "Refusal codes"): `reason.CODE`, with a variant after a dot
  // where the words depend on the game or a parameter (protocol.js refusalKey picks it).
  'reason.match_over': 'the match is over',
  'reason.no_hand': 'no hand is being played: the next hand has not been dealt yet',
  'reason.not_dealt': 'no hand is being played: the next hand has not been dealt yet',
  'reason.no_round': 'no round is being played: the next round needs its deal',
  'reason.clock': 'the clock has no action in this game',
  'reason.not_your_turn': "it is {name}'s turn",
  'reason.wrong_moment.bidding': 'now is the time to bid or pass',
  'reason.wrong_moment.trump': 'now is the time to name the Hokm',
  'reason.wrong_moment.playing': 'now is the time to play a card',
  'reason.bid_too_low': 'a bid of {bid} is not higher than {high}',
  'reason.dealer_must_bid': 'the dealer must bid: everyone else passed',
  'reason.not_held': 'you do not hold {card}',
  'reason.must_follow': 'you must follow {suit}',
  'reason.must_follow.kout': 'you must follow {suit} (or play a joker)',
  'reason.must_follow_trump': 'the Hokm was led: you must play a Hokm card ({suit}) or a joker',
  'reason.joker_lead': "a joker may not lead: your team's bid is {n} and the A K Q J of the Hokm are not all played",
  'reason.joker_lead.black': "the black joker may not lead: at your team's bid of 8 only the red joker may, until the A K Q J of the Hokm are all played",
  'reason.joker_lead.other': 'a joker may not lead: the other team holds the bid and the A K Q J of the Hokm are not all played',
  'reason.still_bidding': 'the bidding is not over: pass, Hokum or Sun',
  'reason.bidding_over': 'the bidding is over: play a card',
  'reason.sun_in_round_one': 'Sun is not allowed in round 1 under these rules: pass or Hokum',
  'reason.round_one_hokum_suit': "in round 1 the Hokum is in {suit}, the face-up card's suit",
  'reason.bare_hokum_in_round_two': 'in round 2 a Hokum must name its suit',
  'reason.round_two_hokum_suit': "in round 2 the Hokum cannot be in {suit}, the face-up card's suit",
  'reason.only_sun_or_pass': "after {name}'s Hokum only Sun or pass remain",
  'reason.must_trump': 'you must play a trump',
  'reason.must_beat': 'you must beat the {rank} of trump',
  'reason.no_such_seat': 'there is no {name} at a table of {players}',
  'reason.clock_only_closes': 'the clock can only close an open snap window',
  'reason.only_the_clock_closes': 'only the clock closes a snap window: pass to leave it',
  'reason.no_window': 'no snap window is open',
  'reason.window_open': 'a snap window is open: snap one of your cards or pass',
  'reason.caller_locked': "the caller's cards are locked",
  'reason.target_locked': "the caller's cards are locked: {name}'s cards cannot be targeted",
  'reason.no_cards_left': 'you have no cards left',
  'reason.already_passed': 'you have passed in this snap window',
  'reason.kabul_already_called': '{name} has already called Kabul this round',
  'reason.draw_first': 'draw a card first (from the pile or the discard), or call Kabul',
  'reason.already_drawn': 'you have already drawn a card: discard it or replace one of your cards with it',
  'reason.no_power_in_play': 'no power is in play: discard a card drawn from the pile and use its power first',
  'reason.must_replace': 'a card taken from the discard pile must replace one of your cards',
  'reason.discard_pile_empty': 'the discard pile is empty',
  'reason.no_card_at': 'you have no card at place {n}',
  'reason.no_card_at_pos': '{name} has no card at place {n}',
  'reason.no_power': '{card} has no power',
  'reason.no_target': 'this power has no possible target now: {power}',
  'reason.power_pending': 'choose the target of the power first: {power}',
  'reason.wrong_target': 'that target does not fit the power: {power}',
  'reason.own_card_as_other': 'look at your own card as one of yours, not as another player\'s',
  'reason.same_card_twice': 'a switch needs two different cards',
  'reason.bad_reshuffle': 'the record\'s reshuffle does not fit the discard pile',
};

/** @type {Record<string, string>} */
const ar = {
  'app.title': 'مجلس',
  'app.tagline': 'كوت بو وبلوت وكابول مع الأصدقاء والآليين',
  'lang.switch': 'English',
  'lang.name': 'العربية',

  'game.kout6': 'كوت بو (٦ لاعبين)',
  'game.kout4': 'كوت بو (٤ لاعبين)',
  'game.baloot': 'بلوت',
  'game.kabul': 'كابول',
  'game.kout6.short': 'كوت بو ٦',
  'game.kout4.short': 'كوت بو ٤',

  'home.name': 'اسمك',
  'home.name.placeholder': 'مثلاً سارة',
  'home.name.save': 'حفظ',
  'home.name.hello': 'تلعب باسم {name}',
  'home.name.change': 'غيّر الاسم',
  'home.create': 'افتح طاولة',
  'home.game': 'اللعبة',
  'home.preset': 'القوانين',
  'home.preset.seed': 'عادية',
  'home.preset.saudi': 'سعودية',
  'home.playOut': 'العب الأكلات التسع كلها',
  'home.players': 'اللاعبون',
  'home.target': 'العب حتى مجموع',
  'home.target.none': 'جولة واحدة',
  'home.snapWindow': 'مهلة الخطف',
  'home.turn': 'وقت الدور',
  'home.seconds': '{n} ث',
  'home.public': 'عامة: تظهر لمن يريد الانضمام',
  'home.createButton': 'افتح الطاولة',
  'home.join': 'انضم إلى طاولة',
  'home.code': 'رمز الطاولة',
  'home.joinButton': 'انضم',
  'home.open': 'طاولات مفتوحة',
  'home.open.none': 'لا توجد طاولات عامة مفتوحة الآن.',
  'home.open.seats': '{taken}/{total} مقاعد',
  'home.open.host': 'المضيف {name}',
  'home.refresh': 'تحديث',
  'home.recent': 'ألعابك',
  'home.recent.none': 'لا ألعاب بعد.',
  'home.recent.finished': 'انتهت',
  'home.recent.playing': 'جارية',
  'home.recent.replay': 'إعادة',
  'home.recent.return': 'ارجع',
  'home.needName': 'اختر اسماً أولاً.',
  'error.emptyName': 'اكتب اسماً: المسافات وحدها ليست اسماً.',

  'conn.connecting': 'جارٍ الاتصال…',
  'conn.reconnecting': 'جارٍ إعادة الاتصال… (محاولة {n})',
  'conn.offline': 'غير متصل',
  'conn.retryNow': 'أعد المحاولة الآن',

  'lobby.title': 'طاولة {code}',
  'lobby.invite': 'رابط الدعوة',
  'lobby.copy': 'انسخ',
  'lobby.copied': 'نُسخ!',
  'lobby.fill': 'املأ المقاعد الفارغة بالآليين',
  'lobby.start': 'ابدأ',
  'lobby.waitHost': 'بانتظار أن يبدأ المضيف…',
  'lobby.needSeats': 'كل مقعد يحتاج لاعباً أو آلياً للبدء.',
  'lobby.sit': 'اجلس هنا',
  'lobby.addBot': 'أضف آلياً',
  'lobby.removeBot': 'أزل الآلي',
  'lobby.empty': 'مقعد فارغ',
  'lobby.leave': 'غادر الطاولة',
  'lobby.host': 'المضيف',
  'lobby.you': 'أنت',
  'lobby.bot': 'آلي',
  'lobby.away': 'غائب',
  'lobby.offline': 'غير متصل',
  'lobby.spectating': 'أنت تتفرج.',
  'lobby.rules': 'القوانين: {rules}',
  'lobby.turn': 'وقت الدور {n} ث',
  'lobby.closed': 'أُغلقت هذه الطاولة.',

  'team.0': 'الفريق أ',
  'team.1': 'الفريق ب',
  'team.us': 'لنا',
  'team.them': 'لهم',
  'seat.n': 'المقعد {n}',

  'table.leave': 'غادر',
  'table.home': 'الرئيسية',
  'table.score': 'النتيجة',
  'table.target': 'إلى {n}',
  'table.dealer': 'الموزع',
  'table.yourTurn': 'دورك',
  'table.waiting': 'بانتظار {name}…',
  'table.lastTrick': 'الأكلة السابقة',
  'table.lastTrick.none': 'لم تُلعب أكلة بعد.',
  'table.wonBy': 'أكلها {name}',
  'table.hands': 'الأيدي',
  'table.log': 'الحركات',
  'table.close': 'إغلاق',
  'table.handOver': 'انتهت اليد {n}',
  'table.matchOver': 'انتهت المباراة',
  'table.winner': 'فاز {name}!',
  'table.youWin': 'فزت!',
  'table.theyWin': 'فاز الفريق الآخر!',
  'table.rematch': 'مباراة جديدة',
  'table.replay': 'شاهد الإعادة',
  'table.tricks': 'الأكلات',
  'table.points': 'النقاط',
  'table.cards': '{n} أوراق',
  'table.secondsLeft': '{n} ث',
  'table.illegal': 'غير مسموح: {reason}',
  'table.notPlayable': 'لا يمكن لعبها الآن',
  'table.spectator': 'متفرج',
  'table.panel': 'النتائج والحركات',
  'table.keys': 'المفاتيح: ←/→ لاختيار ورقة، Enter للعبها، 1–9 للعب الورقة بترتيبها، L للأكلة السابقة؛ في المزايدة 5–9 للطلب، 0 أو P بَس، 1–4 لاختيار الحكم',
  'table.keys.kabul': 'المفاتيح: S للخطف، Esc لإلغاء الاختيار',
  'table.keys.baloot': 'المفاتيح: ←/→ لاختيار ورقة، Enter للعبها، 1–9 للعب الورقة بترتيبها، L للأكلة السابقة؛ في المزايدة 1–4 للطلب بترتيب الأزرار، S صن، H حكم، 0 أو P بَس',
  'table.yourLead': 'دورك: ابدأ الأكلة',
  'table.showResult': 'اعرض النتيجة',
  'table.sure': 'تغادر هذه الطاولة؟',

  'action.pass': 'بَس',
  'action.deal': 'توزيع',
  'action.close': 'أُغلقت المهلة',

  'kout.bid': 'أطلب {n}',
  'kout.bab': 'باب (٥)',
  'kout.bawan': 'بوان (٩)',
  'kout.malzoom': 'ملزوم',
  'kout.hokm': 'الحكم',
  'kout.chooseHokm': 'اختر الحكم',
  'kout.contract': '{name} طلب {bid}',
  'kout.contractHokm': '{name} طلب {bid} · الحكم {suit}',
  'kout.yourBid': 'طلبك',
  'kout.bidCol': 'الطلب',
  'kout.bidding': 'المزايدة',
  'kout.deadJoker': 'ميت',
  'kout.target': 'الأول إلى ١٠١',

  'baloot.hokum': 'حكم',
  'baloot.hokumSuit': 'حكم {suit}',
  'baloot.sun': 'صن',
  'baloot.faceUp': 'الورقة المكشوفة',
  'baloot.contractHokum': '{name}: حكم {suit}',
  'baloot.contractSun': '{name}: صن',
  'baloot.projects': 'المشاريع',
  'baloot.project.sira': 'سرا',
  'baloot.project.fifty': 'خمسين',
  'baloot.project.hundred': 'مية',
  'baloot.project.four_hundred': 'أربعمية',
  'baloot.project.baloot': 'بلوت',
  'baloot.void': 'الكل قال بَس: لا لعب في هذه اليد',
  'baloot.cardPoints': 'نقاط الأوراق',
  'baloot.target': 'الأول إلى ١٥٢',
  'baloot.counted': 'تُحسب',
  'baloot.notCounted': 'لا تُحسب',
  'baloot.round1': 'المزايدة: الجولة الأولى',
  'baloot.round2': 'المزايدة: الجولة الثانية',

  'kabul.call': 'كابول!',
  'kabul.drawDeck': 'اسحب من الكومة',
  'kabul.drawDiscard': 'خذ الورقة المرمية',
  'kabul.discard': 'ارمِ',
  'kabul.discardPower': 'ارمِ واستعمل قوتها',
  'kabul.snap': 'اخطف!',
  'kabul.snapPick': 'اختر ورقة من أوراقك لتخطف بها',
  'kabul.pass': 'بَس',
  'kabul.replaceHint': 'أو اضغط ورقة من أوراقك لتستبدلها',
  'kabul.mustReplace': 'اضغط ورقة من أوراقك لتستبدلها',
  'kabul.power.switch_and_look': 'بدّل ورقتين وانظر إليهما',
  'kabul.power.blind_switch': 'بدّل ورقتين دون أن تنظر',
  'kabul.power.peek_own': 'انظر إلى ورقة من أوراقك',
  'kabul.power.peek_other': 'انظر إلى ورقة لاعب آخر',
  'kabul.pickSecond': 'اختر الورقة الثانية',
  'kabul.drawPile': 'الكومة ({n})',
  'kabul.discardPile': 'المرمى',
  'kabul.drawn': 'الورقة المسحوبة',
  'kabul.caller': '{name} قال كابول',
  'kabul.locked': 'مقفل',
  'kabul.round': 'الجولة {n}',
  'kabul.rounds': 'الجولات',
  'kabul.roundOver': 'انتهت الجولة {n}',
  'kabul.total': 'المجموع',
  'kabul.target': 'إلى {n}',
  'kabul.oneRound': 'جولة واحدة',
  'kabul.end.kabul': 'قيل كابول',
  'kabul.end.no_cards': 'نفدت الأوراق',
  'kabul.ev.kabul': '{name} قال كابول!',
  'kabul.ev.draw': '{name} سحب من {from}',
  'kabul.ev.drawCard': '{name} أخذ {card} من المرمى',
  'kabul.ev.discard': '{name} رمى {card}',
  'kabul.ev.discardPower': '{name} رمى {card} ويستعمل قوتها',
  'kabul.ev.replace': '{name} استبدل ورقة ورمى {card}',
  'kabul.ev.peek': '{name} نظر إلى ورقة',
  'kabul.ev.switch': '{name} بدّل ورقتين',
  'kabul.ev.snapHit': '{name} خطف {card}: مطابقة!',
  'kabul.ev.snapMiss': '{name} خطف {card}: لا مطابقة، ورقة عقوبة',
  'kabul.ev.pass': '{name} قال بَس',
  'kabul.ev.close': 'أُغلقت مهلة الخطف',
  'kabul.ev.reshuffle': 'خُلطت أوراق المرمى في كومة جديدة',
  'kabul.ev.end': 'انتهت الجولة',
  'kabul.from.deck': 'الكومة',
  'kabul.from.discard': 'المرمى',
  'kabul.lowest': 'الأقل يفوز',
  'kabul.slotLabel': '{name}، الورقة {n}: {card}',
  'kabul.place': 'الورقة {n} عند {name}',
  'kabul.move.kabul': 'قال كابول!',
  'kabul.move.drawDeck': 'سحب من الكومة',
  'kabul.move.drawDiscard': 'أخذ الورقة المرمية',
  'kabul.move.discard': 'رمى الورقة المسحوبة',
  'kabul.move.discardPower': 'رمى الورقة المسحوبة واستعمل قوتها',
  'kabul.move.replace': 'استبدل ورقته {n}',
  'kabul.move.peek': 'نظر إلى ورقته {n}',
  'kabul.move.peekOther': 'نظر إلى الورقة {n} عند {name}',
  'kabul.move.switch': 'بدّل {a} مع {b}',
  'kabul.move.snap': 'خطف بورقته {n}',
  'kabul.move.pass': 'قال بَس',
  'kabul.ev.peekOwn': '{name} نظر إلى ورقته {n}',
  'kabul.ev.peekOther': '{name} نظر إلى الورقة {n} عند {owner}',
  'kabul.ev.switchLook': '{name} بدّل ورقتين ونظر إليهما',
  'kabul.ev.passMany': '{names} قالوا بَس',
  'list.comma': '، ',
  'list.and': ' و',

  'suit.S': 'شريا',
  'suit.H': 'هاص',
  'suit.D': 'ديمن',
  'suit.C': 'سبيت',
  'card.joker': 'جوكر',
  'card.jokerRed': 'الجوكر الأحمر',
  'card.jokerBlack': 'الجوكر الأسود',
  'rank.J': 'ولد',
  'rank.Q': 'بنت',
  'rank.K': 'شايب',
  'rank.A': 'إكة',
  'card.back': 'ورقة مقلوبة',
  'card.empty': 'خانة فارغة',

  'replay.title': 'إعادة',
  'replay.loading': 'جارٍ تحميل السجل…',
  'replay.missing': 'لا مباراة منتهية بهذا الرمز (المباراة الجارية تبقى أوراقها سرية).',
  'replay.first': 'البداية',
  'replay.prev': 'رجوع',
  'replay.next': 'تقدّم',
  'replay.last': 'النهاية',
  'replay.step': 'الحركة {n} من {total}',
  'replay.hand': 'اليد {n}',
  'replay.prev.hand': 'اليد السابقة',
  'replay.next.hand': 'اليد التالية',
  'replay.prev.round': 'الجولة السابقة',
  'replay.next.round': 'الجولة التالية',
  'replay.note': 'كل الأوراق مكشوفة: انتهت المباراة.',
  'replay.download': 'تنزيل السجل',
  'replay.verify': 'التزم الخادم بترتيب أوراق كل يد قبل توزيعها: الأمر `majlis verify FILE` يتحقق من ذلك.',

  'error.bad_name': 'هذا الاسم غير مقبول (من ١ إلى ٢٤ حرفاً).',
  'error.network': 'تعذّر الوصول إلى الخادم.',
  'error.no_table': 'لا توجد طاولة بهذا الرمز.',
  'error.seat_taken': 'هذا المقعد مشغول.',
  'error.not_host': 'المضيف وحده يستطيع ذلك.',
  'error.not_your_turn': 'ليس دورك.',
  'error.rate_limited': 'أسرع من اللازم: تمهّل.',
  'error.unauthorized': 'انتهت جلستك: اختر اسمك من جديد.',
  'error.generic': 'حدث خطأ: {message}',

  'reason.match_over': 'انتهت المباراة',
  'reason.no_hand': 'لا يد جارية: لم تُوزَّع اليد التالية بعد',
  'reason.not_dealt': 'لا يد جارية: لم تُوزَّع اليد التالية بعد',
  'reason.no_round': 'لا جولة جارية: الجولة التالية تنتظر التوزيع',
  'reason.clock': 'لا حركة للساعة في هذه اللعبة',
  'reason.not_your_turn': 'الدور على {name}',
  'reason.wrong_moment.bidding': 'الآن وقت الطلب أو البَس',
  'reason.wrong_moment.trump': 'الآن وقت اختيار الحكم',
  'reason.wrong_moment.playing': 'الآن وقت لعب ورقة',
  'reason.bid_too_low': 'طلب {bid} ليس أعلى من {high}',
  'reason.dealer_must_bid': 'على الموزع أن يطلب: الكل قال بَس',
  'reason.not_held': 'ليست معك الورقة {card}',
  'reason.must_follow': 'يجب أن تلعب من {suit}',
  'reason.must_follow.kout': 'يجب أن تلعب من {suit} (أو جوكر)',
  'reason.must_follow_trump': 'نزل الحكم: يجب أن تلعب من الحكم ({suit}) أو جوكر',
  'reason.joker_lead': 'لا يبدأ الجوكر: طلب فريقك {n} ولم تُلعب إكة الحكم وشايبه وبنته وولده كلها',
  'reason.joker_lead.black': 'لا يبدأ الجوكر الأسود: في طلب ٨ لفريقك يبدأ الجوكر الأحمر وحده حتى تُلعب إكة الحكم وشايبه وبنته وولده كلها',
  'reason.joker_lead.other': 'لا يبدأ الجوكر: الطلب للفريق الآخر ولم تُلعب إكة الحكم وشايبه وبنته وولده كلها',
  'reason.still_bidding': 'المزايدة لم تنتهِ: بَس أو حكم أو صن',
  'reason.bidding_over': 'انتهت المزايدة: العب ورقة',
  'reason.sun_in_round_one': 'الصن غير مسموح في الجولة الأولى بهذه القوانين: بَس أو حكم',
  'reason.round_one_hokum_suit': 'في الجولة الأولى يكون الحكم {suit}، نوع الورقة المكشوفة',
  'reason.bare_hokum_in_round_two': 'في الجولة الثانية سمِّ نوع الحكم',
  'reason.round_two_hokum_suit': 'في الجولة الثانية لا يكون الحكم {suit}، نوع الورقة المكشوفة',
  'reason.only_sun_or_pass': 'بعد حكم {name} لم يبقَ إلا صن أو بَس',
  'reason.must_trump': 'يجب أن تقطع بالحكم',
  'reason.must_beat': 'يجب أن تعلو على {rank} الحكم',
  'reason.no_such_seat': 'لا يوجد {name} في طاولة من {players}',
  'reason.clock_only_closes': 'الساعة لا تفعل إلا إغلاق مهلة الخطف المفتوحة',
  'reason.only_the_clock_closes': 'الساعة وحدها تغلق مهلة الخطف: قل بَس لتخرج منها',
  'reason.no_window': 'لا توجد مهلة خطف مفتوحة',
  'reason.window_open': 'مهلة الخطف مفتوحة: اخطف بإحدى أوراقك أو قل بَس',
  'reason.caller_locked': 'أوراق من قال كابول مقفلة',
  'reason.target_locked': 'أوراق من قال كابول مقفلة: لا يمكن استهداف أوراق {name}',
  'reason.no_cards_left': 'لم تبقَ معك أوراق',
  'reason.already_passed': 'قلت بَس في مهلة الخطف هذه',
  'reason.kabul_already_called': '{name} قال كابول في هذه الجولة',
  'reason.draw_first': 'اسحب ورقة أولاً (من الكومة أو المرمى) أو قل كابول',
  'reason.already_drawn': 'سحبت ورقة: ارمِها أو استبدل بها ورقة من أوراقك',
  'reason.no_power_in_play': 'لا قوة في اللعب: ارمِ ورقة سحبتها من الكومة واستعمل قوتها أولاً',
  'reason.must_replace': 'الورقة المأخوذة من المرمى يجب أن تحل محل ورقة من أوراقك',
  'reason.discard_pile_empty': 'المرمى فارغ',
  'reason.no_card_at': 'لا ورقة لك في الخانة {n}',
  'reason.no_card_at_pos': 'لا ورقة عند {name} في الخانة {n}',
  'reason.no_power': 'لا قوة للورقة {card}',
  'reason.no_target': 'لا هدف ممكن لهذه القوة الآن: {power}',
  'reason.power_pending': 'اختر هدف القوة أولاً: {power}',
  'reason.wrong_target': 'هذا الهدف لا يناسب القوة: {power}',
  'reason.own_card_as_other': 'انظر إلى ورقتك كورقة من أوراقك، لا كورقة لاعب آخر',
  'reason.same_card_twice': 'التبديل يحتاج ورقتين مختلفتين',
  'reason.bad_reshuffle': 'إعادة الخلط في السجل لا تناسب المرمى',
};

/** @type {Record<Lang, Record<string, string>>} */
export const MESSAGES = { en, ar };

/**
 * @param {unknown} lang
 * @returns {Lang}
 */
export function normalizeLang(lang) {
  return lang === 'ar' ? 'ar' : 'en';
}

/**
 * The writing direction of a language.
 * @param {Lang} lang
 * @returns {'rtl' | 'ltr'}
 */
export function dirOf(lang) {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * A message in `lang` with `{name}` placeholders filled. Falls back to English, then to the key.
 * Parameters are inserted as plain text: callers put the result in text nodes.
 * @param {Lang} lang
 * @param {string} key
 * @param {Params} [params]
 */
export function translate(lang, key, params) {
  const template = MESSAGES[lang]?.[key] ?? en[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

/**
 * A message cut into its text and its filled placeholders, so a view can isolate each parameter
 * (a player's name in Latin letters inside an Arabic sentence) in its own `<bdi>`.
 * @param {Lang} lang
 * @param {string} key
 * @param {Params} [params]
 * @returns {(string | {param: string, name: string})[]}
 */
export function translateParts(lang, key, params = {}) {
  const template = MESSAGES[lang]?.[key] ?? en[key] ?? key;
  /** @type {(string | {param: string, name: string})[]} */
  const out = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    const v = params[m[1]];
    if (v === undefined || v === null) continue;
    const at = /** @type {number} */ (m.index);
    if (at > last) out.push(template.slice(last, at));
    out.push({ param: String(v), name: m[1] });
    last = at + m[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out;
}

/**
 * A translator bound to a language.
 * @param {Lang} lang
 * @returns {(key: string, params?: Params) => string}
 */
export function makeT(lang) {
  return (key, params) => translate(lang, key, params);
}

/**
 * The two jokers' names in a language, for cardText.
 * @param {Lang} lang
 * @returns {{R: string, B: string}}
 */
export function jokerNames(lang) {
  return { R: translate(lang, 'card.jokerRed'), B: translate(lang, 'card.jokerBlack') };
}

/**
 * Whether a text has a letter of some script, which gives it a direction of its own. A text with
 * none ("10♥", "7–3") takes the direction around it, and in an Arabic sentence it would come out
 * reversed ("♥10"): such a text is shown left to right.
 * @param {string} text
 */
export function hasStrongText(text) {
  return /\p{L}/u.test(text);
}

/**
 * The name of a suit in a language.
 * @param {Lang} lang
 * @param {string | null | undefined} suit
 */
export function suitName(lang, suit) {
  return suit ? translate(lang, `suit.${suit}`) : '';
}
