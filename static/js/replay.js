// Entry point of the replay page (templates/replay.html): pages/replay.js builds it once.
import { createReplayPage } from "./pages/replay.js";

createReplayPage(document.getElementById("replay-app"), document);
