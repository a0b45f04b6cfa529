// Entry point of the notifications page: pages/notices.js builds it once.
import { setupNoticesPage } from "./pages/notices.js";

setupNoticesPage(document);
