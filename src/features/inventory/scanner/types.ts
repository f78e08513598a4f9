/** Why the camera cannot scan; each has its Swedish message (inventory:scanner.*). */
export type ScannerProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

export class ScannerError extends Error {
  constructor(
    readonly problem: ScannerProblem,
    cause?: unknown,
  ) {
    super(problem, { cause });
  }
}

/** The barcode formats a stock count reads: retail labels, and Code 128 and ITF-14 as printed on cartons. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'itf'] as const;

/** A started scanner: decodes the camera picture until stopped. One interface for BarcodeDetector and zxing. */
export interface Scanner {
  /** 'native' (BarcodeDetector) or 'zxing'. */
  readonly engine: 'native' | 'zxing';
  /** The camera can light the scene (torch); false where the browser does not say so. */
  readonly torchSupported: boolean;
  setTorch(on: boolean): Promise<void>;
  /** Stops decoding and the camera stream (the camera light goes off). Safe to call twice. */
  stop(): void;
}

/** Decodes one frame of the video: the codes found (usually zero or one). */
export type FrameDecoder = (video: HTMLVideoElement) => Promise<string[]>;
