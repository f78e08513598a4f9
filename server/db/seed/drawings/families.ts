/**
 * The product families of the demo catalogue and their drawings (a data table): which family a product belongs to
 * (its leaf category, or a word of its name where a leaf holds more than one kind: cream beside milk, tea beside
 * coffee, firewood beside fuel), and each family's shape and colours. The Swedish alt text of each drawing is in
 * locales/sv/drawings.json under the family's key.
 */
import texts from '../../../../locales/sv/drawings.json' with { type: 'json' };
import { drawingSvg, type Colours, type Shape } from './shapes';

const FAMILIES = {
  mjolk: { shape: 'carton', main: '#ffffff', accent: '#3b82f6' },
  gradde: { shape: 'carton', main: '#fef3c7', accent: '#f59e0b' },
  ost: { shape: 'wedge', main: '#facc15', accent: '#ca8a04' },
  smor: { shape: 'block', main: '#fde68a', accent: '#fbbf24' },
  yoghurt: { shape: 'cup', main: '#ffffff', accent: '#60a5fa' },
  agg: { shape: 'eggs', main: '#fdecd2', accent: '#f5deb3' },
  notkott: { shape: 'steak', main: '#b91c1c', accent: '#fde2e2' },
  flask: { shape: 'steak', main: '#f9a8a8', accent: '#fff1f2' },
  vilt: { shape: 'steak', main: '#7f1d1d', accent: '#e5e7eb' },
  fagel: { shape: 'drumstick', main: '#f4c28a', accent: '#fff7ed' },
  chark: { shape: 'sausage', main: '#c2410c', accent: '#fecaca' },
  fisk: { shape: 'fish', main: '#94a3b8', accent: '#f97316' },
  'rokt-fisk': { shape: 'fish', main: '#ea580c', accent: '#fdba74' },
  skaldjur: { shape: 'shrimp', main: '#fb7185', accent: '#fecdd3' },
  frukt: { shape: 'fruit', main: '#ef4444', accent: '#22c55e' },
  gronsaker: { shape: 'fruit', main: '#16a34a', accent: '#166534' },
  potatis: { shape: 'tuber', main: '#d6a86b', accent: '#7c4a1e' },
  rotfrukter: { shape: 'root', main: '#f97316', accent: '#16a34a' },
  orter: { shape: 'sprig', main: '#22c55e', accent: '#15803d' },
  'frysta-gronsaker': { shape: 'frozen', main: '#bbf7d0', accent: '#2563eb' },
  'frysta-bar': { shape: 'berries', main: '#6366f1', accent: '#93c5fd' },
  'fryst-fisk': { shape: 'fish', main: '#bfdbfe', accent: '#3b82f6' },
  'fryst-kott': { shape: 'frozen', main: '#fecaca', accent: '#2563eb' },
  glass: { shape: 'cone', main: '#fbcfe8', accent: '#d97706' },
  fardigratter: { shape: 'frozen', main: '#fde68a', accent: '#2563eb' },
  mjol: { shape: 'sack', main: '#f5f5f4', accent: '#d6d3d1' },
  pasta: { shape: 'pasta', main: '#fcd34d', accent: '#b45309' },
  gryn: { shape: 'sack', main: '#fff7ed', accent: '#a3e635' },
  konserver: { shape: 'can', main: '#ef4444', accent: '#e5e7eb' },
  kryddor: { shape: 'jar', main: '#b45309', accent: '#374151' },
  olja: { shape: 'bottle', main: '#facc15', accent: '#65a30d' },
  kaffe: { shape: 'cup_steam', main: '#7c2d12', accent: '#a8a29e' },
  te: { shape: 'cup_steam', main: '#d97706', accent: '#16a34a' },
  kakao: { shape: 'cup_steam', main: '#451a03', accent: '#fca5a5' },
  snacks: { shape: 'snack', main: '#f59e0b', accent: '#dc2626' },
  brod: { shape: 'loaf', main: '#d97706', accent: '#fde68a' },
  'bake-off': { shape: 'loaf', main: '#fbbf24', accent: '#fef3c7' },
  kaffebrod: { shape: 'bun', main: '#d97706', accent: '#78350f' },
  rengoring: { shape: 'spray', main: '#38bdf8', accent: '#0369a1' },
  papper: { shape: 'roll', main: '#ffffff', accent: '#9ca3af' },
  hygien: { shape: 'glove', main: '#60a5fa', accent: '#1d4ed8' },
  motorsag: { shape: 'saw', main: '#f97316', accent: '#9ca3af' },
  skydd: { shape: 'helmet', main: '#f97316', accent: '#1f2937' },
  arbetshandskar: { shape: 'glove', main: '#a16207', accent: '#fde68a' },
  ved: { shape: 'logs', main: '#d6a86b', accent: '#92400e' },
  bransle: { shape: 'canister', main: '#dc2626', accent: '#fde047' },
  verktyg: { shape: 'axe', main: '#9ca3af', accent: '#a16207' },
  'rott-vin': { shape: 'wine', main: '#7f1d1d', accent: '#991b1b' },
  'vitt-vin': { shape: 'wine', main: '#a3e635', accent: '#fef9c3' },
  'rose-vin': { shape: 'wine', main: '#f9a8d4', accent: '#fbcfe8' },
  'mousserande-vin': { shape: 'wine', main: '#166534', accent: '#fde68a' },
  ol: { shape: 'beer', main: '#92400e', accent: '#f59e0b' },
  cider: { shape: 'beer', main: '#65a30d', accent: '#bef264' },
  sprit: { shape: 'bottle', main: '#e5e7eb', accent: '#1f2937' },
  'alkoholfri-dryck': { shape: 'soda', main: '#38bdf8', accent: '#ef4444' },
  juice: { shape: 'carton', main: '#fb923c', accent: '#facc15' },
} satisfies Record<string, { shape: Shape } & Colours>;

export type Family = keyof typeof FAMILIES;

/** Each leaf category's family, then the words of a product name that put it in another family of that leaf. */
const BY_LEAF: Record<string, { family: Family; unless?: [RegExp, Family][] }> = {
  'mjolk-gradde': { family: 'mjolk', unless: [[/grädd|crème/i, 'gradde']] },
  ost: { family: 'ost' },
  'smor-margarin': { family: 'smor' },
  'yoghurt-kvarg': { family: 'yoghurt' },
  agg: { family: 'agg' },
  notkott: { family: 'notkott' },
  flask: { family: 'flask' },
  fagel: { family: 'fagel' },
  'lamm-vilt': { family: 'vilt' },
  chark: { family: 'chark' },
  'farsk-fisk': { family: 'fisk' },
  skaldjur: { family: 'skaldjur' },
  'rokt-gravat': { family: 'rokt-fisk' },
  'frukt-bar': { family: 'frukt' },
  gronsaker: { family: 'gronsaker' },
  'potatis-rotfrukter': { family: 'rotfrukter', unless: [[/potatis|jordärtskocka/i, 'potatis']] },
  'orter-groddar': { family: 'orter' },
  'frysta-gronsaker': { family: 'frysta-gronsaker' },
  'frysta-bar-frukt': { family: 'frysta-bar' },
  'fryst-fisk': { family: 'fryst-fisk' },
  'fryst-kott': { family: 'fryst-kott' },
  'glass-desserter': { family: 'glass' },
  'fardigratter-potatis': { family: 'fardigratter' },
  'mjol-socker-bakning': { family: 'mjol' },
  'pasta-ris-gryn': { family: 'gryn', unless: [[/spaghetti|penne|fusilli|lasagne/i, 'pasta']] },
  konserver: { family: 'konserver' },
  'kryddor-smaksattare': { family: 'kryddor' },
  'olja-vinager': { family: 'olja' },
  'kaffe-te': {
    family: 'kaffe',
    unless: [
      [/(^|\s)te($|\s)/i, 'te'],
      [/kakao|choklad/i, 'kakao'],
    ],
  },
  'snacks-sotsaker': { family: 'snacks' },
  'farskt-brod': { family: 'brod' },
  'bake-off': { family: 'bake-off' },
  'kaffebrod-konditori': { family: 'kaffebrod' },
  'rengoring-disk': { family: 'rengoring' },
  'papper-engangs': { family: 'papper' },
  'hygien-skydd': { family: 'hygien' },
  'motorsag-tillbehor': { family: 'motorsag' },
  skyddsutrustning: { family: 'skydd', unless: [[/handskar/i, 'arbetshandskar']] },
  'bransle-tandning': { family: 'bransle', unless: [[/ved(\s|$)/i, 'ved']] },
  'verktyg-utemiljo': { family: 'verktyg' },
  'rott-vin': { family: 'rott-vin' },
  'vitt-vin': { family: 'vitt-vin' },
  'rose-vin': { family: 'rose-vin' },
  'mousserande-vin': { family: 'mousserande-vin' },
  'ol-cider': { family: 'ol', unless: [[/cider/i, 'cider']] },
  sprit: { family: 'sprit' },
  alkoholfritt: { family: 'alkoholfri-dryck', unless: [[/juice|dricka|saft/i, 'juice']] },
};

/** The family of a product of a leaf category, by the item's name; a leaf not in the table is an error. */
export function familyOf(leafSlug: string, itemName: string): Family {
  const leaf = BY_LEAF[leafSlug];
  if (!leaf) throw new Error(`no drawing for the leaf category ${leafSlug}: add it to drawings/families.ts`);
  return leaf.unless?.find(([words]) => words.test(itemName))?.[1] ?? leaf.family;
}

export const FAMILY_NAMES = Object.keys(FAMILIES) as Family[];

/** Where the client serves a family's drawing (written by the build: vite.config.ts). */
export const drawingPath = (family: Family) => `/images/products/familjer/${family}.svg`;

/** The drawing's Swedish alt text (locales/sv/drawings.json). */
export const drawingAlt = (family: Family): string => texts[family];

/** The SVG file of a family's drawing. */
export function familyDrawing(family: Family): string {
  const { shape, main, accent } = FAMILIES[family];
  return drawingSvg(shape, { main, accent }, drawingAlt(family));
}
