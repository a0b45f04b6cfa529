// What a new state means to the viewer, said and shown once: screen-reader messages
// (oldest first), sounds, celebrations, "your turn", and a new host's note.
import { describe, diceText, rankingSentence } from "../text.js";
import { reactionName } from "../render/reactions.js";
import { app, config, live, root, signals, tabs, toasts } from "./page.js";
import { celebrate } from "./celebrate.js";
import { turnOf } from "./facts.js";

// The boxes that hold five of a kind, in every variant.
const FIVE_OF_A_KIND = new Set(["yahtzee", "yatzy", "yams"]);

/** Tell screen readers what changed since the previous state, oldest first. */
export function announce(previous, state) {
  if (!previous) {
    if (turnOf().myTurn) live.say(gettext("Your turn"));
    return;
  }
  const fresh = (state.log || []).filter((e) => e.seq > previous.version).reverse();
  const you = state.you.name;
  for (const event of fresh) {
    const d = event.data || {};
    // Names can repeat at a table: the seat says whose move it was.
    const mySeat = state.you.seat;
    const byMe =
      (event.kind === "roll" || event.kind === "place" || event.kind === "announce") &&
      event.actor === you &&
      mySeat !== null &&
      d.seat === mySeat;
    if (event.kind === "roll") signals.play("roll");
    if (event.kind === "host_passed" && d.player_id === state.you.player) {
      toasts.show(gettext("You are the host now: you can start games, seat bots and change the room."), "info");
    }
    if (event.kind === "place" || event.kind === "timeout" || event.kind === "skip") {
      const placed = event.kind === "place" ? d : d.place || {};
      const fiveOfAKind = FIVE_OF_A_KIND.has(placed.box) && placed.points > 0;
      signals.play(fiveOfAKind ? "yahtzee" : "score");
      const name = state.game?.seats?.find((s) => s.seat === placed.seat)?.name || event.actor;
      if (fiveOfAKind) {
        celebrate(
          interpolate(gettext("%(box)s!"), { box: app.rules.boxTitle(placed.box) }, true),
          interpolate(gettext("%(name)s scored five of a kind"), { name }, true),
        );
      }
      const won = (placed.ranking || []).some((r) => r.rank === 1 && r.seat === state.you.seat);
      if (won && placed.ranking.length > 1) {
        signals.play("yahtzee", 0.4);
        celebrate(gettext("You win!"), rankingSentence(placed.ranking));
      }
    }
    if (event.kind === "roll" && byMe) {
      // Duplicate dice keep them out of the log: the viewer's own are the game's.
      const dice = d.dice || state.game.dice;
      const left = d.rolls_left ?? state.game.rolls_left;
      const rolled = ngettext("You rolled %(dice)s. %(n)s roll left", "You rolled %(dice)s. %(n)s rolls left", left);
      live.say(interpolate(rolled, { dice: diceText(dice), n: left }, true));
    } else if (event.kind === "place" && byMe && !d.sealed) {
      const scored = d.bonus ? gettext("You scored %(points)s plus %(bonus)s in %(box)s") : gettext("You scored %(points)s in %(box)s");
      live.say(interpolate(scored, { points: d.points, bonus: d.bonus, box: app.rules.where(d.box, d.column) }, true));
      if (d.ranking) live.say(rankingSentence(d.ranking));
    } else {
      const text = describe(event, state, app.rules);
      if (text) live.say(text);
    }
  }
  const newChat = (state.chat || []).filter((m) => !(previous.chat || []).some((p) => p.id === m.id) && m.name !== you);
  for (const m of newChat.slice(-3)) live.say(interpolate(gettext("%(name)s says: %(text)s"), { name: m.name, text: m.text }, true));
  tabs.messages(newChat.length);

  const wasMine = (() => {
    const g = previous.game;
    // Everyone at once, the round the viewer closed opens their next turn: news (one seat
    // after another, a turn that comes straight back, as to one playing alone, is not).
    if (!g || g.status !== "playing" || (g.together && g.turn !== state.game?.turn)) return false;
    const seat = g.seats.find((s) => s.seat === g.current_seat);
    return seat?.player === previous.you.player;
  })();
  if (turnOf().myTurn && !wasMine) {
    live.say(gettext("Your turn"));
    const where = interpolate(gettext("%(variant)s · room %(code)s"), { variant: app.rules.title, code: config.code }, true);
    signals.turn(true, true, gettext("Your turn"), where);
    // Keyboard players: if focus fell off a control that went away, put it on Roll.
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.closest("[hidden]");
    if (lost || active.matches(".sheet-scroll")) {
      root.querySelector("[data-testid=roll]")?.focus({ preventScroll: true });
    }
  }
}

/** Read out the reactions others sent (``reacted``: those new in ``state``). */
export function announceReactions(reacted, state) {
  for (const r of reacted) {
    if (r.actor_id !== state.you.player) {
      live.say(interpolate(gettext("%(name)s reacted with %(reaction)s"), { name: r.actor, reaction: reactionName(r.data.emoji) }, true));
    }
  }
}
