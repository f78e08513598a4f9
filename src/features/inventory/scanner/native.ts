import { SCAN_FORMATS, type FrameDecoder } from './types';

interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const detectorClass = () => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** The browser's own BarcodeDetector when it reads EAN-13 (Chrome on Android, Safari 17+); else null. */
export async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = detectorClass();
  if (!Detector) return null;
  try {
    const supported = await Detector.getSupportedFormats();
    const formats = SCAN_FORMATS.filter((f) => supported.includes(f));
    if (!formats.includes('ean_13')) return null;
    const detector = new Detector({ formats: [...formats] });
    return async (video) => (await detector.detect(video)).map((b) => b.rawValue);
  } catch {
    return null;
  }
}
