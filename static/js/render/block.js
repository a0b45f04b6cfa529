// The Block (or Unblock) button next to a person in the room's lists, for a viewer with an
// account (ctx.blocks: room/blocks.js; none for a guest).
import { h } from "../dom.js";

/** The button for ``member`` ({player, name}), or null when the viewer cannot block. */
export function blockButton(ctx, member) {
  if (!ctx.blocks) return null;
  const blocked = ctx.blocks.has(member.player);
  const who = { name: member.name };
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      dataset: { testid: `block-${member.player}`, blocked: String(blocked) },
      "aria-label": interpolate(blocked ? gettext("Unblock %(name)s") : gettext("Block %(name)s"), who, true),
      title: blocked ? gettext("Their chat shows again") : gettext("Their chat is hidden from you and they cannot join your rooms"),
      onclick: () => ctx.blocks.toggle(member),
    },
    blocked ? gettext("Unblock") : gettext("Block"),
  );
}
