// Entry point of the daily result's page (daily/templates/daily/result.html): its share card,
// built once by pages/daily.js.
import { setupDailyShare } from "./pages/daily.js";

const section = document.querySelector("[data-testid=daily-share]");
if (section) setupDailyShare(section);
