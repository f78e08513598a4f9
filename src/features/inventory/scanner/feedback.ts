let audio: AudioContext | null = null;

/** A short beep (WebAudio, no sound file) and a buzz, to confirm a scan without looking. */
export function scanFeedback(sound: boolean): void {
  if (sound) {
    try {
      audio ??= new AudioContext();
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 1760;
      gain.gain.value = 0.08;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + 0.08);
    } catch {
      // no audio: the vibration and the screen still confirm
    }
    navigator.vibrate?.(60);
  }
}
