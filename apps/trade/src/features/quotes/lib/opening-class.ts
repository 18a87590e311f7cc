import { PRODUCT_CLASSES, type Product, type ProductClass } from '@app/contracts';

/**
 * The class the quotes list opens on when none is asked for: the first, in the tabs' order, with a product
 * trading now (Forex is closed at the weekend, and a list of closed markets looked like a broken app); the first
 * tab when nothing trades.
 */
export function openingClass(products: readonly Pick<Product, 'class' | 'status'>[]): ProductClass {
  return (
    PRODUCT_CLASSES.find((c) => products.some((p) => p.class === c && p.status === 'trading')) ?? PRODUCT_CLASSES[0]
  );
}
