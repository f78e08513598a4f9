/** Shapes of the catalogue word lists the product generator combines. */

export type ComparisonUnit = 'kg' | 'l' | 'st';
export type Zone = 'Kyl' | 'Frys' | 'Torrt' | 'Dryck' | 'Non food';

/** One way a product is packed. */
export type Pack = {
  /** Size of one piece as printed in the name: '1 kg', '75 cl', '30 st'. */
  label: string;
  /** Comparison units in one piece (1 kg → 1, 33 cl → 0.33, 30 eggs → 30). */
  size: number;
  cu: ComparisonUnit;
  /** Package type: Påse, Flaska, Burk … */
  type: string;
  /** Possible pieces per carton; 1 means sold per piece. */
  cartons: number[];
  /** Loose goods sold by weight (quantity may be fractional). */
  loose?: boolean;
};

/** Accreditation labels a product may carry; `suffix` is added to the name (e.g. 'EKO'). */
export type LabelRule = { labels: string[]; p: number; suffix?: string; origin?: string };

/** Nutrient ranges per 100 g: fat, carbohydrates, protein and salt in g; shares are of fat/carbohydrates. */
export type Nutrition = {
  fat: [number, number];
  saturated: number;
  carbs: [number, number];
  sugars: number;
  fibre?: [number, number];
  protein: [number, number];
  salt: [number, number];
};

export type ItemKind = 'wine' | 'beer' | 'spirits';

export type Item = {
  name: string;
  /** List price range in kronor per comparison unit. */
  price: [number, number];
  latin?: string;
  packs?: Pack[];
  brands?: string[];
  origins?: string[];
  labels?: LabelRule[];
  ingredients?: string;
  nutrition?: Nutrition;
  /** Alcohol by volume range, %. */
  abv?: [number, number];
  /** Wine with a vintage year (false for non-vintage sparkling). */
  vintage?: boolean;
  zone?: Zone;
};

export type Leaf = {
  zone: Zone;
  /** 12 for food and non-alcoholic drinks, 25 for alcohol (above 2,25 %) and non-food. */
  vat: 12 | 25;
  /** Storage temperature limits in °C (Kyl and Frys). */
  temp?: [number, number];
  packs: Pack[];
  brands: string[];
  origins: string[];
  labels?: LabelRule[];
  nutrition?: Nutrition;
  /** Ingredient text for items without their own; `{name}` is replaced. */
  ingredients?: string;
  kind?: ItemKind;
  /** Relative share of the generated products (defaults to the number of items). */
  weight?: number;
  items: Item[];
};

export type CategoryNode = {
  slug: string;
  name: string;
  description: string;
  children?: CategoryNode[];
  leaf?: Leaf;
};

export const pack = (
  label: string,
  size: number,
  cu: ComparisonUnit,
  type: string,
  cartons: number[] = [1],
  loose = false,
): Pack => (loose ? { label, size, cu, type, cartons, loose } : { label, size, cu, type, cartons });

/** Loose goods: priced per kilo, sold in fractional quantities. */
export const looseKg = (type = 'Lösvikt'): Pack => pack('lösvikt', 1, 'kg', type, [1], true);

export const item = (name: string, min: number, max: number, extra: Omit<Item, 'name' | 'price'> = {}): Item => ({
  name,
  price: [min, max],
  ...extra,
});

export const ECO: LabelRule = { labels: ['KRAV', 'EU-ekologisk'], p: 0.12, suffix: 'EKO' };
export const EU_ECO: LabelRule = { labels: ['EU-ekologisk'], p: 0.1, suffix: 'EKO' };
export const SIGILL: LabelRule = { labels: ['Svenskt Sigill'], p: 0.6, origin: 'Sverige' };
export const KEYHOLE: LabelRule = { labels: ['Nyckelhålet'], p: 1 };
export const FAIRTRADE: LabelRule = { labels: ['Fairtrade'], p: 0.5 };
export const MSC: LabelRule = { labels: ['MSC'], p: 0.85, suffix: 'MSC' };
export const ASC: LabelRule = { labels: ['ASC'], p: 0.7, suffix: 'ASC' };
