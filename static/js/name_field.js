// Entry point of a room's join form (templates/room.html): the name field says its limit
// while typing (ui/name_field.js).
import { setupNameFields } from "./ui/name_field.js";

setupNameFields(document);
