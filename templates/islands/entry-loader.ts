// The inline script that takes the place of a built page's module script (scripts/defer-entry.ts):
// it imports the page's entry, named by its data-entry attribute, only once the page has loaded and
// painted its main content, or as soon as a visitor acts. A module script in the HTML is fetched
// while the page is parsed, with the chunks it imports one after the other, sharing the connection
// with the main picture and running before it is drawn; Lighthouse counts all of that in the LCP.
import { afterPagePaint } from './after-paint.ts'

const script = document.currentScript
const entry = script instanceof HTMLScriptElement ? script.dataset.entry : undefined
if (entry)
  afterPagePaint(() => void import(/* @vite-ignore */ entry).catch((error: unknown) => console.error('page script: not loaded', error)))
