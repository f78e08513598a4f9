import type { Nutrient } from '../schema';
import type { Nutrition } from './data/types';
import type { Rng } from './rng';
import { svDecimal } from './util';

const grams = (value: number) => `${svDecimal(value, value >= 10 ? 0 : 1)} g`;

/** A nutrition table per 100 g as printed on Swedish packaging (energy from fat, carbohydrates, fibre and protein). */
export function makeNutrients(rng: Rng, n: Nutrition): Nutrient[] {
  const fat = rng.float(n.fat[0], n.fat[1]);
  const carbs = rng.float(n.carbs[0], n.carbs[1]);
  const fibre = n.fibre ? rng.float(n.fibre[0], n.fibre[1]) : 0;
  const protein = rng.float(n.protein[0], n.protein[1]);
  const salt = rng.float(n.salt[0], n.salt[1]);
  const kcal = 9 * fat + 4 * carbs + 2 * fibre + 4 * protein;
  const kj = 37 * fat + 17 * carbs + 8 * fibre + 17 * protein;
  const rows: Nutrient[] = [
    { name: 'Energi', per100: `${Math.round(kj)} kJ / ${Math.round(kcal)} kcal` },
    { name: 'Fett', per100: grams(fat) },
    { name: 'varav mättat fett', per100: grams(fat * n.saturated) },
    { name: 'Kolhydrater', per100: grams(carbs) },
    { name: 'varav sockerarter', per100: grams(carbs * n.sugars) },
  ];
  if (n.fibre) rows.push({ name: 'Fiber', per100: grams(fibre) });
  rows.push({ name: 'Protein', per100: grams(protein) }, { name: 'Salt', per100: `${svDecimal(salt, 2)} g` });
  return rows;
}
