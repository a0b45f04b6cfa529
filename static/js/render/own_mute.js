// The "Mute for me" switch next to another person in the room's lists: their chat lines
// and reactions are hidden from the viewer only, in this room, until pressed again; they
// are not told (docs/protocol.md, `mute_member`; the state's `you.muted` says whom).
import { h } from "../dom.js";

/** Whether the viewer (``you``, the state's) muted player ``id`` for themselves. */
export function mutedByMe(you, id) {
  return Boolean(you?.muted?.includes(id));
}

/** The switch for ``member`` ({player, name}), pressed while the viewer mutes them. */
export function ownMuteButton(ctx, member) {
  const muted = mutedByMe(ctx.you, member.player);
  const who = { name: member.name };
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet own-mute",
      dataset: { testid: `own-mute-${member.player}` },
      "aria-pressed": String(muted),
      "aria-label": interpolate(gettext("Mute for me: %(name)s"), who, true),
      title: muted
        ? interpolate(gettext("%(name)s's chat and reactions are hidden from you; press to show them again"), who, true)
        : interpolate(gettext("Hide %(name)s's chat and reactions from you only; they are not told"), who, true),
      onclick: () => ctx.act("mute_member", { player: member.player, muted: !muted }),
    },
    gettext("Mute for me"),
  );
}
