// Moments the server wrote in UTC (<time datetime="..." data-local-time>), written again
// in the device's own time zone and the page's language: a deadline by the day reads
// "Sat 28 Nov, 14:00" wherever its reader lives.
import { formatMoment } from "../i18n.js";

/** Write every moment marked data-local-time in ``root`` in the device's time zone. */
export function showLocalTimes(root) {
  for (const el of root.querySelectorAll("time[data-local-time]")) {
    el.textContent = formatMoment(el.dateTime);
  }
}
