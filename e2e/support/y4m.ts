import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { barcodeModules } from './barcode';

/**
 * A Y4M (YUV4MPEG2, I420) video for Chromium's fake camera (`--use-file-for-fake-video-capture`): each code in turn
 * for `secondsEach`, with white frames between (so the scanner sees each code appear once per loop; Chromium loops
 * the file). Dark bars on white, 3 px per module, with quiet zones.
 */
export function writeBarcodeVideo(
  file: string,
  codes: string[],
  options: { width?: number; height?: number; fps?: number; secondsEach?: number; secondsBlank?: number } = {},
): string {
  const width = options.width ?? 640;
  const height = options.height ?? 360;
  const fps = options.fps ?? 5;
  const each = Math.max(1, Math.round((options.secondsEach ?? 1.2) * fps));
  const blank = Math.max(1, Math.round((options.secondsBlank ?? 1.4) * fps));
  const ySize = width * height;
  const cSize = (width / 2) * (height / 2);

  const white = Buffer.alloc(ySize, 235);
  const chroma = Buffer.alloc(cSize * 2, 128);
  const frames: Buffer[] = [];
  const frame = (luma: Buffer) => frames.push(Buffer.from('FRAME\n'), luma, chroma);

  for (const code of codes) {
    const modules = barcodeModules(code);
    const scale = Math.max(2, Math.min(4, Math.floor((width * 0.8) / modules.length)));
    const left = Math.floor((width - modules.length * scale) / 2);
    const top = Math.floor(height * 0.2);
    const bottom = Math.floor(height * 0.8);
    const luma = Buffer.from(white);
    for (let m = 0; m < modules.length; m++) {
      if (!modules[m]) continue;
      for (let y = top; y < bottom; y++)
        luma.fill(16, y * width + left + m * scale, y * width + left + (m + 1) * scale);
    }
    for (let i = 0; i < each; i++) frame(luma);
    for (let i = 0; i < blank; i++) frame(white);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`), ...frames]),
  );
  return file;
}
