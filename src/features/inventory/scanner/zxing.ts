import { BrowserMultiFormatReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import type { FrameDecoder } from './types';

/** zxing (pure JavaScript) for browsers without BarcodeDetector: EAN-13, EAN-8, UPC-A and Code 128. */
export function zxingDecoder(): FrameDecoder {
  const hints = new Map<DecodeHintType, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128, BarcodeFormat.ITF],
    ],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  const canvas = document.createElement('canvas');
  return (video) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return Promise.resolve([]);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0, width, height);
    try {
      return Promise.resolve([reader.decodeFromCanvas(canvas).getText()]);
    } catch {
      return Promise.resolve([]); // nothing in this frame
    }
  };
}
