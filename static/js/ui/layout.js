// The room on screens of every size: the sticky table's height for the stylesheet, the
// scorecards' scroll kept across redraws, and on narrow screens the tabs between the
// table, the players, the moves and the chat (with a count of unread messages).

const NARROW = "(max-width: 63.99rem)"; // the width below which the side column folds away

/** Keep ``--board-h`` on the document: how much of the top of the screen the sticky
 *  table covers above the scorecards (0 when it is hidden, or stands beside them as on
 *  short screens), for the scorecards' height and scroll padding. Keep also
 *  ``--sheet-covered`` on the scorecards: how much of their top the table hides while
 *  the page is scrolled, so their row of player names stays in sight under it. */
export function trackBoardHeight(board, banner) {
  const root = document.documentElement;
  const cards = document.querySelector("[data-region=cards]");
  // Every size is read before anything is written, and a value written only when it
  // changed: a custom property set on the root restyles the whole page, and a size read
  // after it would lay the page out again there and then.
  const update = () => {
    const scroller = cards?.querySelector(".sheet-scroll");
    const over = boardOver(board, cards);
    const head = over ? scroller?.querySelector("thead")?.offsetHeight || 0 : 0;
    const height = over ? over.height + (parseFloat(getComputedStyle(board).top) || 0) : 0;
    const covered = scroller ? coveredBy(over, scroller) : null;
    setVariable(root, "--board-h", `${Math.ceil(height)}px`);
    // A box the page scrolls to comes out below the scorecards' header row too, which
    // the covered part keeps under the table.
    setVariable(root, "--sheet-head-page", `${head}px`);
    if (covered !== null) setVariable(cards, "--sheet-covered", `${covered}px`);
  };
  const keepNamesInSight = () => {
    const scroller = cards?.querySelector(".sheet-scroll");
    if (scroller) setVariable(cards, "--sheet-covered", `${coveredBy(boardOver(board, cards), scroller)}px`);
  };
  let queued = false;
  const onScroll = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      keepNamesInSight();
    });
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("resize", update);
  const observer = new ResizeObserver(update);
  observer.observe(board);
  observer.observe(banner);
  if (cards) observer.observe(cards);
  update();
}

/** The sticky table's box when it stands above the scorecards (so that it may cover
 *  them), or null: hidden, or beside them as on short screens. */
function boardOver(board, cards) {
  if (board.hidden) return null;
  const b = board.getBoundingClientRect();
  if (!cards || cards.hidden) return b;
  const c = cards.getBoundingClientRect();
  return b.left < c.right && c.left < b.right ? b : null;
}

/** How much of the top of the scorecards' ``scroller`` the table's box ``over`` hides
 *  (no more than the rows under their header). */
function coveredBy(over, scroller) {
  if (!over) return 0;
  const head = scroller.querySelector("thead");
  const room = scroller.clientHeight - (head ? head.offsetHeight : 0);
  return Math.max(0, Math.min(Math.ceil(over.bottom - scroller.getBoundingClientRect().top), room));
}

/** Set the custom property ``name`` on ``el`` to ``value``, unless it holds it already. */
export function setVariable(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

/** Redraw the scorecards with ``draw`` without losing how far they were scrolled, and
 *  keep their sticky header row and box names from covering a box scrolled to. Nothing
 *  here reads the layout while the redraw has left it stale: the scroll position is the
 *  one the last scroll event left, and the header's sizes come from a ResizeObserver. */
export function redrawSheet(region, draw) {
  if (!scrolls.has(region)) {
    scrolls.set(region, { top: 0, left: 0 });
    region.addEventListener("scroll", rememberScroll, { capture: true, passive: true });
  }
  const before = region.querySelector(".sheet-scroll");
  draw();
  const scroller = region.querySelector(".sheet-scroll");
  if (!scroller) return;
  watchSheetParts(scroller);
  if (scroller === before) return;
  const at = scrolls.get(region);
  scroller.scrollTop = at.top;
  scroller.scrollLeft = at.left;
}

const scrolls = new WeakMap(); // region -> where its scorecards were last scrolled to

function rememberScroll(event) {
  const scroller = event.target;
  if (scroller.classList?.contains("sheet-scroll")) {
    scrolls.set(event.currentTarget, { top: scroller.scrollTop, left: scroller.scrollLeft });
  }
}

// The scorecards' header row and box names: when their size changes (a new width of the
// screen, a longer name), the scroll padding that keeps them off a box scrolled to follows.
// It is kept on the region around the scorecards, which their redraws leave alone. The
// observer is made at the first redraw, not when the module is imported.
let sheetParts = null;

const watched = new Set();

function watchSheetParts(scroller) {
  sheetParts ??= new ResizeObserver((entries) => {
    for (const scroller of new Set(entries.map((e) => e.target.closest(".sheet-scroll")))) {
      if (scroller) padSheet(scroller);
    }
  });
  for (const part of watched) {
    if (!part.isConnected) {
      sheetParts.unobserve(part);
      watched.delete(part);
    }
  }
  for (const part of scroller.querySelectorAll("thead, .sheet__corner")) {
    if (!watched.has(part)) {
      watched.add(part);
      sheetParts.observe(part);
    }
  }
}

function padSheet(scroller) {
  const region = scroller.parentElement;
  const head = scroller.querySelector("thead")?.offsetHeight;
  const names = scroller.querySelector(".sheet__corner")?.offsetWidth;
  if (head !== undefined) setVariable(region, "--sheet-head", `${head}px`);
  if (names !== undefined) setVariable(region, "--sheet-names", `${names}px`);
}

/** The tab bar of narrow screens: one of table, players, log or chat fills the screen. */
export class RoomTabs {
  constructor(nav, layout, chatPanel) {
    this.nav = nav;
    this.layout = layout;
    this.chatPanel = chatPanel;
    this.unread = 0;
    this.myTurn = false;
    this.narrow = window.matchMedia(NARROW);
    this.buttons = new Map([...nav.querySelectorAll("[data-tab]")].map((b) => [b.dataset.tab, b]));
    this.count = nav.querySelector("[data-testid=chat-unread]");
    for (const [name, button] of this.buttons) button.addEventListener("click", () => this.open(name));
    this.narrow.addEventListener("change", () => this.sync());
    // The bar's height as drawn (zoom, fonts and a phone's safe area included), for the
    // page's scroll padding and the scorecards' height: a box the keyboard or a scroll
    // brings into view comes out above the bar, not under it (0 while the bar is hidden).
    new ResizeObserver(() => {
      const height = Math.ceil(nav.getBoundingClientRect().height);
      setVariable(document.documentElement, "--tabs-h", `${height}px`);
    }).observe(nav, { box: "border-box" });
    this.open(layout.dataset.tab || "table");
  }

  get current() {
    return this.layout.dataset.tab;
  }

  /** Show the tab ``name`` (the others' sections fold away on narrow screens). */
  open(name) {
    if (!this.buttons.has(name) || this.buttons.get(name).hidden) name = "table";
    const changed = this.layout.dataset.tab !== name;
    this.layout.dataset.tab = name;
    for (const [key, button] of this.buttons) button.setAttribute("aria-pressed", String(key === name));
    if (name === "chat") this.unread = 0;
    this.sync();
    if (changed && this.narrow.matches) window.scrollTo({ top: this.layout.offsetTop - 8 });
  }

  /** Offer the players tab only while there is a players list to show, and mark the table
   *  tab while it is your turn and you are looking elsewhere. */
  update({ players, myTurn }) {
    this.myTurn = myTurn;
    this.buttons.get("players").hidden = !players;
    if (!players && this.current === "players") this.open("table");
    else this.sync();
  }

  /** ``n`` new messages from others arrived: count them while the chat is out of sight. */
  messages(n) {
    if (n > 0 && !this.chatVisible()) this.unread += n;
    this.sync();
  }

  chatVisible() {
    return !this.narrow.matches || this.current === "chat";
  }

  sync() {
    const table = this.buttons.get("table");
    const waiting = Boolean(this.myTurn) && this.current !== "table";
    table.classList.toggle("has-turn", waiting);
    table.setAttribute("aria-label", waiting ? gettext("Table, your turn") : gettext("Table"));
    if (this.chatVisible()) this.unread = 0;
    const button = this.buttons.get("chat");
    this.count.hidden = this.unread === 0;
    this.count.textContent = this.unread > 9 ? "9+" : String(this.unread);
    const unread = this.unread ? interpolate(ngettext("Chat, %(n)s unread", "Chat, %(n)s unread", this.unread), { n: this.unread }, true) : "";
    button.setAttribute("aria-label", unread || gettext("Chat"));
  }
}
