import { openCamera, setTorch, stopStream, torchSupported } from './camera';
import { nativeDecoder } from './native';
import { ScannerError, type FrameDecoder, type Scanner } from './types';

export { ScannerError, type Scanner, type ScannerProblem } from './types';

/** A code counts again only after it has been out of view this long (a barcode held still is one scan). */
export const REARM_MS = 1000;
/** Time between decoded frames (about 8 a second: quick, and light on a phone's battery). */
const FRAME_MS = 120;

/**
 * Starts the camera in `video` and decodes it until `stop()`: the browser's BarcodeDetector where it reads EAN-13,
 * else zxing (loaded only then). `onCode` gets each code once per appearance (see REARM_MS).
 */
export async function startScanner(video: HTMLVideoElement, onCode: (code: string) => void): Promise<Scanner> {
  const stream = await openCamera();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    stopStream(stream);
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.setAttribute('playsinline', '');
    await video.play();
    let decode: FrameDecoder | null = await nativeDecoder();
    const engine = decode ? 'native' : 'zxing';
    decode ??= (await import('./zxing')).zxingDecoder();
    const lastSeen = new Map<string, number>();
    const tick = async () => {
      if (stopped) return;
      try {
        const now = performance.now();
        for (const code of await decode(video)) {
          const seen = lastSeen.get(code);
          lastSeen.set(code, now);
          if (seen === undefined || now - seen > REARM_MS) onCode(code);
        }
      } catch {
        // a frame that cannot be read: try the next one
      }
      if (!stopped) timer = setTimeout(() => void tick(), FRAME_MS);
    };
    void tick();
    return {
      engine,
      torchSupported: torchSupported(stream),
      setTorch: (on) => setTorch(stream, on),
      stop,
    };
  } catch (error) {
    stop();
    throw error instanceof ScannerError ? error : new ScannerError('failed', error);
  }
}
