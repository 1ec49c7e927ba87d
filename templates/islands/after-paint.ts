// When a page has loaded and painted its main content: the moment its scripts may start. No timer
// is involved (paint entries, not requestAnimationFrame or timeouts), so a test that pauses the
// page's clock still sees the scripts start. Used by the inline entry loader (./entry-loader.ts),
// which every built page with a script carries; imports nothing, so the loader stays small.

/** Runs `then` once the page has loaded and painted its main content (or a visitor acted first). */
export function afterPagePaint(then: () => void): void {
  let started = false
  const start = () => {
    if (started) return
    started = true
    then()
  }
  afterLoad(() => afterMainPaint(start))
  // A page opened in a background tab reports no paint until it is shown, and a visitor who acts
  // first should not wait for one: either starts it too.
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) window.addEventListener(type, start, { once: true, passive: true })
}

function afterLoad(then: () => void): void {
  if (document.readyState === 'complete') then()
  else window.addEventListener('load', then, { once: true })
}

/**
 * Runs `then` once the browser reports the page's largest (or, lacking that, first) contentful paint.
 * A page whose main picture is preloaded (the `img[fetchpriority="high"]`) often reports its heading
 * first and the picture a moment later: while the picture can still be the largest paint, wait for
 * it, so no script is fetched or run before it is drawn.
 */
function afterMainPaint(then: () => void): void {
  // Every browser the build targets (ES2022) has PerformanceObserver; not all observe paints.
  const supported = PerformanceObserver.supportedEntryTypes
  const type = ['largest-contentful-paint', 'paint'].find((t) => supported.includes(t))
  if (!type) {
    then()
    return
  }
  if (document.visibilityState === 'hidden') {
    document.addEventListener('visibilitychange', () => afterMainPaint(then), { once: true })
    return
  }
  const hero = type === 'largest-contentful-paint' ? document.querySelector<HTMLImageElement>('img[fetchpriority="high"]') : null
  let done = false
  const finish = () => {
    if (done) return
    done = true
    observer.disconnect()
    then()
  }
  const observer = new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[]
    const latest = entries[entries.length - 1]
    if (hero && !entries.some((e) => e.element === hero) && heroCanStillWin(hero, latest?.size ?? 0)) return
    finish()
  })
  observer.observe({ type, buffered: true })
  hero?.addEventListener('error', finish, { once: true })
}

/** Whether the picture, once drawn, would be larger than the largest paint so far (its area in view). */
function heroCanStillWin(hero: HTMLImageElement, largestSoFar: number): boolean {
  if (hero.complete && hero.naturalWidth === 0) return false
  const box = hero.getBoundingClientRect()
  const width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0)
  const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0)
  return width > 0 && height > 0 && width * height > largestSoFar
}
