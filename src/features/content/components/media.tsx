import type { Asset } from '../../../../contract/content-fields';
import { imageBox, srcSet, type ImageBox } from '../../../../contract/rules/content-images';
import { cx } from '../../../ui/cx';

// The sizes and widths of content images are a rule the server's start page shares (contract/rules/content-images.ts).
export { BOX, imageBox, srcSet, type ImageBox } from '../../../../contract/rules/content-images';

export interface ContentImageProps {
  asset: Asset;
  /** The layout's box when the URL does not tell the size (e.g. 16:9 → 1600×900). */
  box: ImageBox;
  sizes?: string;
  className?: string;
  /** The page's largest image (the first hero): load at once, before other images. */
  priority?: boolean;
  /** Overrides the asset's alt (e.g. '' when the image only decorates a link that has its own text). */
  alt?: string;
}

/**
 * An image with width and height (no layout shift), lazy unless it is the hero; the alt text from the asset (an
 * asset without one is decorative).
 */
export function ContentImage({ asset, box, sizes = '100vw', className, priority = false, alt }: ContentImageProps) {
  const size = imageBox(asset, box);
  const set = srcSet(asset.filename, size);
  return (
    <img
      src={asset.filename}
      srcSet={set}
      sizes={set ? sizes : undefined}
      alt={alt ?? asset.alt ?? ''}
      title={asset.title || undefined}
      width={size.width}
      height={size.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cx('block max-w-full', className)}
    />
  );
}
