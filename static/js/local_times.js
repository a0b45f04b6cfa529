// Moments the server wrote in UTC (<time datetime="..." data-local-time>), written again
// in the device's own time zone and the page's language: a deadline by the day reads
// "Sat 28 Nov, 14:00" wherever its reader lives.
import { formatMoment } from "./i18n.js";

for (const el of document.querySelectorAll("time[data-local-time]")) {
  el.textContent = formatMoment(el.dateTime);
}
