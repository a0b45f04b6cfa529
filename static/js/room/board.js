// The board's persistent elements: the dice (kept between states, so that they can
// animate), the turn status, the controls and the hint beside them.
import { h } from "../dom.js";
import { DiceTray } from "../render/dice.js";
import { regions } from "./page.js";
import { toggleHold } from "./holds.js";

export const tray = new DiceTray((i) => toggleHold(i));
export const board = {
  status: h("div", { class: "board__status", dataset: { tableStart: "" } }),
  hint: h("p", { class: "tray__hint", id: "tray-hint" }),
  controls: h("div", { class: "tray__controls" }),
};
regions.board.append(
  board.status,
  h("div", { class: "tray" }, tray.el, h("div", { class: "tray__side" }, board.controls, board.hint)),
);
