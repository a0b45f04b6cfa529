// What a new state means to the viewer, said and shown once: screen-reader messages
// (oldest first), sounds, celebrations, "your turn", and a new host's note.
import { describe, diceText, rankingSentence } from "../text.js";
import { reactionName } from "../render/reactions.js";
import { celebrate } from "./celebrate.js";

// The boxes that hold five of a kind, in every variant.
const FIVE_OF_A_KIND = new Set(["yahtzee", "yatzy", "yams"]);

/** Whether ``previous`` showed the viewer's turn already. Everyone at once, the round the
 *  viewer closed opens their next turn: news (one seat after another, a turn that comes
 *  straight back, as to one playing alone, is not). */
function wasMyTurn(previous, state) {
  const g = previous.game;
  if (!g || g.status !== "playing" || (g.together && g.turn !== state.game?.turn)) return false;
  const seat = g.seats.find((s) => s.seat === g.current_seat);
  return seat?.player === previous.you.player;
}

/** Says and shows what each new state brings: through ``live`` (screen readers),
 *  ``signals`` (sounds, the turn's alert), ``toasts``, ``tabs`` (unread chat) and
 *  celebrations; ``app.rules`` name the boxes. */
export class Announcer {
  constructor({ app, config, live, root, signals, tabs, toasts, facts }) {
    Object.assign(this, { app, config, live, root, signals, tabs, toasts, facts });
  }

  /** Tell screen readers what changed since the previous state, oldest first. */
  announce(previous, state) {
    if (!previous) {
      if (this.facts.turnOf().myTurn) this.live.say(gettext("Your turn"));
      return;
    }
    const fresh = (state.log || []).filter((e) => e.seq > previous.version).reverse();
    for (const event of fresh) this.event(event, state);
    const you = state.you.name;
    const newChat = (state.chat || []).filter((m) => !(previous.chat || []).some((p) => p.id === m.id) && m.name !== you);
    for (const m of newChat.slice(-3)) this.live.say(interpolate(gettext("%(name)s says: %(text)s"), { name: m.name, text: m.text }, true));
    this.tabs.messages(newChat.length);
    if (this.facts.turnOf().myTurn && !wasMyTurn(previous, state)) this.yourTurn();
  }

  /** Say and sound one new event of the log. */
  event(event, state) {
    const d = event.data || {};
    // Names can repeat at a table: the seat says whose move it was.
    const mySeat = state.you.seat;
    const byMe =
      (event.kind === "roll" || event.kind === "place" || event.kind === "announce") &&
      event.actor === state.you.name &&
      mySeat !== null &&
      d.seat === mySeat;
    if (event.kind === "roll") this.signals.play("roll");
    if (event.kind === "host_passed" && d.player_id === state.you.player) {
      this.toasts.show(gettext("You are the host now: you can start games, seat bots and change the room."), "info");
    }
    if (event.kind === "place" || event.kind === "timeout" || event.kind === "skip") this.placed(event, state);
    if (event.kind === "roll" && byMe) {
      // Duplicate dice keep them out of the log: the viewer's own are the game's.
      const dice = d.dice || state.game.dice;
      const left = d.rolls_left ?? state.game.rolls_left;
      const rolled = ngettext("You rolled %(dice)s. %(n)s roll left", "You rolled %(dice)s. %(n)s rolls left", left);
      this.live.say(interpolate(rolled, { dice: diceText(dice), n: left }, true));
    } else if (event.kind === "place" && byMe && !d.sealed) {
      const scored = d.bonus ? gettext("You scored %(points)s plus %(bonus)s in %(box)s") : gettext("You scored %(points)s in %(box)s");
      this.live.say(interpolate(scored, { points: d.points, bonus: d.bonus, box: this.app.rules.where(d.box, d.column) }, true));
      if (d.ranking) this.live.say(rankingSentence(d.ranking));
    } else {
      const text = describe(event, state, this.app.rules);
      if (text) this.live.say(text);
    }
  }

  /** A box was filled (by a move, a timeout or a skip): its sound, and five of a kind or
   *  a win celebrated. */
  placed(event, state) {
    const d = event.data || {};
    const placed = event.kind === "place" ? d : d.place || {};
    const fiveOfAKind = FIVE_OF_A_KIND.has(placed.box) && placed.points > 0;
    this.signals.play(fiveOfAKind ? "yahtzee" : "score");
    const name = state.game?.seats?.find((s) => s.seat === placed.seat)?.name || event.actor;
    if (fiveOfAKind) {
      celebrate(
        interpolate(gettext("%(box)s!"), { box: this.app.rules.boxTitle(placed.box) }, true),
        interpolate(gettext("%(name)s scored five of a kind"), { name }, true),
      );
    }
    const won = (placed.ranking || []).some((r) => r.rank === 1 && r.seat === state.you.seat);
    if (won && placed.ranking.length > 1) {
      this.signals.play("yahtzee", 0.4);
      celebrate(gettext("You win!"), rankingSentence(placed.ranking));
    }
  }

  /** The viewer's turn begins: say it, alert them, and give the keyboard Roll if its
   *  focus fell off a control that went away. */
  yourTurn() {
    this.live.say(gettext("Your turn"));
    const where = interpolate(gettext("%(variant)s · room %(code)s"), { variant: this.app.rules.title, code: this.config.code }, true);
    this.signals.turn(true, true, gettext("Your turn"), where);
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.closest("[hidden]");
    if (lost || active.matches(".sheet-scroll")) {
      this.root.querySelector("[data-testid=roll]")?.focus({ preventScroll: true });
    }
  }

  /** Read out the reactions others sent (``reacted``: those new in ``state``). */
  announceReactions(reacted, state) {
    for (const r of reacted) {
      if (r.actor_id !== state.you.player) {
        this.live.say(interpolate(gettext("%(name)s reacted with %(reaction)s"), { name: r.actor, reaction: reactionName(r.data.emoji) }, true));
      }
    }
  }
}
