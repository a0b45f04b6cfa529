// The board's persistent elements: the dice (kept between states, so that they can
// animate), the turn status, the controls and the hint beside them.
import { h } from "../dom.js";
import { DiceTray } from "../render/dice.js";

/** The board's elements, appended to ``region``; a click on a die calls ``toggleHold(i)``. */
export function createBoard(region, toggleHold) {
  const board = {
    tray: new DiceTray((i) => toggleHold(i)),
    status: h("div", { class: "board__status", dataset: { tableStart: "" } }),
    hint: h("p", { class: "tray__hint", id: "tray-hint" }),
    controls: h("div", { class: "tray__controls" }),
  };
  region.append(
    board.status,
    h("div", { class: "tray" }, board.tray.el, h("div", { class: "tray__side" }, board.controls, board.hint)),
  );
  return board;
}
