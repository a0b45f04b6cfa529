// Entry point of the pages that show moments in the device's time zone (your games):
// ui/local_times.js rewrites them once.
import { showLocalTimes } from "./ui/local_times.js";

showLocalTimes(document);
