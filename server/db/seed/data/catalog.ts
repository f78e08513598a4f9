/** The category tree of the demo catalogue, top level first, each leaf with the word lists for its products. */
import { drycker } from './drinks';
import { fiskSkaldjur, fruktGront, kottChark, mejeri } from './food-fresh';
import { brodBageri, fryst, torrvaror } from './food-stored';
import { skogUtemiljo, stadHygien } from './nonfood';
import type { CategoryNode } from './types';

export const CATALOG: CategoryNode[] = [
  mejeri,
  kottChark,
  fiskSkaldjur,
  fruktGront,
  fryst,
  torrvaror,
  brodBageri,
  drycker,
  stadHygien,
  skogUtemiljo,
];

/** Top-level category slugs; each has an image at /images/products/<slug>.svg. */
export const TOP_CATEGORY_SLUGS = CATALOG.map((c) => c.slug);
