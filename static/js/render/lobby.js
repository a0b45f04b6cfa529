// Between games: the invite, the seats, the host's controls (the rules of the variant: rules_panel.js).
// (The room's settings, and the host's form to change them, are in settings.js.)
import { h } from "../dom.js";
import { blockButton } from "./block.js";
import { ownMuteButton } from "./own_mute.js";
import { publicControls } from "./public_table.js";
import { BOT_LEVELS, botLevelTitle } from "../variants.js";

// The level the host's next bot gets (kept while the lobby is redrawn).
let botLevel = BOT_LEVELS[0]?.name || "beginner";

export function presenceBadge(presence, bot) {
  if (bot) return h("span", { class: "presence presence--bot", title: gettext("Bot") }, h("span", { class: "visually-hidden" }, pgettext("presence", "bot")));
  const labels = {
    online: pgettext("presence", "online"),
    reconnecting: pgettext("presence", "reconnecting"),
    gone: pgettext("presence", "away"),
    unknown: pgettext("presence", "unknown"), // while this page reconnects
  };
  const label = labels[presence] || presence;
  return h(
    "span",
    { class: `presence presence--${presence}`, title: label, dataset: { presence } },
    h("span", { class: "presence__dot", "aria-hidden": "true" }),
    h("span", { class: "presence__text" }, label),
  );
}

/** "Bot", or the level of a stronger one: "Expert bot". */
export function botBadge(level) {
  const title = level && level !== "beginner" ? botLevelTitle(level) : null;
  return h(
    "span",
    {
      class: `badge badge--bot${title ? ` badge--${level}` : ""}`,
      title: interpolate(gettext("%(level)s bot"), { level: botLevelTitle(level || "beginner") }, true),
      dataset: { level: level || "beginner" },
    },
    title ? interpolate(gettext("%(level)s bot"), { level: title }, true) : gettext("Bot"),
  );
}

export function badges(member, you) {
  return [
    member.host ? h("span", { class: "badge badge--host", title: gettext("Host") }, gettext("Host")) : null,
    member.bot ? botBadge(member.bot_level) : null,
    you && member.player === you.player ? h("span", { class: "badge badge--you" }, gettext("You")) : null,
    member.muted
      ? h(
          "span",
          { class: "badge badge--muted", title: gettext("The host muted their chat and reactions"), dataset: { testid: "muted-badge" } },
          gettext("Muted"),
        )
      : null,
  ];
}

/** "Invite friends": the page that picks friends to invite (an account's only). */
export function inviteFriends(ctx) {
  if (!ctx.inviteFriendsUrl) return null;
  return h(
    "p",
    { class: "invite__friends" },
    h("a", { class: "btn btn--small btn--light", href: ctx.inviteFriendsUrl, dataset: { testid: "invite-friends" } }, gettext("Invite friends")),
  );
}

export function invite(ctx) {
  return h(
    "div",
    { class: "invite" },
    inviteFriends(ctx),
    h("label", { class: "invite__label", for: "invite-url" }, gettext("Invite link")),
    h(
      "div",
      { class: "invite__row" },
      h("input", {
        class: "input invite__url",
        id: "invite-url",
        readonly: true,
        "aria-describedby": ctx.inviteNote ? "invite-note" : null,
        value: ctx.inviteUrl,
        dataset: { testid: "invite-url" },
        onfocus: (e) => e.target.select(),
      }),
      h("button", { type: "button", class: "btn", dataset: { testid: "copy-invite" }, onclick: () => ctx.copyInvite() }, gettext("Copy")),
    ),
    // A page opened at localhost: what friends can open instead (rooms/web/invites.py).
    ctx.inviteNote ? h("p", { class: "invite__note", id: "invite-note", dataset: { testid: "invite-note" } }, ctx.inviteNote) : null,
    h(
      "p",
      { class: "invite__code" },
      `${gettext("Or tell them the room code")} `,
      h("strong", { class: "code", dataset: { testid: "invite-code" } }, ctx.code),
      ctx.canShare
        ? h("button", { type: "button", class: "btn btn--small btn--quiet", onclick: () => ctx.share() }, gettext("Share…"))
        : null,
    ),
    h(
      "details",
      { class: "invite__qr", dataset: { testid: "invite-qr" } },
      h("summary", {}, gettext("QR code for phones")),
      h("img", {
        src: ctx.qrUrl,
        width: 168,
        height: 168,
        loading: "lazy",
        alt: gettext("QR code of the invite link: point a phone's camera at it to open the room"),
      }),
    ),
  );
}

/** "Seat 2: ", read out before a seat's name. */
function seatLabel(index) {
  return `${interpolate(gettext("Seat %(n)s:"), { n: index + 1 }, true)} `;
}

function seatRow(ctx, index, member) {
  const { you, isHost, betweenGames } = ctx;
  if (!member) {
    return h(
      "li",
      { class: "seat is-empty", dataset: { testid: `seat-${index}` } },
      h("span", { class: "seat__num", "aria-hidden": "true" }, index + 1),
      h("span", { class: "seat__name" }, h("span", { class: "visually-hidden" }, seatLabel(index)), gettext("Empty seat")),
    );
  }
  const isYou = member.player === you.player;
  const actions = [];
  if (isHost && betweenGames && member.bot) {
    actions.push(
      h(
        "button",
        {
          type: "button",
          class: "btn btn--small btn--quiet",
          dataset: { testid: `remove-bot-${index}` },
          "aria-label": interpolate(gettext("Remove %(name)s"), { name: member.name }, true),
          onclick: () => ctx.act("remove_bot", { seat: index }),
        },
        gettext("Remove"),
      ),
    );
  }
  if (isHost && !member.bot && !isYou) actions.push(muteButton(ctx, member), kickButton(ctx, member));
  if (!member.bot && !isYou) actions.push(ownMuteButton(ctx, member), reportButton(ctx, member), blockButton(ctx, member));
  return h(
    "li",
    { class: `seat${isYou ? " is-you" : ""}`, dataset: { testid: `seat-${index}`, player: member.player } },
    ctx.reaction?.(member.player),
    h("span", { class: "seat__num", "aria-hidden": "true" }, index + 1),
    h(
      "span",
      { class: "seat__who" },
      h("span", { class: "visually-hidden" }, seatLabel(index)),
      h("span", { class: "seat__name" }, member.name),
      badges(member, you),
    ),
    presenceBadge(member.presence, member.bot),
    actions.length ? h("span", { class: "seat__actions" }, actions) : null,
  );
}

/** The host's switch for a person's chat and reactions. */
export function muteButton(ctx, member) {
  const muted = Boolean(member.muted);
  const who = { name: member.name };
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      dataset: { testid: `mute-${member.player}`, muted: String(muted) },
      "aria-label": interpolate(muted ? gettext("Unmute %(name)s") : gettext("Mute %(name)s's chat and reactions"), who, true),
      title: interpolate(muted ? gettext("Let %(name)s chat and react again") : gettext("%(name)s can no longer chat or react"), who, true),
      onclick: () => ctx.act("mute", { player: member.player, muted: !muted }),
    },
    muted ? gettext("Unmute") : gettext("Mute"),
  );
}

/** Anyone's way to tell the moderators about another person. */
export function reportButton(ctx, member) {
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet",
      dataset: { testid: `report-${member.player}` },
      "aria-label": interpolate(gettext("Report %(name)s to the moderators"), { name: member.name }, true),
      onclick: () => ctx.report({ player: member.player }, interpolate(gettext("You are reporting %(name)s."), { name: member.name }, true)),
    },
    gettext("Report"),
  );
}

export function kickButton(ctx, member) {
  const who = { name: member.name };
  return h(
    "button",
    {
      type: "button",
      class: "btn btn--small btn--quiet btn--danger-text",
      dataset: { testid: `kick-${member.player}` },
      "aria-label": interpolate(gettext("Remove %(name)s from the room"), who, true),
      onclick: async () => {
        const text =
          ctx.inGame && member.seat !== null
            ? gettext("%(name)s leaves the room and cannot come back with this link. A bot finishes their game.")
            : gettext("%(name)s leaves the room and cannot come back with this link.");
        const ok = await ctx.confirm({
          title: interpolate(gettext("Remove %(name)s?"), who, true),
          text: interpolate(text, who, true),
          ok: gettext("Remove"),
          danger: true,
        });
        if (ok) ctx.act("kick", { player: member.player });
      },
    },
    gettext("Kick"),
  );
}

export function spectators(ctx) {
  const watching = ctx.state.members.filter((m) => m.seat === null || m.seat === undefined);
  if (!watching.length) return null;
  return h(
    "div",
    { class: "watchers", dataset: { testid: "spectators" } },
    h("h3", { class: "watchers__title" }, gettext("Watching")),
    h(
      "ul",
      { class: "watchers__list" },
      watching.map((m) =>
        h(
          "li",
          { class: "watcher", dataset: { player: m.player } },
          ctx.reaction?.(m.player),
          h("span", { class: "seat__name" }, m.name),
          badges(m, ctx.you),
          presenceBadge(m.presence, m.bot),
          m.player !== ctx.you.player && !m.bot
            ? h("span", { class: "seat__actions" }, ctx.isHost ? [muteButton(ctx, m), kickButton(ctx, m)] : null, ownMuteButton(ctx, m), reportButton(ctx, m), blockButton(ctx, m))
            : null,
        ),
      ),
    ),
  );
}

/** The lobby's heading (the settings block sits between it and renderLobby's part). */
export function renderLobbyTitle(ctx) {
  return h("h2", { class: "panel__title", id: "lobby-title" }, ctx.state.game ? gettext("Seats for the next game") : gettext("Waiting for players"));
}

/** "+ Add a bot", with the choice of its level where there are several. */
function addBotControl(ctx, free) {
  const addBot = h(
    "button",
    {
      type: "button",
      class: "btn btn--quiet",
      dataset: { testid: "add-bot" },
      "aria-disabled": String(free === 0),
      onclick: () => (free === 0 ? ctx.toast(gettext("Every seat is taken.")) : ctx.act("add_bot", { level: botLevel })),
    },
    gettext("+ Add a bot"),
  );
  if (BOT_LEVELS.length <= 1) return addBot;
  if (!BOT_LEVELS.some((l) => l.name === botLevel)) botLevel = BOT_LEVELS[0].name;
  return h(
    "div",
    { class: "add-bot" },
    addBot,
    h("label", { class: "visually-hidden", for: "add-bot-level" }, gettext("Level of the bot")),
    h(
      "select",
      {
        class: "input input--small add-bot__level",
        id: "add-bot-level",
        dataset: { testid: "add-bot-level" },
        onchange: (event) => {
          botLevel = event.target.value;
        },
      },
      BOT_LEVELS.map((l) => h("option", { value: l.name, selected: l.name === botLevel }, l.title)),
    ),
  );
}

/** The lobby's buttons: the host's Start and Add a bot, anyone's Take a seat. */
function lobbyActions(ctx, { seated, free, people, afterGame, closed }) {
  const actions = [];
  if (!closed && ctx.isHost) {
    if (!afterGame) {
      actions.push(
        h(
          "button",
          {
            type: "button",
            class: "btn btn--big",
            dataset: { testid: "start" },
            "aria-disabled": String(people === 0),
            onclick: () => (people === 0 ? ctx.toast(gettext("At least one person needs a seat.")) : ctx.act("start")),
          },
          seated.size > 1 ? gettext("Start the game") : gettext("Start a solo game"),
        ),
      );
    }
    // A rated table seats no bot (the server refuses one: docs/ratings.md).
    if (!ctx.state.room.rated) actions.push(addBotControl(ctx, free));
  }
  if (!closed && ctx.you.seat === null && free > 0) {
    actions.push(
      h("button", { type: "button", class: "btn", dataset: { testid: "take-seat" }, onclick: () => ctx.act("take_seat") }, gettext("Take a seat")),
    );
  }
  return actions;
}

/** What the lobby waits for, said to this viewer. */
function lobbyStatus(ctx, { seated, free, afterGame, closed }) {
  const { state, you, isHost } = ctx;
  const seatCount = state.room.seat_count;
  if (closed) return gettext("This room is closed.");
  if (isHost && !afterGame) {
    if (free <= 0) return gettext("Every seat is taken. Start when you're ready.");
    return interpolate(
      ngettext(
        "%(taken)s of %(count)s seat taken. Send the link to your friends or seat bots, and start when everyone is here.",
        "%(taken)s of %(count)s seats taken. Send the link to your friends or seat bots, and start when everyone is here.",
        seatCount,
      ),
      { taken: seated.size, count: seatCount },
      true,
    );
  }
  if (isHost) return gettext("Change the seats or the room settings for the next game if you like, then start the rematch above.");
  if (you.seat === null && free === 0) return gettext("Every seat is taken: you're watching this one.");
  if (you.seat === null) return gettext("You're watching. Take a free seat to play the next game.");
  return waitingForStart(state.members.find((m) => m.host), afterGame);
}

/** The invite, the seats, the watchers and the host's buttons. */
export function renderLobby(ctx) {
  const { state } = ctx;
  const seated = new Map(state.members.filter((m) => m.seat !== null && m.seat !== undefined).map((m) => [m.seat, m]));
  const seatCount = state.room.seat_count;
  const facts = {
    seated,
    free: seatCount - seated.size,
    people: [...seated.values()].filter((m) => !m.bot).length,
    afterGame: Boolean(state.game),
    closed: state.room.status === "closed",
  };
  const actions = lobbyActions(ctx, facts);
  const seats = [];
  for (let i = 0; i < seatCount; i++) seats.push(seatRow(ctx, i, seated.get(i)));
  return [
    facts.afterGame ? (facts.closed ? null : inviteFriends(ctx)) : invite(ctx),
    h("ol", { class: "seats", dataset: { testid: "seat-list" } }, seats),
    spectators(ctx),
    // Where "Skip to the table" lands (ui/skip.js): the host's Start and Add a bot follow.
    h("p", { class: "lobby__status", tabindex: "-1", dataset: { testid: "lobby-status", tableStart: "" } }, lobbyStatus(ctx, facts)),
    actions.length ? h("div", { class: "lobby__actions" }, actions) : null,
    publicControls(ctx, facts),
  ];
}

/** "Waiting for Ada to start the game…", for the people seated who are not the host. */
function waitingForStart(host, afterGame) {
  if (!host) return afterGame ? gettext("Waiting for the host to start the next game…") : gettext("Waiting for the host to start the game…");
  const text = afterGame ? gettext("Waiting for %(name)s to start the next game…") : gettext("Waiting for %(name)s to start the game…");
  return interpolate(text, { name: host.name }, true);
}
