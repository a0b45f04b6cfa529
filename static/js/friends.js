// Entry point of the friends page: pages/friends.js builds it once.
import { setupFriendsPage } from "./pages/friends.js";

setupFriendsPage(document);
