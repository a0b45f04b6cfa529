// Entry point of the header's bell, on every page of a player (templates/base.html).
import { createBell } from "./bell/panel.js";

const root = document.querySelector("[data-bell]");
if (root) createBell(root);
