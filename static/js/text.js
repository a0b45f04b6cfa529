// Words: box and column titles in the page's language, and the move log in sentences.
// The state's ``ruleset`` has keys and numbers only; the page embeds every variant's
// words in its reader's language (``rule-texts``, common/rule_texts.py).
import { LANG, formatList } from "./i18n.js";
import { botLevelTitle, coachText, optionText, seatsText, timerText, variantTitle } from "./variants.js";

const TEXTS = JSON.parse(document.getElementById("rule-texts")?.textContent || "[]");

/** The words of a variant with these options (those of another combination, or null,
 *  when the page does not have them). */
export function wordsOf(name, options) {
  const wanted = options || {};
  const same = TEXTS.filter((t) => t.name === name);
  return same.find((t) => Object.entries(t.options || {}).every(([k, v]) => wanted[k] === v)) || same[0] || null;
}

/** Look-ups over ``state.room.ruleset`` (docs/protocol.md), with the page's words. */
export class Rules {
  constructor(ruleset) {
    const words = wordsOf(ruleset.name, ruleset.options) || { boxes: {}, columns: {}, sections: {}, special_rules: [] };
    // The state's keys and numbers, with the words added: title, summary,
    // special_rules, and each column's and box's title and rule.
    this.rs = {
      ...ruleset,
      title: words.title || humanize(ruleset.name),
      summary: words.summary || "",
      special_rules: words.special_rules || [],
      columns: ruleset.columns.map((c) => ({ ...c, title: c.key, rule: "", ...words.columns[c.key] })),
      sections: ruleset.sections.map((s) => ({
        ...s,
        title: words.sections?.[s.name] || humanize(s.name),
        boxes: s.boxes.map((b) => ({ ...b, title: anyBoxTitle(b.key), rule: "", ...words.boxes[b.key] })),
      })),
    };
    this.name = ruleset.name;
    this.title = this.rs.title;
    this.columns = this.rs.columns; // [{key, title, rule}]
    this.sections = this.rs.sections; // [{name, title, boxes: [{key, title, rule}]}]
    this.multi = ruleset.columns.length > 1;
    this.boxes = new Map();
    for (const section of this.sections) {
      for (const box of section.boxes) this.boxes.set(box.key, { ...box, section: section.name });
    }
    this.columnMap = new Map(this.columns.map((c) => [c.key, c]));
    this.upperBoxes = this.sections.find((s) => s.name === "upper")?.boxes.map((b) => b.key) || [];
    this.hasYahtzeeBonus = ruleset.name === "yahtzee" || ruleset.name === "triple_yahtzee";
  }

  // A box or column this variant does not have (an event from a game played before the
  // host changed the room's variant): another variant's word for it, else its key in
  // words, "full_house" -> "Full house".
  boxTitle(key) {
    return this.boxes.get(key)?.title || anyBoxTitle(key);
  }

  columnTitle(key) {
    return this.columnMap.get(key)?.title || anyColumnTitle(key);
  }

  /** "Full house", or "Full house (Down)" when the sheet has several columns. */
  where(box, column) {
    return this.multi && column ? `${this.boxTitle(box)} (${this.columnTitle(column)})` : this.boxTitle(box);
  }
}

function anyBoxTitle(key) {
  return TEXTS.find((t) => t.boxes?.[key])?.boxes[key].title || humanize(key);
}

function anyColumnTitle(key) {
  return TEXTS.find((t) => t.columns?.[key])?.columns[key].title || humanize(key);
}

function humanize(key) {
  const words = String(key ?? "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function diceText(dice) {
  return (dice || []).join(" ");
}

export function points(n) {
  return interpolate(ngettext("%(n)s point", "%(n)s points", Math.abs(n)), { n }, true);
}

function say(text, values) {
  return interpolate(text, values, true);
}

/** Names or steps joined as the page's language joins them ("Ada, Bob and Cy"). */
function list(names) {
  if (!LANG.startsWith("en")) return formatList(names);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Who a seat is, from the game's seats. */
export function seatName(state, seat) {
  const found = state.game?.seats?.find((s) => s.seat === seat);
  return found ? found.name : say(gettext("seat %(n)s"), { n: seat + 1 });
}

/** "Bob scored 25 in Full house", "... plus a 100 bonus". */
function scored(name, rules, data) {
  const values = { name, points: data.points, where: rules.where(data.box, data.column), bonus: data.bonus };
  return data.bonus
    ? say(gettext("%(name)s scored %(points)s in %(where)s plus a %(bonus)s bonus"), values)
    : say(gettext("%(name)s scored %(points)s in %(where)s"), values);
}

export function rankingSentence(ranking) {
  if (!ranking?.length) return gettext("The game is over.");
  const top = ranking.filter((r) => r.rank === 1);
  const total = points(top[0].total);
  if (ranking.length === 1) return say(gettext("The game is over: %(name)s finished with %(points)s."), { name: top[0].player, points: total });
  if (top.length > 1) return say(gettext("The game is over: %(names)s share the win with %(points)s."), { names: list(top.map((r) => r.player)), points: total });
  return say(gettext("The game is over: %(name)s wins with %(points)s."), { name: top[0].player, points: total });
}

/** Steps taken for an absent player (timeout, skip): "rolled 1 2 3 4 6 and scored 16 in Chance". */
function absentSteps(rules, data) {
  const steps = [];
  if (data.roll) steps.push(say(pgettext("the table did it", "rolled %(dice)s"), { dice: diceText(data.roll.dice) }));
  if (data.announce) steps.push(say(pgettext("the table did it", "announced %(box)s"), { box: rules.boxTitle(data.announce.box) }));
  if (data.place) {
    const p = data.place;
    const values = { points: p.points, where: rules.where(p.box, p.column), bonus: p.bonus };
    steps.push(p.bonus
      ? say(pgettext("the table did it", "scored %(points)s in %(where)s plus a %(bonus)s bonus"), values)
      : say(pgettext("the table did it", "scored %(points)s in %(where)s"), values));
  }
  return list(steps);
}

/** "; Bea took over the seat; Cy is the host now; the room closed" after someone left. */
function aftermath(d, closed) {
  let text = "";
  if (d.bot) text += `; ${say(gettext("%(bot)s took over the seat"), { bot: d.bot })}`;
  if (d.host) text += `; ${say(gettext("%(host)s is the host now"), { host: d.host })}`;
  if (closed && d.closed) text += `; ${gettext("the room closed")}`;
  return text;
}

/** Duplicate dice: a move of the open round, which says whose it was but not what it
 *  rolled or scored; the move that closes a round shows every seat's score of it. */
function sealed(event, d, name, host, state, rules) {
  let text;
  if (event.kind === "roll") text = say(gettext("%(name)s rolled"), { name });
  else if (event.kind === "announce") text = say(gettext("%(name)s announced a box"), { name });
  else if (event.kind === "place") text = say(gettext("%(name)s scored"), { name });
  else if (event.kind === "timeout") text = say(gettext("%(name)s ran out of time: the table played for them"), { name });
  else if (event.kind === "skip") text = say(gettext("%(by)s skipped %(name)s's turn: the table played for them"), { by: host, name });
  else return null;
  const revealed = d.revealed || d.place?.revealed;
  if (!revealed) return text;
  const scores = revealed.map((t) => say(gettext("%(name)s %(points)s in %(where)s"), { name: seatName(state, t.seat), points: t.points ?? 0, where: rules.where(t.box, t.column) }));
  return `${text}. ${say(gettext("The round is over: %(scores)s"), { scores: list(scores) })}`;
}

/** A sentence, then the game's result when it ended with this event. */
function withRanking(text, ranking) {
  return ranking ? `${text}. ${rankingSentence(ranking)}` : text;
}

/** "The room closed after 30 days without activity" (or hours, as long as it waited). */
function idleText(hours) {
  if (hours === 24) return gettext("The room closed after 24 hours without activity");
  if (hours >= 48 && hours % 24 === 0) {
    return interpolate(ngettext("The room closed after %(n)s day without activity", "The room closed after %(n)s days without activity", hours / 24), { n: hours / 24 }, true);
  }
  return interpolate(ngettext("The room closed after %(n)s hour without activity", "The room closed after %(n)s hours without activity", hours), { n: hours }, true);
}

/** "Ada changed the room: Yatzy, 4 seats, …": what a ``room_configured`` event set. */
function configuredText(d, host) {
  const parts = [variantTitle(d.ruleset)];
  if (Number.isInteger(d.seats)) parts.push(seatsText(d.seats));
  if ("turn_seconds" in d) parts.push(timerText(d.turn_seconds, d.pace));
  if (d.pace === "day" && d.holidays === false) parts.push(gettext("no holidays"));
  if (d.together) parts.push(gettext("everyone at once"));
  else if (d.together === false && d.pace === "day") parts.push(gettext("one after another"));
  if (d.duplicate) parts.push(gettext("same dice for everyone"));
  for (const [key, value] of Object.entries(d.options || {})) parts.push(optionText(key, value));
  if (typeof d.coach === "boolean") parts.push(coachText(d.coach));
  return say(gettext("%(name)s changed the room: %(changes)s"), { name: host, changes: parts.join(", ") });
}

/** The log line of an event about the room and the people in it (null for others).
 *  ``w``: the event's data ``d`` and its names (see describe). */
function roomEventText(kind, w) {
  const { d, name, host } = w;
  switch (kind) {
    case "room_created":
      return say(gettext("%(name)s opened the room"), { name: host });
    case "room_configured":
      return configuredText(d, host);
    case "joined":
      return d.seat === null || d.seat === undefined
        ? say(gettext("%(name)s came to watch"), { name })
        : say(gettext("%(name)s sat down"), { name });
    case "left":
      return say(gettext("%(name)s left"), { name }) + aftermath(d, true);
    case "kicked": {
      const by = d.by === "moderator" ? gettext("A moderator") : host;
      return say(gettext("%(by)s removed %(name)s"), { by, name: d.player }) + aftermath(d, false);
    }
    case "banned":
      return say(gettext("A moderator banned %(name)s"), { name: d.player }) + aftermath(d, true);
    case "mute":
      return d.muted
        ? say(gettext("%(by)s muted %(name)s"), { by: host, name })
        : say(gettext("%(by)s unmuted %(name)s"), { by: host, name });
    case "seat_taken":
      return say(gettext("%(name)s took a seat"), { name });
    case "bot_added":
      return d.level
        ? say(gettext("%(by)s seated %(name)s (%(level)s)"), { by: host, name: d.player, level: botLevelTitle(d.level).toLowerCase() })
        : say(gettext("%(by)s seated %(name)s"), { by: host, name: d.player });
    case "bot_removed":
      return say(gettext("%(by)s removed %(name)s"), { by: host, name: d.player });
    case "published":
      return d.public ? say(gettext("%(by)s opened the table to anyone"), { by: host }) : say(gettext("%(by)s kept the table to invited people"), { by: host });
    case "bots_filled":
      return say(gettext("%(by)s seated bots in the free seats"), { by: host });
    case "host_passed":
      if (d.pace === "day") return say(gettext("%(name)s is now the host (%(former)s has been gone a day)"), { name: d.player, former: d.from });
      return say(gettext("%(name)s is now the host (%(former)s has been gone a minute)"), { name: d.player, former: d.from });
    case "room_closed":
      if (d.cause === "idle") return idleText(d.hours ?? (d.days ?? 1) * 24);
      return d.reason ? say(gettext("The room closed: %(reason)s"), { reason: d.reason }) : gettext("The room closed");
    default:
      return null;
  }
}

/** The log line of an event of the game (null for others); ``w`` as in roomEventText. */
function gameEventText(kind, w, rules) {
  const { d, actor, who, host } = w;
  switch (kind) {
    case "game_started":
      return d.number > 1 ? say(gettext("Game %(number)s started"), { number: d.number }) : gettext("The game started");
    case "roll":
      return say(gettext("%(name)s rolled %(dice)s"), { name: actor || who(d.seat), dice: diceText(d.dice) });
    case "announce":
      return say(gettext("%(name)s announced %(box)s"), { name: actor || who(d.seat), box: rules.boxTitle(d.box) });
    case "place":
      return withRanking(scored(actor || who(d.place?.seat ?? d.seat), rules, d), d.ranking);
    case "timeout": {
      const seat = d.place?.seat ?? d.roll?.seat;
      const text = say(gettext("%(name)s ran out of time: the table %(steps)s for them"), { name: actor || who(seat), steps: absentSteps(rules, d) });
      return withRanking(text, d.place?.ranking);
    }
    case "skip": {
      const seat = d.place?.seat ?? d.roll?.seat;
      const text = say(gettext("%(by)s skipped %(name)s's turn: the table %(steps)s for them"), { by: host, name: who(seat), steps: absentSteps(rules, d) });
      return withRanking(text, d.place?.ranking);
    }
    case "place_taken_back":
      return say(gettext("%(name)s took back %(where)s"), { name: actor || who(d.seat), where: rules.where(d.box, d.column) });
    case "game_ended":
      return d.reason ? say(gettext("The game was ended: %(reason)s"), { reason: d.reason }) : gettext("The game was ended");
    default:
      return seatEventText(kind, d);
  }
}

/** The log line of an event about who holds a seat (bots, holidays; null for others). */
function seatEventText(kind, d) {
  switch (kind) {
    case "seat_to_bot":
      return d.bot
        ? say(gettext("%(bot)s took over %(name)s's seat"), { bot: d.bot, name: d.player })
        : say(gettext("%(name)s left the game"), { name: d.player });
    case "seat_held":
      return say(gettext("%(name)s missed three turns in a row: %(bot)s keeps the seat until they are back"), { name: d.player, bot: d.bot });
    case "holiday":
      return say(ngettext("%(name)s is on holiday for %(n)s day: their clock waits", "%(name)s is on holiday for %(n)s days: their clock waits", d.days), { name: d.player, n: d.days });
    case "holiday_ended":
      return say(gettext("%(name)s is back from holiday"), { name: d.player });
    case "seat_back":
      return say(gettext("%(name)s is back in their seat"), { name: d.player });
    default:
      return null; // chat, chat_removed, react, presence and anything newer
  }
}

/**
 * One log line for an event: "Ada rolled 6 6 2 3 6", "Bob scored 25 in Full house".
 * Returns null for events the move log does not show (chat has its own panel).
 */
export function describe(event, state, rules) {
  const d = event.data || {};
  const actor = typeof event.actor === "string" ? event.actor : null;
  const who = (seat) => (seat !== undefined && seat !== null ? seatName(state, seat) : null);
  const host = actor || gettext("The host");
  if (d.sealed || d.place?.sealed || d.roll?.sealed) return sealed(event, d, actor || who(d.place?.seat ?? d.seat ?? d.roll?.seat), host, state, rules);
  const w = { d, actor, who, host, name: d.player || actor || gettext("Someone") };
  return roomEventText(event.kind, w) ?? gameEventText(event.kind, w, rules);
}
