// @ts-check
/**
 * How to play each game, written for players, in English and Arabic: the pages of `#/rules/GAME`
 * (views/rules.js draws them, the card rows with the client's own card faces). They say what
 * `../shared/rules/*.md` decides, in a player's words; where a table's options change a rule, the
 * page says "at most tables" and names the option. Pure data.
 * @module
 */

/**
 * One block of a page: a heading, a paragraph, a list, or a row of cards (record notation: "AS",
 * "TH", "RJ") with an optional caption.
 * @typedef {{h: string} | {p: string} | {list: string[]} | {cards: string[], caption?: string}} Block
 */

/** @typedef {'kout' | 'baloot' | 'kabul'} RulesGame */

/** The page of each game, by the game ids the client uses (both Kout Bo tables share one page). */
export const RULES_OF = /** @type {Record<string, RulesGame>} */ ({ kout6: 'kout', kout4: 'kout', baloot: 'baloot', kabul: 'kabul' });

/** @type {Record<RulesGame, Record<'en' | 'ar', Block[]>>} */
export const RULES = {
  kout: {
    en: [
      { h: 'The aim' },
      { p: 'Two teams, partners sitting apart. Each hand one player bids how many of the nine tricks their team will take and names the trump (the Hokm). A match is played to 101 points.' },
      { h: 'Players and cards' },
      { list: [
        'Kout Bo 6: six players in two teams of three, 54 cards (52 and two jokers), 9 cards each.',
        'Kout Bo 4: four players in two teams of two, 36 cards (no 2 to 5, no 6♥ or 6♦, two jokers), 9 cards each.',
        'Play, bidding and dealing go round the table in turn; the deal moves on one seat each hand.',
      ] },
      { h: 'Card order' },
      { p: 'In the Hokm: the red joker, then the ace of the Hokm, then the black joker, then K, Q, J, 10 … 2. Both jokers are Hokm cards. In the other suits: A, K, Q, J, 10 … 2.' },
      { cards: ['RJ', 'AH', 'BJ', 'KH', 'QH', 'JH'], caption: 'The top of the Hokm when hearts are trump' },
      { h: 'Bidding' },
      { list: [
        'Starting after the dealer, each player speaks once: a bid from 5 to 9, higher than any bid so far, or pass.',
        '5 is Bab, 9 is Bawan. Nobody can outbid a Bawan, so the bidding stops there.',
        'If everyone before the dealer passes, the dealer must bid; a forced 5 is Malzoom.',
        'The highest bidder names the Hokm and leads the first trick.',
      ] },
      { h: 'Which cards you may play' },
      { list: [
        'Follow the suit that was led if you can. A joker may be played to any trick.',
        'If the Hokm was led (or a joker led as Hokm) and you hold a Hokm card or a joker, you must play one.',
        'If you cannot follow, play any card.',
        'A joker may be led only when your team holds a bid of 9 (either joker) or 8 (the red joker only), or once the A, K, Q and J of the Hokm have all been played. A hand of nothing but jokers that may not be led must still lead one: it is then "dead" and cannot win.',
        'The highest Hokm card in the trick wins it; with no Hokm, the highest card of the suit led. The winner leads next.',
      ] },
      { h: 'Scoring' },
      { list: [
        'The hand stops as soon as the bid is made or can no longer be made.',
        'Made: the bidders score their bid (5 to 8), or 36 for a Bawan.',
        'Failed: the other team scores double the bid (10 to 18); a failed Malzoom gives them 5.',
      ] },
      { h: 'How a match ends' },
      { list: [
        'A team with 101 points or more wins.',
        'A team with 51 or more while the other still has 0 wins at once.',
        'A Bawan made on the very first hand wins the match.',
      ] },
    ],
    ar: [
      { h: 'الهدف' },
      { p: 'فريقان، ولا يجلس لاعبا الفريق الواحد متجاورين. في كل يد يطلب لاعب عدد الأكلات التي سيأخذها فريقه من تسع، ويختار الحكم. تُلعب المباراة حتى 101 نقطة.' },
      { h: 'اللاعبون والأوراق' },
      { list: [
        'كوت بو (6 لاعبين): فريقان من ثلاثة، 54 ورقة (52 وجوكران)، لكل لاعب 9 أوراق.',
        'كوت بو (4 لاعبين): فريقان من اثنين، 36 ورقة (بلا 2 إلى 5، وبلا 6 هاص و6 ديمن، مع الجوكرين)، لكل لاعب 9 أوراق.',
        'اللعب والطلب والتوزيع بالدور حول الطاولة، والتوزيع ينتقل مقعدًا واحدًا كل يد.',
      ] },
      { h: 'ترتيب الأوراق' },
      { p: 'في الحكم: الجوكر الأحمر، ثم إكة الحكم، ثم الجوكر الأسود، ثم الشايب والبنت والولد والعشرة وما دونها. الجوكران من الحكم. وفي الأشكال الأخرى: الإكة، الشايب، البنت، الولد، العشرة وما دونها.' },
      { cards: ['RJ', 'AH', 'BJ', 'KH', 'QH', 'JH'], caption: 'أعلى الحكم إذا كان الحكم هاص' },
      { h: 'الطلب' },
      { list: [
        'يبدأ من بعد الموزّع، ولكل لاعب كلمة واحدة: طلب من 5 إلى 9 أعلى من كل ما سبقه، أو بَس.',
        'الخمسة باب، والتسعة بوان. لا يعلو على البوان شيء، فيتوقف الطلب عنده.',
        'إذا قال كل من قبل الموزّع «بَس» وجب على الموزّع أن يطلب، والخمسة المفروضة ملزوم.',
        'صاحب أعلى طلب يختار الحكم ويبدأ أول أكلة.',
      ] },
      { h: 'ما يجوز لك لعبه' },
      { list: [
        'العب من الشكل الذي بُدئ به إن كان معك. والجوكر يُلعب على أي أكلة.',
        'إذا بُدئ بالحكم (أو بجوكر على أنه حكم) ومعك ورقة حكم أو جوكر، وجب أن تلعب منها.',
        'إن لم يكن معك الشكل فالعب ما شئت.',
        'لا يُبدأ بالجوكر إلا إذا كان طلب فريقك 9 (أي الجوكرين) أو 8 (الأحمر فقط)، أو بعد أن تُلعب إكة الحكم وشايبه وبنته وولده كلها. ومن لم يبقَ معه إلا جوكر لا يجوز البدء به بدأ به «ميتًا» لا يأكل.',
        'أعلى ورقة حكم في الأكلة تأكلها، وإن لم يكن فيها حكم فأعلى ورقة من الشكل المبدوء به. والآكل يبدأ التالية.',
      ] },
      { h: 'الحساب' },
      { list: [
        'تنتهي اليد متى تحقق الطلب أو صار تحقيقه مستحيلًا.',
        'إن تحقق: يكسب الطالبون طلبهم (من 5 إلى 8)، أو 36 للبوان.',
        'إن لم يتحقق: يكسب الفريق الآخر ضعف الطلب (من 10 إلى 18)، والملزوم الخاسر يعطيهم 5.',
      ] },
      { h: 'نهاية المباراة' },
      { list: [
        'يفوز الفريق الذي يبلغ 101 نقطة أو أكثر.',
        'ويفوز فورًا من يبلغ 51 والفريق الآخر ما زال عند 0.',
        'والبوان المحقق في أول يد من المباراة يفوز بها.',
      ] },
    ],
  },
  baloot: {
    en: [
      { h: 'The aim' },
      { p: 'Four players, partners opposite. Each hand one team takes the contract, Hokum (with a trump) or Sun (no trump), and both teams count the points of the cards they win. The first team to 152 points wins the match.' },
      { h: 'Cards and the deal' },
      { list: [
        '32 cards: 7, 8, 9, 10, J, Q, K, A in four suits.',
        'Five cards each, then one card is turned face up. The bidder takes it and two more; everyone else takes three, so all have eight.',
      ] },
      { h: 'Bidding' },
      { list: [
        'Round 1, from the player after the dealer: Hokum in the face-up card\'s suit, or pass.',
        'Round 2, if all passed: Hokum in another suit, Sun, or pass. If all pass again, the hand is dealt again by the next dealer.',
        'At Saudi tables Sun may also be called in round 1, and after a Hokum the later players may still take Sun.',
      ] },
      { h: 'Card order and points' },
      { p: 'The Hokum trump suit: J, 9, A, 10, K, Q, 8, 7 (J 20, 9 14, A 11, 10 10, K 4, Q 3). Every other suit, and all suits in Sun: A, 10, K, Q, J, 9, 8, 7 (A 11, 10 10, K 4, Q 3, J 2). The last trick is worth 10 more.' },
      { cards: ['JS', '9S', 'AS', 'TS', 'KS', 'QS'], caption: 'The trump order when spades are Hokum' },
      { h: 'Which cards you may play' },
      { list: [
        'Follow the suit that was led if you can.',
        'In Hokum, if you cannot follow you must trump if you can (at Saudi tables, not while your partner is winning the trick).',
        'Otherwise play any card. The highest trump wins the trick; with no trump, the highest card of the suit led.',
        'At Saudi tables you must also beat a trump already in the trick when you can.',
      ] },
      { h: 'Projects' },
      { p: 'Runs and sets in your hand score: a run of 3 in one suit (Sira) 20, of 4 (Fifty) 50, of 5 or more, or four of a kind (Hundred) 100; four aces in Sun 400. K and Q of the Hokum together (Baloot) score 20 for their holder. Only the team with the best project scores its projects; equal best projects cancel, or at Saudi tables the higher top card wins. A struck-through project did not count.' },
      { cards: ['9H', 'TH', 'JH'], caption: 'A Sira' },
      { h: 'Scoring a hand' },
      { list: [
        'Hokum: each team\'s card and project points ÷ 10, rounded. Sun: rounded to ten, doubled, ÷ 10.',
        'The bidders fail in Hokum with fewer points than the other team, in Sun with no more (a tie fails): the others then take 16 (Hokum) or 26 (Sun) and the projects; a Baloot stays with its holder.',
        'At Saudi tables with doubling, each double (up to four, or Gahwa for the whole match) multiplies the hand.',
      ] },
    ],
    ar: [
      { h: 'الهدف' },
      { p: 'أربعة لاعبين، والشريكان متقابلان. في كل يد يأخذ فريق المشترى: حكم (بحكم) أو صن (بلا حكم)، ويحسب الفريقان نقاط الأوراق التي يأكلانها. أول فريق يبلغ 152 نقطة يفوز بالمباراة.' },
      { h: 'الأوراق والتوزيع' },
      { list: [
        '32 ورقة: 7 و8 و9 و10 والولد والبنت والشايب والإكة من الأشكال الأربعة.',
        'خمس أوراق لكل لاعب، ثم تُكشف ورقة. يأخذها المشتري ومعها ورقتان، ويأخذ كل لاعب آخر ثلاثًا، فيصير مع الجميع ثماني أوراق.',
      ] },
      { h: 'الشراء' },
      { list: [
        'الجولة الأولى، من بعد الموزّع: حكم بشكل الورقة المكشوفة، أو بَس.',
        'الجولة الثانية إذا قال الجميع بَس: حكم بشكل آخر، أو صن، أو بَس. وإن قالوا بَس ثانيةً أعاد التوزيع الموزّع التالي.',
        'في طاولات القوانين السعودية يجوز الصن في الجولة الأولى أيضًا، وبعد الحكم يجوز لمن بعده أن يأخذه صن.',
      ] },
      { h: 'ترتيب الأوراق ونقاطها' },
      { p: 'شكل الحكم: الولد، التسعة، الإكة، العشرة، الشايب، البنت، 8، 7 (الولد 20، التسعة 14، الإكة 11، العشرة 10، الشايب 4، البنت 3). وبقية الأشكال، وكل الأشكال في الصن: الإكة، العشرة، الشايب، البنت، الولد، 9، 8، 7 (الإكة 11، العشرة 10، الشايب 4، البنت 3، الولد 2). وللأكلة الأخيرة 10 زيادة.' },
      { cards: ['JS', '9S', 'AS', 'TS', 'KS', 'QS'], caption: 'ترتيب الحكم إذا كان الحكم شريا' },
      { h: 'ما يجوز لك لعبه' },
      { list: [
        'العب من الشكل المبدوء به إن كان معك.',
        'في الحكم: إن لم يكن معك الشكل وجب أن تقطع بالحكم إن كان معك (وفي القوانين السعودية لا يجب ذلك ما دام شريكك آكلًا).',
        'وإلا فالعب ما شئت. أعلى حكم يأكل الأكلة، وإن لم يكن فيها حكم فأعلى ورقة من الشكل المبدوء به.',
        'في طاولات القوانين السعودية يجب أيضًا أن تعلو على الحكم الذي في الأكلة إن استطعت.',
      ] },
      { h: 'المشاريع' },
      { p: 'تُحسب التسلسلات والمجموعات في يدك: ثلاث متتالية من شكل واحد (سرا) 20، وأربع (خمسين) 50، وخمس فأكثر أو أربع من رتبة واحدة (مية) 100، وأربع إكك في الصن (أربعمية) 400. والشايب والبنت من الحكم معًا (بلوت) 20 لصاحبهما. لا يُحسب إلا مشاريع الفريق صاحب أعلى مشروع؛ وإن تساوى الأعلى أُلغيا، أو في القوانين السعودية يفوز صاحب الورقة الأعلى. والمشروع المشطوب لم يُحسب.' },
      { cards: ['9H', 'TH', 'JH'], caption: 'سرا' },
      { h: 'حساب اليد' },
      { list: [
        'في الحكم: نقاط الأوراق والمشاريع لكل فريق ÷ 10 مع التقريب. وفي الصن: تُقرّب إلى العشرات وتُضاعف ثم ÷ 10.',
        'يخسر المشترون في الحكم إذا قلّت نقاطهم عن الفريق الآخر، وفي الصن إذا لم تزد عليه (والتعادل خسارة): فيأخذ الآخرون 16 (حكم) أو 26 (صن) والمشاريع، ويبقى البلوت لصاحبه.',
        'في طاولات الدبل السعودية يضاعف كل دبل اليد (حتى فور، أو القهوة على المباراة كلها).',
      ] },
    ],
  },
  kabul: {
    en: [
      { h: 'The aim' },
      { p: 'Have the lowest total in front of you when the round ends. Your four cards lie face down; you look at two of them at the start, and after that you must remember.' },
      { h: 'Card values (lower is better)' },
      { p: 'Joker −1, red king 0, ace 1, 2 to 10 as numbered, jack 11, queen 12, black king 13.' },
      { cards: ['RJ', 'KH', 'AS', 'KS'], caption: '−1, 0, 1 and 13' },
      { h: 'Your turn' },
      { list: [
        'Draw from the pile, then either throw the card away or put it in place of one of your cards (the replaced card is thrown away).',
        'Or take the top card of the discard pile: it must replace one of your cards.',
        'Or, instead of drawing, call "Kabul!" (see the end).',
      ] },
      { h: 'Powers' },
      { p: 'A card drawn from the pile and thrown away at once may use its power: 9 or 8, look at one of your cards; 7 or 6, look at another player\'s card; J or 10, switch any two cards without looking; Q or K, switch any two cards and look at both.' },
      { h: 'Snapping' },
      { p: 'Whenever a card lands on the discard pile, anyone may snap: turn up one of their own cards. If it has the same rank it goes on the pile and you have one card fewer; if not, it goes back and you take a penalty card.' },
      { h: 'The end' },
      { list: [
        'Calling "Kabul!" takes your turn and locks your cards. Every other player has one more turn, then all cards are shown.',
        'The lowest total wins the round; equal lowest totals share it.',
        'A match adds up rounds until someone reaches the target (100 by default); then the lowest total wins.',
      ] },
    ],
    ar: [
      { h: 'الهدف' },
      { p: 'أن يكون مجموع أوراقك الأقل حين تنتهي الجولة. أوراقك الأربع مقلوبة أمامك، تنظر إلى اثنتين منها في البداية، وبعدها عليك أن تتذكّر.' },
      { h: 'قيم الأوراق (الأقل أفضل)' },
      { p: 'الجوكر −1، الشايب الأحمر 0، الإكة 1، من 2 إلى 10 برقمها، الولد 11، البنت 12، الشايب الأسود 13.' },
      { cards: ['RJ', 'KH', 'AS', 'KS'], caption: '−1 و0 و1 و13' },
      { h: 'دورك' },
      { list: [
        'اسحب من الكومة، ثم ارمِ الورقة أو ضعها مكان إحدى أوراقك (وتُرمى الورقة التي استبدلتها).',
        'أو خذ الورقة العليا من المرمى: ويجب أن تضعها مكان إحدى أوراقك.',
        'أو بدل السحب قل «كابول!» (انظر النهاية).',
      ] },
      { h: 'القوى' },
      { p: 'الورقة المسحوبة من الكومة إذا رُميت فورًا جاز استعمال قوتها: 9 أو 8 انظر إلى إحدى أوراقك، 7 أو 6 انظر إلى ورقة لاعب آخر، الولد أو 10 بدّل أي ورقتين دون نظر، البنت أو الشايب بدّل أي ورقتين وانظر إليهما.' },
      { h: 'الخطف' },
      { p: 'كلما نزلت ورقة على المرمى جاز لأي لاعب أن يخطف: يكشف إحدى أوراقه. فإن كانت من الرتبة نفسها نزلت على المرمى ونقصت أوراقه واحدة، وإلا عادت مكانها وأخذ ورقة جزاء.' },
      { h: 'النهاية' },
      { list: [
        'قول «كابول!» يأخذ دورك ويقفل أوراقك. ولكل لاعب آخر دور أخير، ثم تُكشف الأوراق كلها.',
        'صاحب أقل مجموع يفوز بالجولة، ومن تساووا في الأقل يتقاسمون الفوز.',
        'المباراة تجمع الجولات حتى يبلغ أحدهم الهدف (100 افتراضيًا)، ثم يفوز صاحب أقل مجموع.',
      ] },
    ],
  },
};
