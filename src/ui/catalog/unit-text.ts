import type { TFunction } from 'i18next';

/** "Styck" or "Kartong à 12 st". */
export function unitText(t: TFunction<'catalog'>, unit: 'piece' | 'carton', piecesPerCarton: number): string {
  return unit === 'carton' ? t('unit.cartonOf', { count: piecesPerCarton }) : t('unit.piece');
}
