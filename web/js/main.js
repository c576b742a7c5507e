// @ts-check
/**
 * The browser client's entry point: holds the state, talks to the server, routes by the address's
 * hash (#/ home, #/t/CODE a table, #/replay/ID a finished match, #/replay a record file) and renders.
 * @module
 */

import { h, replaceChildren, isolate } from './dom.js';
import { translate, translateParts, dirOf, normalizeLang } from './i18n.js';
import { initialState, reduce, timeLeft, isMyTurn } from './state.js';
import { Connection, socketUrl } from './net.js';
import { Outbox, msg, parseServerMessage, parseRoute, reasonParts, isBidding, bidKeyAction, seatName, teamOf } from './protocol.js';
import * as api from './api.js';
import { renderHome } from './views/home.js';
import { renderTable, announcement } from './views/table.js';
import { renderReplay } from './views/replay.js';
import { renderProfile, loadProfile } from './views/profile.js';
import { renderLeaderboard, loadLeaderboard } from './views/leaderboard.js';
import { renderRules } from './views/rules.js';
import { renderDaily, loadDaily } from './views/daily.js';
import { renderTournaments, loadTournaments } from './views/tournaments.js';
import { restoreSession, rememberSession } from './views/account.js';
import { readReplay } from './replay.js';
import { readAnalysis } from './analysis.js';
import { runSwitchAnimation } from './views/kabul.js';
import { storage } from './storage.js';
import { initialPace, observe, trickFacts, release } from './pace.js';
import { Alerts, pageTitle, turnBegan } from './alerts.js';
import { readMuted, writeMuted, outgoingText, EMOTES, EMOTE_MS } from './chat.js';

// The route of an address hash (a broken link goes home): see protocol.js.
export { parseRoute };

/**
 * The UI's own state that the server does not know: form drafts, open panels, selections.
 * @typedef {object} Ui
 * @property {string} nameDraft
 * @property {boolean} editingName
 * @property {string} codeDraft
 * @property {{game: string, preset: string, calls: string[], playOut: boolean, players: number, target: string, snapMs: number, turnS: number, public: boolean, hints: boolean, rated: boolean, spectatorChat: boolean, inviteOnly: boolean}} create
 * @property {any[] | null} openTables
 * @property {any[] | null} recent
 * @property {boolean} panel
 * @property {boolean} lastTrick
 * @property {string | null} kabulPick  the first place picked for a switch
 * @property {boolean} snapArmed
 * @property {{code: string, message: string} | null} flash  a note to show once the next route is on screen
 * @property {boolean} copied
 * @property {number | null} createId  the id of our create_table message, until its reply
 * @property {boolean} acted  an action of ours is on its way: the next move of our seat is ours
 * @property {{action: string, version: number} | null} playedForMe  the last move the clock (or the bot of an away seat) made for us, until we act
 * @property {Map<number, {id: string, until: number}>} emotes  the reaction showing at each seat, until when
 * @property {{code: string, table: Record<string, any> | null} | null} preview  the table an invite link names, for its reader without a name
 * @property {boolean} rulesOpen  the rules of the game being played are open over the table
 * @property {{bot: string} | null} playNow  "Play now" asked for the table being created: fill it with this bot and start
 * @property {Record<string, any>} replay
 * @property {import('./kabul-logic.js').Memory | null} memory
 * @property {Set<string>} shownTrick  trick cards already on screen (new ones animate in)
 * @property {string | null} shownKey  the hand whose trick cards shownTrick holds
 * @property {number | null} kabulSeen  the version of the last Kabul action drawn
 * @property {string[]} touched  Kabul places the last action looked at or moved
 * @property {{a: string, b: string} | null} animate  a Kabul switch to animate after the next draw
 * @property {Map<number, string>} bubbles  what each seat's speech bubble says (a new one pops in)
 * @property {Map<string, string>} faceUp  Kabul places drawn face up, and which card (a card turning up flips once)
 * @property {string | null} resultClosed  the match (game id) whose result dialog was closed to look at the table
 * @property {{builtin: string[], server: string[]} | null} bots  the bots a host may seat (GET /api/bots)
 * @property {string} botChoice  the bot the host's "Add bot" and "Fill" buttons seat
 * @property {import('./pace.js').Pace} pace  the trick held on the table, and the tricks of each hand seen
 * @property {number | null} review  the finished hand (from 0) whose tricks are open
 * @property {{key: string, index: number, played: boolean} | null} handFocus  the card just played from the hand, and where it was: focus returns to the hand once it has left
 * @property {boolean} chatOpen  the chat box is open
 * @property {string} chatDraft  the message being typed
 * @property {Map<string, string>} muted  the players muted for oneself (id → name), remembered in this browser
 */

/**
 * What went wrong with a request, for the replay page: the server's kind (or code) and its words.
 * @param {unknown} e
 * @returns {{kind: string, reason: string}}
 */
function errorWords(e) {
  if (e instanceof api.ApiError) return { kind: e.code, reason: e.message };
  return { kind: 'network', reason: String(e) };
}

export class App {
  constructor() {
    const lang = normalizeLang(storage.get('majlis.lang') ?? (navigator.language?.startsWith('ar') ? 'ar' : 'en'));
    /** @type {import('./state.js').State} */
    this.state = initialState({ lang });
    /** @type {Ui} */
    this.ui = {
      nameDraft: storage.get('majlis.name') ?? '',
      editingName: false,
      codeDraft: '',
      create: { game: 'kout6', preset: 'seed', calls: [], playOut: false, players: 4, target: '100', snapMs: 3000, turnS: 30, public: false, hints: false, rated: false, spectatorChat: true, inviteOnly: false },
      openTables: null,
      recent: null,
      handFocus: null,
      flash: null,
      panel: false,
      lastTrick: false,
      kabulPick: null,
      snapArmed: false,
      copied: false,
      createId: null,
      playNow: null,
      rulesOpen: false,
      preview: null,
      emotes: new Map(),
      acted: false,
      playedForMe: null,
      replay: {},
      memory: null,
      shownTrick: new Set(),
      shownKey: null,
      kabulSeen: null,
      resultClosed: null,
      touched: [],
      animate: null,
      faceUp: new Map(),
      bubbles: new Map(),
      bots: null,
      botChoice: 'heuristic',
      pace: initialPace(),
      review: null,
      chatOpen: false,
      chatDraft: '',
      muted: readMuted(storage.get('majlis.muted')),
    };
    this.alerts = new Alerts(storage);
    this.outbox = new Outbox();
    /** @type {Connection | null} */
    this.conn = null;
    this.scheduled = false;
    // A pointer pressed and not yet released: redraws wait for its release (see render).
    this.pressed = false;
    this.drawHeld = false;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.pressTimer = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.wakeTimer = null;
    this.wakeTime = 0;
    this.root = /** @type {HTMLElement} */ (document.getElementById('app'));
    // The others' moves for screen readers: one live region that outlives the redraws (a region
    // made anew at each redraw is not announced).
    this.live = document.createElement('div');
    this.live.id = 'live';
    this.live.className = 'visually-hidden';
    this.live.setAttribute('aria-live', 'polite');
    this.live.setAttribute('role', 'log');
    document.body.append(this.live);
  }

  /** Whether the person asked for less motion: a held trick then leaves without its sweep. */
  reducedMotion() {
    return Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
  }

  /** @param {string} key @param {import('./i18n.js').Params} [params] */
  t(key, params) {
    return translate(this.state.lang, key, params);
  }

  /**
   * A message as nodes, each parameter (a name) isolated in a <bdi>; `nodes` gives ready-made
   * nodes for some parameters.
   * @param {string} key @param {import('./i18n.js').Params} [params]
   * @param {Record<string, import('./dom.js').Child>} [nodes]
   */
  tn(key, params, nodes) {
    return isolate(translateParts(this.state.lang, key, params), nodes);
  }

  /** @param {import('./state.js').Action} action */
  dispatch(action) {
    this.state = reduce(this.state, action);
    this.render();
  }

  /**
   * Re-renders soon (once per burst of changes). Not while a pointer is pressed: a redraw makes
   * every element anew, and a press on the old button with its release on the new one is no click
   * to the browser, so the person's click (or tap) would be lost to a frame from the server that
   * came in between. The redraw comes once the pointer is released and its click handled.
   */
  render() {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      if (this.pressed) this.drawHeld = true;
      else this.draw();
    });
  }

  /** Follows the pointer's presses for render. */
  watchPresses() {
    const release = () => {
      if (this.pressTimer) clearTimeout(this.pressTimer);
      this.pressTimer = null;
      if (!this.pressed) return;
      this.pressed = false;
      // After the click this release makes (dispatched in the same task), not before it.
      if (this.drawHeld) setTimeout(() => {
        this.drawHeld = false;
        this.render();
      }, 0);
    };
    document.addEventListener('pointerdown', () => {
      this.pressed = true;
      // A press whose release never comes here (let go outside the window) holds nothing for long.
      if (this.pressTimer) clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(release, 1000);
    }, true);
    document.addEventListener('pointerup', release, true);
    document.addEventListener('pointercancel', release, true);
  }

  /**
   * Re-renders at a given time (a hand summary to hide, a peeked Kabul card to turn down).
   * @param {number} at client clock (ms)
   */
  wakeAt(at) {
    // One timer, for the earliest wake asked for; the render it causes asks for the next one.
    if (this.wakeTimer && this.wakeTime <= at) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTime = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.render();
    }, Math.max(50, at - Date.now() + 20));
  }

  /**
   * Sends a message to the server.
   * @param {Record<string, unknown>} message
   */
  send(message) {
    const m = this.outbox.make(String(message.type), message);
    if (!this.conn || !this.conn.send(m)) {
      this.dispatch({ type: 'localError', code: 'offline', message: this.t('conn.offline'), now: Date.now() });
      return null;
    }
    this.dispatch({ type: 'sent', msg: m });
    return /** @type {number} */ (m.id);
  }

  /** Opens or closes the chat box; opening it reads what was there. */
  toggleChat() {
    this.ui.chatOpen = !this.ui.chatOpen;
    if (this.ui.chatOpen) this.dispatch({ type: 'chatRead' });
    else this.render();
  }

  /**
   * Says something at the table on screen: a quick phrase, or the typed text (trimmed; an empty
   * draft sends nothing). The draft is cleared once it is on its way.
   * @param {{text: string} | {phrase: string}} said
   */
  sendChat(said) {
    const code = this.state.table?.code;
    if (!code) return;
    if ('phrase' in said) {
      this.send(msg.chat(code, { phrase: said.phrase }));
      return;
    }
    const text = outgoingText(said.text);
    if (text === null) return;
    if (this.send(msg.chat(code, { text })) !== null) {
      this.ui.chatDraft = '';
      this.render();
    }
  }

  /**
   * One's own chat message was refused: its typed words go back into an empty field, to send again
   * (the open chat box says why). With the box closed, the refusal shows as a toast instead.
   * @param {NonNullable<import('./chat.js').ChatState['refused']>} refused
   */
  onChatRefused(refused) {
    if (refused.text !== null && !this.ui.chatDraft.trim()) this.ui.chatDraft = refused.text;
    if (!this.ui.chatOpen) this.dispatch({ type: 'localError', code: refused.code, message: refused.message, now: Date.now() });
    else this.render();
  }

  /**
   * Hides a player's chat lines for oneself, remembered in this browser.
   * @param {string} id @param {string} name
   */
  mutePlayer(id, name) {
    this.ui.muted = new Map(this.ui.muted).set(id, name);
    storage.set('majlis.muted', writeMuted(this.ui.muted));
    this.render();
  }

  /** @param {string} id */
  unmutePlayer(id) {
    const muted = new Map(this.ui.muted);
    muted.delete(id);
    this.ui.muted = muted;
    storage.set('majlis.muted', writeMuted(muted));
    this.render();
  }

  /**
   * Sends an action at the current table, for the version shown.
   * @param {string} action
   */
  act(action) {
    const code = this.state.table?.code;
    if (!code) return;
    this.ui.kabulPick = null;
    this.ui.snapArmed = false;
    // The person's own move shows at once: a trick still held on the table makes way for it.
    this.ui.pace = release(this.ui.pace);
    this.ui.acted = true;
    this.ui.playedForMe = null;
    this.send(msg.act(code, action, this.state.version));
  }

  /**
   * Asks for the analysis of the match whose replay is open until it is ready, then shows its
   * marks. The page never waits for it: the replay works meanwhile.
   * @param {string} id
   * @param {number} [attempt]
   */
  loadAnalysis(id, attempt = 0) {
    const still = () => this.ui.replay.id === id && this.state.route.name === 'replay';
    api.analysis(id).then(
      (body) => {
        if (!still()) return;
        const analysis = body && body.status === 'ready' ? readAnalysis(body.analysis) : null;
        this.ui.replay.analysis = analysis ? { status: 'ready', data: analysis } : { status: 'pending' };
        if (!analysis && attempt < 200) setTimeout(() => { if (still()) this.loadAnalysis(id, attempt + 1); }, 1500);
        this.render();
      },
      (/** @type {unknown} */ e) => {
        if (!still()) return;
        const busy = e instanceof api.ApiError && e.status === 503;
        this.ui.replay.analysis = { status: busy ? 'busy' : 'failed' };
        if (busy && attempt < 200) setTimeout(() => { if (still()) this.loadAnalysis(id, attempt + 1); }, 10_000);
        this.render();
      },
    );
  }

  /** @param {string} hash */
  navigate(hash) {
    if (window.location.hash === hash) this.onRoute();
    else window.location.hash = hash;
  }

  /** @param {unknown} lang */
  setLang(lang) {
    const l = normalizeLang(lang);
    storage.set('majlis.lang', l);
    this.dispatch({ type: 'lang', lang: l });
  }

  // ---- identity

  /** Finds who this browser is (its session cookie) at start, and connects if someone. */
  async boot() {
    window.addEventListener('hashchange', () => this.onRoute());
    document.addEventListener('keydown', (e) => this.onKey(e));
    this.watchPresses();
    setInterval(() => this.tick(), 250);
    window.addEventListener('online', () => this.conn?.retryNow());
    const player = await restoreSession();
    if (player) this.dispatch({ type: 'player', player });
    if (this.state.me) this.connect();
    this.onRoute();
  }

  forgetPlayer() {
    rememberSession(false);
    this.dispatch({ type: 'logout' });
  }

  /**
   * This browser is now `player` (a new guest, a sign-in, or signed out with null): the socket
   * opens again as them, and the page reloads what it shows.
   * @param {{id: string, name: string, account?: boolean} | null} player
   */
  switchPlayer(player) {
    if (this.conn) this.conn.stop();
    this.conn = null;
    this.ui.editingName = false;
    this.ui.recent = null;
    rememberSession(Boolean(player));
    this.dispatch(player ? { type: 'player', player } : { type: 'logout' });
    if (player) this.connect();
    this.onRoute();
  }

  /**
   * Gives the player this name: a new guest if nobody is signed in, else a rename (the same
   * player, its games and account kept).
   * @param {string} name
   * @returns {Promise<boolean>}
   */
  async ensurePlayer(name) {
    const trimmed = name.trim();
    storage.set('majlis.name', trimmed);
    this.ui.nameDraft = trimmed;
    if (this.state.me && this.state.me.name === trimmed) {
      this.ui.editingName = false;
      this.render();
      return true;
    }
    try {
      const { player } = this.state.me ? await api.rename(trimmed) : await api.createPlayer(trimmed);
      this.switchPlayer(player);
      return true;
    } catch (e) {
      const code = e instanceof api.ApiError ? e.code : 'network';
      const known = code === 'bad_name' || code === 'network' || code === 'name_taken';
      this.dispatch({ type: 'localError', code, message: known ? this.t(`error.${code}`) : this.t('error.generic', { message: String(/** @type {any} */ (e).message ?? e) }), now: Date.now() });
      return false;
    }
  }

  // ---- the socket

  connect() {
    if (this.conn) return;
    this.conn = new Connection({
      // The upgrade carries the session cookie: no token to send.
      url: () => socketUrl(window.location),
      onMessage: (text) => this.onMessage(text),
      onStatus: (status, attempt, reconnected) => {
        this.dispatch({ type: 'conn', status, attempt });
        if (status === 'open') this.onOpen(reconnected);
      },
      onRetry: (attempt) => {
        // A socket that keeps failing may mean the session is no longer valid.
        if (attempt === 2 && this.state.me) {
          api.me().catch((e) => {
            if (e instanceof api.ApiError && e.status === 401) {
              this.conn?.stop();
              this.conn = null;
              this.forgetPlayer();
              this.dispatch({ type: 'localError', code: 'unauthorized', message: this.t('error.unauthorized'), now: Date.now() });
            }
          });
        }
      },
    });
    this.conn.connect();
  }

  /** @param {boolean} reconnected */
  onOpen(reconnected) {
    const route = this.state.route;
    if (route.name !== 'table' || !route.code) return;
    if (reconnected && this.state.table) {
      this.send(msg.resume(route.code, this.state.version || null));
    } else {
      this.send(msg.join(route.code, undefined, route.invite));
    }
  }

  /** @param {string} text */
  onMessage(text) {
    const m = parseServerMessage(text);
    if (!m) return;
    const before = this.state;
    const now = Date.now();
    this.dispatch({ type: 'server', msg: m, now });
    // Lines that come while the chat is open are read as they come.
    if ((m.type === 'chat' || m.type === 'sync') && this.ui.chatOpen) this.dispatch({ type: 'chatRead' });
    // A reaction shows at its sender's seat for a moment (a muted person's never does).
    if (m.type === 'chat' && EMOTES.includes(String(m.phrase)) && typeof m.from?.seat === 'number' && !this.ui.muted.has(String(m.from.id))) {
      this.ui.emotes.set(m.from.seat, { id: String(m.phrase), until: now + EMOTE_MS });
      setTimeout(() => this.render(), EMOTE_MS + 50);
    }
    const refused = this.state.chat.refused;
    if (refused && refused !== before.chat.refused) this.onChatRefused(refused);
    if (m.type === 'event' || m.type === 'sync') this.onGameMessage(before, m, now);
    if (m.type === 'error') this.ui.acted = false;
    // The table we asked for: go to it.
    if (m.type === 'table' && this.ui.createId !== null && m.id === this.ui.createId && this.state.table) {
      this.ui.createId = null;
      const code = this.state.table.code;
      // "Play now": the bots sit and the match starts, in this order on the one socket.
      if (this.ui.playNow) {
        this.send(msg.fillBots(code, this.ui.playNow.bot));
        this.send(msg.start(code));
        this.ui.playNow = null;
      }
      this.navigate(`#/t/${code}`);
    }
    // A table that refuses a seat (a match under way, full, or by invitation only): watch it instead.
    if (m.type === 'error' && (m.code === 'seat_taken' || m.code === 'not_invited') && before.route.name === 'table' && before.route.code && !before.table) {
      this.send(msg.spectate(before.route.code));
    }
    // The host removed us: the table is no longer ours to follow (the toast says why).
    if (m.type === 'notice' && m.code === 'removed' && before.you !== null && m.seat === before.you && before.route.name === 'table') {
      // (Going home clears the table's toast: it is said again there.)
      this.ui.flash = { code: 'removed', message: String(m.message ?? '') };
      this.navigate('#/');
    }
    if (this.state.needResume && this.state.table && this.conn?.isOpen) {
      this.dispatch({ type: 'resumeSent' });
      this.send(msg.resume(this.state.table.code, this.state.version));
    }
  }

  /**
   * What a new state of the match means beyond drawing it: the trick to hold on the table, the
   * sounds, the turn's alert.
   * @param {import('./state.js').State} before
   * @param {Record<string, any>} m
   * @param {number} now
   */
  onGameMessage(before, m, now) {
    const s = this.state;
    if (!s.game || !s.table || s.game === before.game) return;
    const game = String(s.table.game);
    const held = this.ui.pace.held;
    this.ui.pace = observe(this.ui.pace, String(s.table.game_id ?? s.table.code), trickFacts(game, s.game.view), now);
    const won = this.ui.pace.held !== held ? this.ui.pace.held : null;
    if (m.type === 'event' && won && s.you !== null && won.winner !== null && teamOf(won.winner) === teamOf(s.you)) this.alerts.play('trick');
    else if (m.type === 'event' && /^play /.test(String(m.action ?? '')) && game !== 'kabul') this.alerts.play('card');
    if (turnBegan(isMyTurn(before), isMyTurn(s))) this.alerts.yourTurn();
    // A move of our seat we did not send: the clock ran out and the bot chose for us. Said on
    // screen and aloud until we act again.
    if (m.type === 'event' && typeof m.seat === 'number' && m.seat === before.you && before.you !== null) {
      this.ui.playedForMe = this.ui.acted ? null : { action: String(m.action), version: s.game.version };
      this.ui.acted = false;
    }
  }

  // ---- routing

  onRoute() {
    const hash = window.location.hash;
    const route = parseRoute(hash);
    // A link that leads nowhere (cut short, badly encoded): the home page, and the address says so.
    if (route.name === 'home' && hash && hash !== '#' && hash !== '#/') history.replaceState(null, '', '#/');
    this.ui.lastTrick = false;
    this.ui.kabulPick = null;
    this.ui.snapArmed = false;
    this.dispatch({ type: 'route', route });
    if (this.ui.flash) {
      this.dispatch({ type: 'localError', ...this.ui.flash, now: Date.now() });
      this.ui.flash = null;
    }
    if (route.name === 'home') {
      this.refreshLists();
    } else if (route.name === 'table' && route.code) {
      if (this.state.table?.code !== route.code) {
        this.ui.memory = null;
        this.ui.pace = initialPace();
        this.ui.review = null;
        this.ui.shownTrick = new Set();
        this.ui.faceUp = new Map();
        if (this.conn?.isOpen) this.send(msg.join(route.code, undefined, route.invite));
      }
    } else if (route.name === 'replay' && route.gameId) {
      // The steps come from the engines on the server: the page only shows them.
      const id = route.gameId;
      this.ui.replay = { id, status: 'loading', step: 0 };
      api.replay(id).then(
        (data) => {
          if (this.ui.replay.id !== id) return;
          const replay = readReplay(data);
          this.ui.replay = replay ? { id, status: 'ready', data: replay, step: 0 } : { id, status: 'missing', step: 0 };
          if (replay) this.loadAnalysis(id);
          this.render();
        },
        (/** @type {unknown} */ e) => {
          if (this.ui.replay.id !== id) return;
          const missing = e instanceof api.ApiError && e.status === 404;
          this.ui.replay = missing ? { id, status: 'missing', step: 0 } : { id, status: 'failed', error: errorWords(e), step: 0 };
          this.render();
        },
      );
    } else if (route.name === 'replay') {
      // A record file from the person's own disk: chosen on the page, replayed by the server.
      this.ui.replay = { id: null, status: 'file', step: 0 };
    } else if (route.name === 'profile' && route.playerId) {
      loadProfile(this, route.playerId);
    } else if (route.name === 'leaderboard' && route.game) {
      loadLeaderboard(this, route.game);
    } else if (route.name === 'daily') {
      loadDaily(this);
    } else if (route.name === 'tournaments') {
      loadTournaments(this);
    }
  }

  /**
   * Sends a record file to the server and shows its replay, or the reason the engines refused it.
   * @param {File} file
   */
  openRecordFile(file) {
    const name = file.name;
    if (file.size > api.RECORD_FILE_LIMIT) {
      this.ui.replay = { id: null, status: 'file', step: 0, error: { kind: 'too_large', reason: this.t('replay.file.tooLarge') } };
      this.render();
      return;
    }
    const token = {};
    this.ui.replay = { id: null, status: 'loading', step: 0, file: name, token };
    this.render();
    file.text().then((text) => api.replayRecord(text)).then(
      (data) => {
        if (this.ui.replay.token !== token) return;
        const replay = readReplay(data);
        this.ui.replay = replay
          ? { id: null, status: 'ready', data: replay, step: 0, file: name }
          : { id: null, status: 'file', step: 0, error: { kind: 'bad_reply', reason: this.t('replay.missing') } };
        this.render();
      },
      (/** @type {unknown} */ e) => {
        if (this.ui.replay.token !== token) return;
        this.ui.replay = { id: null, status: 'file', step: 0, file: name, error: errorWords(e) };
        this.render();
      },
    );
  }

  refreshLists() {
    api.openTables().then((list) => {
      this.ui.openTables = Array.isArray(list) ? list : [];
      this.render();
    }, () => {
      this.ui.openTables = [];
      this.render();
    });
    if (this.state.me) {
      api.myGames().then((list) => {
        this.ui.recent = Array.isArray(list) ? list : [];
        this.render();
      }, () => {
        this.ui.recent = [];
        this.render();
      });
    }
  }

  // ---- time and keys

  /** Updates the clocks in place, without a full render. */
  tick() {
    const left = timeLeft(this.state, Date.now());
    for (const el of document.querySelectorAll('[data-clock]')) {
      const total = Number(/** @type {HTMLElement} */ (el).dataset.total) || 30000;
      const bar = /** @type {HTMLElement | null} */ (el.querySelector('.clock-bar'));
      const text = el.querySelector('.clock-text');
      if (left === null) continue;
      if (bar) bar.style.width = `${Math.max(0, Math.min(100, (left / total) * 100))}%`;
      if (text) text.textContent = this.t('table.secondsLeft', { n: Math.ceil(left / 1000) });
      el.classList.toggle('urgent', left < 5000);
    }
    for (const el of document.querySelectorAll('[data-ring]')) {
      const ring = /** @type {HTMLElement} */ (el);
      const total = Number(ring.dataset.total) || 30000;
      if (left === null) continue;
      ring.style.setProperty('--left', Math.max(0, Math.min(1, left / total)).toFixed(3));
      ring.classList.toggle('urgent', left < 5000);
    }
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const target = /** @type {HTMLElement | null} */ (e.target);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const route = this.state.route.name;
    if (route === 'replay') {
      const ev = new CustomEvent('replay-key', { detail: e.key });
      if (['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key)) {
        e.preventDefault();
        this.root.dispatchEvent(ev);
      }
      return;
    }
    if (route !== 'table') return;
    const game = String(this.state.table?.game ?? '');
    const view = this.state.game?.view;
    if (isBidding(game, view) && /^[0-9phsPHS]$/.test(e.key)) {
      // While the hand is bid for, keys bid (5–9 in Kout, the buttons' order in Baloot) and never
      // play a card.
      const action = isMyTurn(this.state) ? bidKeyAction(game, view, e.key, this.state.game?.legal ?? []) : null;
      if (action) {
        e.preventDefault();
        this.act(action);
      }
      return;
    }
    if (/^[1-9]$/.test(e.key)) {
      const cards = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('.hand .card-btn'));
      const card = cards[Number(e.key) - 1];
      if (card) {
        e.preventDefault();
        card.click();
      }
    } else if (e.key === 'l' || e.key === 'L') {
      this.ui.lastTrick = !this.ui.lastTrick;
      this.render();
    } else if ((e.key === 's' || e.key === 'S') && document.querySelector('.snap-btn')) {
      /** @type {HTMLButtonElement | null} */ (document.querySelector('.snap-btn'))?.click();
    } else if (e.key === 'Escape' && this.ui.rulesOpen) {
      // Esc closes the rules over the table first, and nothing else.
      this.ui.rulesOpen = false;
      this.render();
      /** @type {HTMLElement | null} */ (document.querySelector('[data-key="rules-open"]'))?.focus();
    } else if (e.key === 'Escape') {
      // Esc also closes the result dialog (to look at the table; a button brings it back).
      if (this.root.querySelector('.result')) this.ui.resultClosed = String(this.state.table?.game_id ?? '');
      this.ui.lastTrick = false;
      this.ui.review = null;
      this.ui.kabulPick = null;
      this.ui.snapArmed = false;
      this.render();
    }
  }

  // ---- rendering

  draw() {
    const s = this.state;
    document.documentElement.lang = s.lang;
    document.documentElement.dir = dirOf(s.lang);
    document.title = pageTitle(s.lang, s.route.name === 'table' && isMyTurn(s));
    // Keep the focused control (by its key) and an input's caret across the re-render.
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active?.dataset?.key ?? null;
    const input = active instanceof HTMLInputElement ? active : null;
    const caret = input && (input.type === 'text' || input.type === 'search') ? [input.selectionStart, input.selectionEnd] : null;
    const handIndex = active?.classList.contains('card-btn') ? [...document.querySelectorAll('.hand .card-btn')].indexOf(active) : -1;
    let screen;
    if (s.route.name === 'table') screen = renderTable(this);
    else if (s.route.name === 'replay') screen = renderReplay(this);
    else if (s.route.name === 'profile') screen = renderProfile(this);
    else if (s.route.name === 'leaderboard') screen = renderLeaderboard(this);
    else if (s.route.name === 'rules') screen = renderRules(this);
    else if (s.route.name === 'daily') screen = renderDaily(this);
    else if (s.route.name === 'tournaments') screen = renderTournaments(this);
    else screen = renderHome(this);
    replaceChildren(this.root, this.header(), this.banner(), screen, this.toast());
    // The chat shows its newest lines.
    for (const log of this.root.querySelectorAll('.chat-lines')) log.scrollTop = log.scrollHeight;
    if (this.ui.animate) {
      runSwitchAnimation(this.ui.animate, this.root);
      this.ui.animate = null;
    }
    if (focusKey) {
      const again = /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`));
      if (again) {
        again.focus({ preventScroll: true });
        if (caret && again instanceof HTMLInputElement && caret[0] !== null) again.setSelectionRange(caret[0], caret[1]);
      } else if (handIndex >= 0 && !this.ui.handFocus) {
        // A card of the hand had focus and is not drawn this time: focus comes back to the hand
        // when it is drawn again.
        this.ui.handFocus = { key: focusKey, index: handIndex, played: false };
      }
    }
    // A card played (or a focused card not drawn for a moment): once the hand is drawn without it,
    // focus goes to the card in its place; a card drawn again gets its focus back.
    const pending = this.ui.handFocus;
    const cards = /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll('.hand .card-btn'));
    if (pending && cards.length) {
      const same = /** @type {HTMLElement | null} */ (this.root.querySelector(`[data-key="${CSS.escape(pending.key)}"]`));
      if (!same) {
        this.ui.handFocus = null;
        cards[Math.min(pending.index, cards.length - 1)]?.focus({ preventScroll: true });
      } else if (!pending.played) {
        this.ui.handFocus = null;
        same.focus({ preventScroll: true });
      }
    }
    const said = announcement(this);
    if (said !== null && this.live.textContent !== said) this.live.textContent = said;
    this.tick();
  }

  header() {
    const s = this.state;
    return h('header', { class: 'topbar' },
      h('a', { class: 'brand', href: '#/' }, h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, '♠♥'), this.t('app.title')),
      h('div', { class: 'topbar-end' },
        s.me ? h('bdi', { class: 'who' }, s.me.name) : null,
        h('button', { class: 'btn ghost lang-btn', type: 'button', lang: s.lang === 'ar' ? 'en' : 'ar', 'data-key': 'lang', onclick: () => this.setLang(s.lang === 'ar' ? 'en' : 'ar') }, this.t('lang.switch'))));
  }

  banner() {
    const c = this.state.conn;
    if (!this.state.me || c.status === 'open' || c.status === 'idle') return null;
    const text = c.status === 'reconnecting' ? this.t('conn.reconnecting', { n: c.attempt }) : this.t('conn.connecting');
    return h('div', { class: `conn-banner ${c.status}`, role: 'status', 'aria-live': 'polite' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }), text,
      c.status === 'reconnecting' ? h('button', { class: 'btn small', type: 'button', onclick: () => this.conn?.retryNow() }, this.t('conn.retryNow')) : null);
  }

  /**
   * A refusal in words: the engine's reason for an illegal action, a known code in the reader's
   * language (in English, the server's own words), else the server's message.
   * @param {{code: string, message: string, reason?: Record<string, unknown>}} e
   * @returns {import('./dom.js').Child}
   */
  errorText(e) {
    if (e.code === 'illegal') {
      // The engine's refusal (code and parameters) in the player's language when the code is a
      // known one; else the server's English, isolated so that an Arabic sentence around it keeps
      // its order.
      const table = this.state.table;
      const parts = reasonParts(this.state.lang, e.reason, { game: table?.game, name: (seat) => seatName(table, seat, this.state.lang) });
      const reason = parts ? h('bdi', null, isolate(parts)) : h('bdi', { dir: 'ltr', lang: 'en' }, e.message);
      return this.tn('table.illegal', { reason: e.message }, { reason });
    }
    if (['no_table', 'seat_taken', 'not_host', 'not_your_turn', 'rate_limited', 'unavailable', 'busy', 'bot_fault', 'bot_replaced', 'not_invited', 'cooldown', 'removed', 'bad_name', 'name_taken', 'network', 'unauthorized'].includes(e.code)) {
      if (this.state.lang === 'en' && e.message && e.code !== 'network' && e.code !== 'unauthorized') return e.message.charAt(0).toUpperCase() + e.message.slice(1);
      return this.t(`error.${e.code}`);
    }
    return e.message || e.code;
  }

  toast() {
    const e = this.state.error;
    if (!e) return null;
    return h('div', { class: `toast ${e.code}`, role: 'alert' },
      h('span', { class: 'toast-text' }, this.errorText(e)),
      h('button', { class: 'btn ghost small', type: 'button', 'aria-label': this.t('table.close'), onclick: () => this.dispatch({ type: 'dismissError' }) }, '×'));
  }
}

const app = new App();
// The end-to-end tests read the state through this handle; nothing else uses it.
/** @type {any} */ (window).majlis = app;
app.boot();
