// The "your turn" sound, for phones that cannot vibrate: off until the person turns it
// on (one tap, which is also the gesture browsers want before a page may play sound).
let audio = null;
export function soundOn() { return localStorage.getItem("tc:sound") === "on"; }
function audioContext() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!audio && Ctx) audio = new Ctx();
  return audio;
}
// called from the tap on the switch: that tap is the gesture, and the person hears what
// they chose
export function setSound(on) {
  localStorage.setItem("tc:sound", on ? "on" : "off");
  if (on) beep();
}

// only after the person touched the page (common.js alertTurn checks it)
export function beep() {
  if (!soundOn()) return;
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  const tone = ctx.createOscillator(); const gain = ctx.createGain();
  tone.frequency.value = 880; gain.gain.value = 0.15;
  tone.connect(gain).connect(ctx.destination);
  tone.start(); tone.stop(ctx.currentTime + 0.18);
}
