// Ways the page gets a player's attention when the table moves: short sounds (roll, your
// turn, score, Yahtzee) with a mute switch the browser remembers, the tab's title and
// icon on your turn, and a system notification when the tab is hidden and the player
// allowed it. Sounds are synthesized with the Web Audio API: no files to fetch.
//
// Test hooks: sound-toggle and alerts-toggle (aria-pressed); every sound played sets
// data-last-sound on <html> and counts up data-sounds.

const SOUND_KEY = "dice.sound";
const ALERTS_KEY = "dice.alerts";

function remembered(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback; // private mode: nothing is remembered
  }
}

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode */
  }
}

/** One note: ``freq`` Hz for ``length`` s from ``at``, with a soft attack and release. */
function tone(audio, at, freq, length, { type = "sine", gain = 0.18 } = {}) {
  const osc = audio.createOscillator();
  const amp = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A die hitting the table: a short burst of filtered noise. */
function knock(audio, at) {
  const length = 0.05;
  const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * length), audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const source = audio.createBufferSource();
  const filter = audio.createBiquadFilter();
  const amp = audio.createGain();
  source.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.value = 1800 + Math.random() * 1400;
  amp.gain.value = 0.5;
  source.connect(filter).connect(amp).connect(audio.destination);
  source.start(at);
}

const SOUNDS = {
  roll(audio, t) {
    for (let i = 0; i < 5; i++) knock(audio, t + i * 0.045 + Math.random() * 0.03);
  },
  turn(audio, t) {
    tone(audio, t, 660, 0.16);
    tone(audio, t + 0.14, 880, 0.24);
  },
  score(audio, t) {
    tone(audio, t, 520, 0.1, { type: "triangle", gain: 0.14 });
  },
  yahtzee(audio, t) {
    [523, 659, 784, 1047].forEach((freq, i) => tone(audio, t + i * 0.09, freq, 0.22, { type: "triangle", gain: 0.16 }));
  },
};

export class Signals {
  /** ``soundButton`` and ``alertsButton`` are the room bar's switches; ``icon`` the
   *  page's icon link, shown as ``turnIcon`` during the player's turn; ``tell(text)``
   *  shows the player a message (why the alerts stay off). */
  constructor({ soundButton, alertsButton, icon, turnIcon, tell }) {
    this.tell = tell;
    this.soundButton = soundButton;
    this.alertsButton = alertsButton;
    this.icon = icon;
    this.restIcon = icon?.getAttribute("href") || "";
    this.turnIcon = turnIcon;
    this.soundOn = remembered(SOUND_KEY, "on") !== "off";
    this.alertsOn = remembered(ALERTS_KEY, "off") === "on" && this.permission() === "granted";
    this.audio = null;
    this.sounds = 0;
    soundButton?.addEventListener("click", () => this.toggleSound());
    alertsButton?.addEventListener("click", () => this.toggleAlerts());
    if (alertsButton && !("Notification" in window)) alertsButton.hidden = true;
    // Browsers let a page make sound only after the person interacted with it.
    const wake = () => this.audio?.state === "suspended" && this.audio.resume();
    window.addEventListener("pointerdown", wake, { capture: true });
    window.addEventListener("keydown", wake, { capture: true });
    this.drawSwitches();
  }

  permission() {
    return "Notification" in window ? Notification.permission : "denied";
  }

  drawSwitches() {
    if (this.soundButton) {
      this.soundButton.setAttribute("aria-pressed", String(this.soundOn));
      this.soundButton.querySelector(".switch__icon").textContent = this.soundOn ? "🔊" : "🔇";
    }
    if (this.alertsButton) {
      this.alertsButton.setAttribute("aria-pressed", String(this.alertsOn));
      this.alertsTitle ??= this.alertsButton.title;
      this.alertsButton.title = this.permission() === "denied" ? gettext("Notifications are blocked in this browser's site settings") : this.alertsTitle;
    }
  }

  toggleSound() {
    this.soundOn = !this.soundOn;
    remember(SOUND_KEY, this.soundOn ? "on" : "off");
    this.drawSwitches();
    if (this.soundOn) this.play("score");
  }

  async toggleAlerts() {
    if (this.alertsOn) {
      this.alertsOn = false;
    } else {
      const answer = this.permission() === "default" ? await Notification.requestPermission() : this.permission();
      this.alertsOn = answer === "granted";
      // A tooltip alone would not do: touch screens never show one.
      if (answer === "denied") {
        this.tell?.(gettext("Notifications are blocked for this site. Allow them in the browser's site settings, then press Alerts again."));
      } else if (!this.alertsOn) {
        this.tell?.(gettext("Alerts stay off: the browser did not allow notifications."));
      }
    }
    remember(ALERTS_KEY, this.alertsOn ? "on" : "off");
    this.drawSwitches();
  }

  /** Play ``name`` (roll, turn, score, yahtzee), ``delay`` s from now, unless the sound
   *  is off. */
  play(name, delay = 0) {
    if (!this.soundOn || !SOUNDS[name]) return;
    try {
      this.audio ??= new AudioContext();
      if (this.audio.state === "suspended") this.audio.resume();
      SOUNDS[name](this.audio, this.audio.currentTime + 0.01 + delay);
    } catch {
      return; // no audio output: the game goes on silently
    }
    // A running context keeps an audio thread busy even in silence: rest it between sounds.
    clearTimeout(this.rest);
    this.rest = setTimeout(() => this.audio?.state === "running" && this.audio.suspend(), (delay + 1.5) * 1000);
    this.sounds += 1;
    document.documentElement.dataset.lastSound = name;
    document.documentElement.dataset.sounds = String(this.sounds);
  }

  /** Mark the tab while it is the player's turn; ``fresh`` (the turn just came) also
   *  plays the turn sound and, when the tab is hidden, shows a notification. */
  turn(mine, fresh, title, body) {
    if (this.icon && this.turnIcon) this.icon.setAttribute("href", mine ? this.turnIcon : this.restIcon);
    if (!mine || !fresh) return;
    this.play("turn", 0.3); // after the sound of the move that ended the turn before
    if (document.hidden && this.alertsOn && this.permission() === "granted") {
      try {
        const note = new Notification(title, { body, tag: "dice-turn", icon: this.turnIcon });
        note.onclick = () => {
          window.focus();
          note.close();
        };
      } catch {
        /* some browsers only notify from a service worker: the title still says it */
      }
    }
  }
}
