// The player's moves and the invite: roll, score a box, announce a box (Yam's), copy the
// invite link. Each asks first where the rules say it should, then sends the request.
import { h } from "../dom.js";
import { confirmDialog } from "../ui/dialog.js";
import { refocus } from "../ui/focus.js";

/** Which turn of which game ``game`` is at. */
export function turnKey(game) {
  return game ? `${game.number}:${game.turn}` : null;
}

/** The viewer's moves at the table in ``store``, sent through ``requests``; ``board``'s
 *  status takes the focus after a placement. */
export class Actions {
  constructor({ app, config, dialog, store, toasts, facts, requests, board }) {
    Object.assign(this, { app, config, dialog, store, toasts, facts, requests, board });
  }

  roll() {
    const { app, toasts } = this;
    const game = this.store.state.game;
    if (!this.facts.turnOf().myTurn || app.busy) return;
    if (game.rolls_left === 0) return toasts.show(gettext("No rolls left: pick a box to score."), "info");
    if (game.must_announce && !game.announced) return toasts.show(gettext("Announce a box before rolling again."), "info");
    const hold = game.dice.length ? [...app.holds].sort() : [];
    if (hold.length === 5) return toasts.show(gettext("Release at least one die to roll."), "info");
    this.requests.act("roll", { hold }, { busy: "roll" });
  }

  async place(option) {
    if (this.app.busy || !this.facts.turnOf().myTurn) return;
    const rules = this.app.rules;
    const total = option.points + (option.bonus || 0);
    if (total === 0) {
      const ok = await confirmDialog(this.dialog, {
        title: interpolate(gettext("Score 0 in %(box)s?"), { box: rules.where(option.box, option.column) }, true),
        text: gettext("These dice don't fit that box. It will be filled with 0 and can't be used again this game."),
        ok: gettext("Score 0"),
        cancel: gettext("Keep playing"),
      });
      if (!ok) return;
    }
    const fields = { box: option.box };
    if (rules.multi) fields.column = option.column;
    // The box becomes a filled cell: focus goes to the turn banner, which says whose turn it is.
    if (await this.requests.act("place", fields, { busy: "place" })) refocus(this.board.status);
  }

  /** Empty the box the viewer filled last (a casual game, while nobody has acted since);
   *  focus stays on the turn banner, which says the turn is theirs again. */
  async takeBackPlacement() {
    if (this.app.busy) return;
    if (await this.requests.act("take_back_place", {}, { busy: "take_back" })) refocus(this.board.status);
  }

  /** Announce a box of Yam's announced column, after asking once: it binds the turn. */
  async announceBox(box) {
    if (this.app.busy || !this.facts.turnOf().myTurn) return;
    if (!box) return this.toasts.show(gettext("Choose the box you announce first."), "info");
    const rules = this.app.rules;
    const where = rules.where(box, rules.rs.announce_column);
    const title = { box: rules.boxTitle(box) };
    const ok = await confirmDialog(this.dialog, {
      title: interpolate(gettext("Announce %(box)s?"), title, true),
      text: interpolate(gettext("This turn must then be scored in %(where)s, with 0 if the dice do not fit it."), { where }, true),
      ok: interpolate(gettext("Announce %(box)s"), title, true),
      cancel: gettext("Not yet"),
    });
    if (!ok) return;
    this.requests.act("announce", { box }, { busy: "announce" });
  }

  async copyInvite() {
    const url = this.config.inviteUrl;
    try {
      await navigator.clipboard.writeText(url);
      this.toasts.show(gettext("Invite link copied. Send it to your friends!"), "info");
      return;
    } catch {
      /* fall back below */
    }
    this.toasts.show(
      copyByHand(url) ? gettext("Invite link copied. Send it to your friends!") : interpolate(gettext("Copy this link: %(url)s"), { url }, true),
      "info",
    );
  }
}

/** Copy ``url`` where the clipboard API is refused: from the invite's field, or a hidden
 *  one; whether it was copied. */
function copyByHand(url) {
  const field = document.getElementById("invite-url") || h("textarea", { class: "visually-hidden" }, url);
  const temporary = !field.isConnected;
  if (temporary) document.body.append(field);
  field.focus();
  field.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  if (temporary) field.remove();
  return copied;
}
