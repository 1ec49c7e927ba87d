// The product menus of the header, footer and sidebars. Every page carries them, so they must not
// grow with the catalogue (listing every product made each product page 247 KiB at 1000 products):
// they list the first MENU_PRODUCTS in menu order, then "All products". The Products page and the
// sitemap page list every product.
import type { NavItem } from '../../model/schema.ts'

export const MENU_PRODUCTS = 10

/** The first MENU_PRODUCTS, then a link named `allProducts` (content.ui.header.allProducts) to them all. */
export function productMenuOf(products: NavItem[], allProducts: NavItem): NavItem[] {
  if (products.length <= MENU_PRODUCTS) return products
  return [...products.slice(0, MENU_PRODUCTS), allProducts]
}
