// The room page: everything is drawn from the state the websocket sends (a whole
// `state`, then a `patch` per change: docs/protocol.md). Entry point: it wires the parts
// in room/*.js (the state held in room/store.js, the drawing in room/view.js over
// render/*.js) to the socket, through createRoomPage (room/page.js), called once here.
//
// Test hooks (data-testid), stable for tests and scripts:
//   page       room-code, connection (data-state: connecting|open|reconnecting|closed),
//              reconnect-banner, toasts > toast, live (the aria-live region), leave,
//              copy-invite-bar, fatal (the notice when the socket is refused),
//              skip-to-table (the first control: to the table's start, ui/skip.js),
//              sound-toggle, alerts-toggle (aria-pressed; see ui/signals.js),
//              celebration (five of a kind, a win; <html data-celebrated> keeps the last)
//   lobby      lobby, invite-url, copy-invite, invite-code, seat-list, seat-<n>
//              (data-player), remove-bot-<n>, kick-<player id>, spectators, take-seat,
//              start, add-bot, add-bot-level (select: beginner|expert), lobby-status,
//              rules-facts
//   settings   settings (the block), settings-summary (everyone: variant, seats, timer,
//              options), and for the host between games: settings-open (aria-expanded),
//              settings-form, settings-ruleset (select: yahtzee|yatzy|yams|triple_yahtzee),
//              settings-option-joker (shown for yahtzee, triple_yahtzee) with radios
//              settings-joker-forced, settings-joker-free; settings-option-exact-counts
//              (shown for yatzy) with the checkbox settings-exact-counts; settings-seats
//              (select 1-8), settings-timer (select: "" (off), 30, 60, 90, 120, custom),
//              settings-timer-custom (15-300, shown for custom), settings-coach
//              (checkbox: coach hints allowed), settings-save,
//              settings-cancel (Escape in the form cancels too)
//   board      board, turn-status (data-mine), timer, die-0 .. die-4 (aria-pressed,
//              data-face), roll (aria-disabled), rolls-left (data-count),
//              announce-control, announce-select, announce, announced, skip,
//              hint-toggle (aria-pressed; on your turn when the room's coach is on)
//   coach      coach (the panel, shown while hints are on), coach-kind (Exact|Estimate),
//              coach-status (getting ready, errors), coach-expected (before a roll),
//              coach-best (data-kind, data-value), coach-choices, coach-choice (every
//              other choice: data-kind keep|place|announce, data-value), coach-more;
//              dice the coach keeps have the class is-suggested, its box is-coach
//   cards      scorecards, card-<seat> (column header), box-<column>-<box> (your own
//              cells; a button when it can be scored now), total-<seat>;
//              every cell has data-cell="<seat>-<column>-<box>"
//   players    players, player-<seat>, hand-to-bot-<seat>; for the host, mute-<player id>
//              (data-muted; "Mute"/"Unmute") beside kick-<player id> here and in the lobby;
//              muted-badge on a muted member's entry (everyone sees it)
//   reactions  reactions (the row: in the players panel during a game, above the chat
//              box between games), react-<emoji> (react-👍 ...), reactions-muted (the
//              note while the host has muted you); reaction: the bubble on a sender's
//              entry (player-<seat>, seat-<n>, spectators, card-<seat>) for 2.5 s
//              (data-emoji, data-seq)
//   results    results, ranking, rank-<seat> (data-rank, data-total), rematch,
//              waiting-host, review-link (to the review page of a game you played)
//              replay-link (to the game's replay); history-link (room bar: past games)
//   dialog     confirm-dialog, confirm-ok, confirm-cancel
//   report     report-chat-<message id> (on other people's chat lines), report-<player id>
//              (beside other people in the lobby, players panel and watchers);
//              report-dialog, report-about, report-reason-<abuse|spam|cheating|other>,
//              report-text, report-text-hint, report-error, report-send, report-cancel;
//              the receipt is an info toast (role=status); own-mute-<player id> beside
//              report-<player id> (aria-pressed: the viewer muted them for themselves)
//   feed       log-list (items: data-seq, data-kind), chat-list, chat-form,
//              chat-input, chat-send (both disabled while the host mutes you), chat-muted
//   tabs       room-tabs (narrow screens only), tab-table, tab-players, tab-log,
//              tab-chat (aria-pressed), chat-unread (the count, hidden at 0)
// Keyboard: the first Tab reaches "Skip to the table"; Tab to any control; Space/Enter on
// a die holds it; keys 1-5 hold dice and R rolls (not while typing); Enter scores a box.

import { createRoomPage } from "./room/page.js";

createRoomPage(document.getElementById("room-app")).start();
