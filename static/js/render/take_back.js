// "Take back": in a casual game, the box the viewer filled last may be emptied again
// while nobody has acted since (`game.undoable`, docs/protocol.md: until the next seat
// rolls, or everyone at once until the round closes). The server says when; this draws
// the button beside the turn banner, gone as soon as the state no longer lists it.
import { h } from "../dom.js";

/** The viewer's placement that may still be taken back, or null. */
export function myTakeBack(ctx) {
  const { state, you } = ctx;
  const game = state.game;
  if (game?.status !== "playing" || state.room.status !== "open") return null;
  return (game.undoable || []).find((t) => t.player === you.player) || null;
}

/** "Take back Full house", or null when the viewer has nothing to take back. */
export function takeBackButton(ctx) {
  const placed = myTakeBack(ctx);
  if (!placed) return null;
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small",
      dataset: { testid: "take-back-place", box: placed.box, column: placed.column },
      "aria-disabled": String(Boolean(ctx.busy)),
      title: gettext("Empty the box you filled and play that turn again, until the next player acts"),
      onclick: () => ctx.takeBackPlacement(),
    },
    interpolate(gettext("Take back %(box)s"), { box: ctx.rules.where(placed.box, placed.column) }, true),
  );
}
