// Home page (templates/home.html): the create-room and join-by-code forms, made friendlier
// by pages/home.js; this entry point builds it once.
//
// Test hooks (data-testid): hero-start, create-form, create-error, create-name,
// create-ruleset, option-joker, option-exact-counts, create-pace (create-pace-live,
// create-pace-day), create-seats, create-timer, create-timer-custom, create-turn-hours,
// create-holidays, create-together, create-duplicate, create-submit, join-form, join-code, join-submit.
// On a room page for someone not yet at the table (templates/room.html):
// join-room-form, join-name, join-submit, join-error.
import { setupHomePage } from "./pages/home.js";

setupHomePage(document);
