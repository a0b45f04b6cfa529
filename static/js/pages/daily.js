// The daily challenge's share card (daily/templates/daily/result.html): a spoiler-free text,
// "Yatzy daily 2026-12-01: 287, par 274, skill 98.1%", and a picture of it drawn on a
// canvas, sent through the device's share sheet (with the picture where the device
// takes files), or copied. daily.js, the page's entry point, calls setupDailyShare.

function cssColor(name, fallback) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The card: the variant and day, the score big, par and skill under it; no dice. */
function drawCard(canvas, data) {
  const g = canvas.getContext("2d");
  const felt = cssColor("--felt", "#0d4a32");
  const gold = cssColor("--gold", "#f2b705");
  g.fillStyle = felt;
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = gold;
  g.fillRect(0, canvas.height - 24, canvas.width, 24);
  g.fillStyle = "#ffffff";
  g.textBaseline = "top";
  g.font = "600 52px system-ui, sans-serif";
  g.fillText(`${data.title} · ${data.day}`, 72, 72);
  g.font = "800 220px system-ui, sans-serif";
  g.fillText(data.score, 64, 160);
  g.font = "500 56px system-ui, sans-serif";
  const facts = data.practice ? [gettext("practice")] : [];
  if (data.par) facts.push(interpolate(gettext("par %(par)s"), { par: data.par }, true));
  if (data.skill) facts.push(interpolate(gettext("skill %(skill)s"), { skill: `${data.skill}%` }, true));
  g.fillText(facts.filter(Boolean).join(" · "), 72, 420);
  g.font = "600 40px system-ui, sans-serif";
  g.fillStyle = gold;
  g.fillText("Five Dice", 72, 520);
}

function cardFile(canvas) {
  return new Promise((resolve) => {
    canvas.toBlob((blob) => resolve(blob ? new File([blob], "five-dice-daily.png", { type: "image/png" }) : null), "image/png");
  });
}

/** Offer the device's share sheet (with the card's picture where it takes files). */
function offerShareSheet(section, canvas) {
  const data = section.dataset;
  const shareButton = section.querySelector("[data-testid=daily-share-button]");
  if (!navigator.share) return;
  shareButton.hidden = false;
  shareButton.addEventListener("click", async () => {
    const file = await cardFile(canvas);
    const message = { title: data.title, text: data.text, url: data.url };
    if (file && navigator.canShare?.({ files: [file] })) message.files = [file];
    try {
      await navigator.share(message);
    } catch {
      // The person closed the share sheet: nothing to say.
    }
  });
}

/** The share card of the daily result in ``section`` (data-testid=daily-share): its text,
 *  its picture, the share sheet and the copy button. */
export function setupDailyShare(section) {
  const data = section.dataset;
  const text = data.text;
  const said = section.querySelector("[data-testid=daily-share-said]");
  const canvas = section.querySelector("canvas");
  section.querySelector("[data-testid=daily-share-text]").textContent = `${text} ${data.url}`;
  drawCard(canvas, data);
  offerShareSheet(section, canvas);
  section.querySelector("[data-testid=daily-copy-button]").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(`${text} ${data.url}`);
      said.textContent = gettext("Copied.");
    } catch {
      said.textContent = gettext("Copying is not allowed here: select the text above.");
    }
  });
}
