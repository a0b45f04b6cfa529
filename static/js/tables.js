// Entry point of the open tables' page: pages/tables.js builds it once.
import { setupTablesPage } from "./pages/tables.js";

setupTablesPage(document);
