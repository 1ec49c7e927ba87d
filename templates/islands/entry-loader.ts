// The inline script that takes the place of a built page's module script (build/defer-entry.ts):
// it imports the page's entry, named by its data-entry attribute, once the page has loaded and
// painted its main content and one of the elements the script makes interactive (`data-scripted`:
// an island, the carousel) is near the viewport, or as soon as a visitor focuses or presses inside
// one. A page whose forms are further down loads no script until the visitor scrolls towards them;
// they work without it meanwhile (a classic POST). A module script in the HTML would be fetched
// while the page is parsed, sharing the connection with the main picture and running before it is
// drawn; Lighthouse counts all of that in the LCP, and any script run after the paint in the TBT.
import { afterPagePaint } from './after-paint.ts'
import { onActInside, SCRIPTED, whenNear } from './when-near.ts'

const script = document.currentScript
const entry = script instanceof HTMLScriptElement ? script.dataset.entry : undefined
if (entry) {
  let imported = false
  const load = () => {
    if (imported) return
    imported = true
    import(/* @vite-ignore */ entry).catch(console.error)
  }
  onActInside(SCRIPTED, load)
  afterPagePaint(() => {
    const scripted = document.querySelectorAll(SCRIPTED)
    // A page whose script has no element to wait for runs it once painted.
    if (scripted.length === 0) load()
    else whenNear(scripted, load)
  })
}
