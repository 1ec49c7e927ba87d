// When the page's script is worth running for an element: once the element comes within a
// screen's height of the viewport, or as soon as a visitor focuses or presses inside it, as Astro's
// `client:visible` hydrates. Elements that the page's script makes interactive carry
// `data-scripted` (the islands, the carousel). Shared by the inline entry loader (./entry-loader.ts),
// which imports the page's script only when one of them is near, and by ./hydrate.ts, which hydrates
// each island when it is; imports nothing and sets no timer, so the loader stays small and a test
// that pauses the page's clock still sees the scripts start.

/** Elements the page's script makes interactive. */
export const SCRIPTED = '[data-scripted]'

/** How far ahead of the viewport an element counts as near: one screen height above and below. */
const NEAR = '100% 0px'

/** Calls `then(element)` once for each element, when it comes within a screen's height of the viewport. */
export function whenNear(elements: Iterable<Element>, then: (element: Element) => void): void {
  const list = [...elements]
  // Every browser the build targets (ES2022) has IntersectionObserver.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        observer.unobserve(entry.target)
        then(entry.target)
      }
    },
    { rootMargin: NEAR },
  )
  for (const element of list) observer.observe(element)
}

/** Calls `then(element)` whenever a visitor focuses or presses a pointer inside an element matching `selector`. */
export function onActInside(selector: string, then: (element: Element) => void): void {
  const listener = (event: Event) => {
    const inside = event.target instanceof Element ? event.target.closest(selector) : null
    if (inside) then(inside)
  }
  for (const type of ['focusin', 'pointerdown'] as const) document.addEventListener(type, listener, { capture: true, passive: true })
}
