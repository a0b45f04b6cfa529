// Words: box and column titles from the room's rule set, and the move log in sentences.
import { botLevelTitle, coachText, optionText, seatsText, timerText, variantTitle } from "./variants.js";

/** Look-ups over ``state.room.ruleset`` (docs/protocol.md). */
export class Rules {
  constructor(ruleset) {
    this.rs = ruleset;
    this.name = ruleset.name;
    this.title = ruleset.title;
    this.columns = ruleset.columns; // [{key, title, rule}]
    this.sections = ruleset.sections; // [{name, boxes: [{key, title, rule}]}]
    this.multi = ruleset.columns.length > 1;
    this.boxes = new Map();
    for (const section of ruleset.sections) {
      for (const box of section.boxes) this.boxes.set(box.key, { ...box, section: section.name });
    }
    this.columnMap = new Map(ruleset.columns.map((c) => [c.key, c]));
    this.upperBoxes = ruleset.sections.find((s) => s.name === "upper")?.boxes.map((b) => b.key) || [];
    this.hasYahtzeeBonus = ruleset.name === "yahtzee" || ruleset.name === "triple_yahtzee";
  }

  // A box or column this variant does not have (an event from a game played before the
  // host changed the room's variant): its key in words, "full_house" -> "Full house".
  boxTitle(key) {
    return this.boxes.get(key)?.title || humanize(key);
  }

  columnTitle(key) {
    return this.columnMap.get(key)?.title || humanize(key);
  }

  /** "Full house", or "Full house (Down)" when the sheet has several columns. */
  where(box, column) {
    return this.multi && column ? `${this.boxTitle(box)} (${this.columnTitle(column)})` : this.boxTitle(box);
  }
}

function humanize(key) {
  const words = String(key ?? "").replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function diceText(dice) {
  return (dice || []).join(" ");
}

export function points(n) {
  return `${n} ${Math.abs(n) === 1 ? "point" : "points"}`;
}

function list(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Who a seat is, from the game's seats. */
export function seatName(state, seat) {
  const found = state.game?.seats?.find((s) => s.seat === seat);
  return found ? found.name : `seat ${seat + 1}`;
}

function placed(rules, data) {
  const bonus = data.bonus ? ` plus a ${data.bonus} bonus` : "";
  return `${data.points} in ${rules.where(data.box, data.column)}${bonus}`;
}

export function rankingSentence(ranking) {
  if (!ranking?.length) return "The game is over.";
  const top = ranking.filter((r) => r.rank === 1);
  if (ranking.length === 1) return `The game is over: ${top[0].player} finished with ${points(top[0].total)}.`;
  if (top.length > 1) return `The game is over: ${list(top.map((r) => r.player))} share the win with ${points(top[0].total)}.`;
  return `The game is over: ${top[0].player} wins with ${points(top[0].total)}.`;
}

/** Steps taken for an absent player (timeout, skip): "rolled 1 2 3 4 6 and scored 16 in Chance". */
function absentSteps(rules, data) {
  const steps = [];
  if (data.roll) steps.push(`rolled ${diceText(data.roll.dice)}`);
  if (data.announce) steps.push(`announced ${rules.boxTitle(data.announce.box)}`);
  if (data.place) steps.push(`scored ${placed(rules, data.place)}`);
  return list(steps);
}

/**
 * One log line for an event: "Ada rolled 6 6 2 3 6", "Bob scored 25 in Full house".
 * Returns null for events the move log does not show (chat has its own panel).
 */
export function describe(event, state, rules) {
  const d = event.data || {};
  const actor = typeof event.actor === "string" ? event.actor : null;
  const who = (seat) => (seat !== undefined && seat !== null ? seatName(state, seat) : null);
  const name = d.player || actor || "Someone";
  switch (event.kind) {
    case "room_created":
      return `${actor || "The host"} opened the room`;
    case "room_configured": {
      const parts = [variantTitle(d.ruleset)];
      if (Number.isInteger(d.seats)) parts.push(seatsText(d.seats));
      if ("turn_seconds" in d) parts.push(timerText(d.turn_seconds));
      for (const [key, value] of Object.entries(d.options || {})) parts.push(optionText(key, value));
      if (typeof d.coach === "boolean") parts.push(coachText(d.coach));
      return `${actor || "The host"} changed the room: ${parts.join(", ")}`;
    }
    case "joined":
      return d.seat === null || d.seat === undefined ? `${name} came to watch` : `${name} sat down`;
    case "left": {
      let text = `${name} left`;
      if (d.bot) text += `; ${d.bot} took over the seat`;
      if (d.host) text += `; ${d.host} is the host now`;
      if (d.closed) text += "; the room closed";
      return text;
    }
    case "kicked": {
      const by = d.by === "moderator" ? "A moderator" : actor || "The host";
      let text = `${by} removed ${d.player}`;
      if (d.bot) text += `; ${d.bot} took over the seat`;
      if (d.host) text += `; ${d.host} is the host now`;
      return text;
    }
    case "banned": {
      let text = `A moderator banned ${d.player}`;
      if (d.bot) text += `; ${d.bot} took over the seat`;
      if (d.host) text += `; ${d.host} is the host now`;
      if (d.closed) text += "; the room closed";
      return text;
    }
    case "mute":
      return `${actor || "The host"} ${d.muted ? "muted" : "unmuted"} ${name}`;
    case "seat_taken":
      return `${name} took a seat`;
    case "bot_added":
      return `${actor || "The host"} seated ${d.player}${d.level ? ` (${botLevelTitle(d.level).toLowerCase()})` : ""}`;
    case "bot_removed":
      return `${actor || "The host"} removed ${d.player}`;
    case "game_started":
      return d.number > 1 ? `Game ${d.number} started` : "The game started";
    case "roll":
      return `${actor || who(d.seat)} rolled ${diceText(d.dice)}`;
    case "announce":
      return `${actor || who(d.seat)} announced ${rules.boxTitle(d.box)}`;
    case "place": {
      const text = `${actor || who(d.place?.seat ?? d.seat)} scored ${placed(rules, d)}`;
      return d.ranking ? `${text}. ${rankingSentence(d.ranking)}` : text;
    }
    case "timeout": {
      const seat = d.place?.seat ?? d.roll?.seat;
      const text = `${actor || who(seat)} ran out of time: the table ${absentSteps(rules, d)} for them`;
      return d.place?.ranking ? `${text}. ${rankingSentence(d.place.ranking)}` : text;
    }
    case "skip": {
      const seat = d.place?.seat ?? d.roll?.seat;
      const text = `${actor || "The host"} skipped ${who(seat)}'s turn: the table ${absentSteps(rules, d)} for them`;
      return d.place?.ranking ? `${text}. ${rankingSentence(d.place.ranking)}` : text;
    }
    case "seat_to_bot":
      return d.bot ? `${d.bot} took over ${d.player}'s seat` : `${d.player} left the game`;
    case "game_ended":
      return d.reason ? `The game was ended: ${d.reason}` : "The game was ended";
    case "room_closed":
      return d.reason ? `The room closed: ${d.reason}` : "The room closed";
    default:
      return null; // chat, chat_removed, react, presence and anything newer
  }
}
