// The quotation basket: the items a buyer chose, kept in this browser's localStorage (never a cookie:
// nothing of it reaches a server until the buyer sends the quotation). Any page may add to it
// through the quotation page's address (?add=…, templates/lib/quote.ts); the header shows how many
// it holds (filled in by the page's inline script, templates/islands/beacon.ts, and by writeBasket).
import { QUOTE_MAX_ITEMS, QUOTE_UNITS, SAMPLE_CHOICES } from '../../../forms/quote-contract.ts'

/** The localStorage key of the basket; the header's count reads it too. */
export const BASKET_KEY = 'quotation'

/** An item as the page holds it: the quantity as typed. */
export interface BasketItem {
  product: string
  quantity: string
  unit: string
  finish: string
  size: string
  samples: 'yes' | 'no'
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 200

/** The basket as stored, each item checked for shape (a value written by an older page, or by hand, is dropped). */
export function readBasket(): BasketItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(BASKET_KEY) ?? '[]')
    if (!Array.isArray(stored)) return []
    return stored
      .filter(
        (item): item is BasketItem =>
          typeof item === 'object' &&
          item !== null &&
          isText(item.product) &&
          isText(item.quantity) &&
          (QUOTE_UNITS as readonly string[]).includes(item.unit) &&
          isText(item.finish) &&
          isText(item.size) &&
          (SAMPLE_CHOICES as readonly string[]).includes(item.samples),
      )
      .slice(0, QUOTE_MAX_ITEMS)
  } catch {
    return []
  }
}

export function writeBasket(items: readonly BasketItem[]): void {
  const badge = document.querySelector<HTMLElement>('[data-basket]')
  if (badge) {
    badge.textContent = String(items.length)
    badge.hidden = items.length === 0
  }
  try {
    if (items.length === 0) localStorage.removeItem(BASKET_KEY)
    else localStorage.setItem(BASKET_KEY, JSON.stringify(items))
  } catch {
    // Storage full or refused (a private window): the page still holds the items until it is left.
  }
}

/** A new item of `product` in its first unit (m² for granite, tonnes otherwise). */
export function newItem(product: string, granite: boolean): BasketItem {
  return { product, quantity: '', unit: granite ? 'm2' : 'tonnes', finish: '', size: '', samples: 'no' }
}
