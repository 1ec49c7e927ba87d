// Hydrates the islands a page contains, each when it is near the viewport (./when-near.ts), the one
// a visitor is in first, one per task, so a page whose forms a visitor never reaches runs no React
// at all. The prerendered forms work before then (they post without JavaScript), and what a visitor
// typed before is kept (templates/components/forms/useForm.ts). A built page imports its entry, and
// so this, only once it has painted its main content and something scripted is near, or a visitor
// acts inside it (templates/islands/entry-loader.ts, put in the page by build/defer-entry.ts).
// Each page's +client.ts names only the islands it uses, as loaders, so a page ships the code of its
// own islands and nothing else. An island's shared props (data-shared, ./Island.tsx) are fetched
// alongside its code; if they cannot be had, that island stays as prerendered, which still works.
import type { ComponentType } from 'react'
import { whenNear } from './when-near.ts'

// biome-ignore lint: components take different props
export type IslandLoader = () => Promise<ComponentType<any>>

export function hydrateIslands(loaders: Record<string, IslandLoader>): void {
  const unseen = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => loaders[el.dataset.island ?? ''])
  // Islands on their way, each with its component's code and shared props already being fetched,
  // in the order they hydrate.
  const waiting: [HTMLElement, Promise<ComponentType<object>>, Promise<object>][] = []
  let running = false
  const run = async () => {
    running = true
    const react = import('./react-dom.ts')
    for (let next = waiting.shift(); next; next = waiting.shift()) {
      const [island, component, shared] = next
      try {
        const [{ createElement, hydrateRoot }, Component, sharedProps] = await Promise.all([react, component, shared])
        // React DOM's evaluation, or the island before, had the main thread: let the browser in between.
        await nextTask()
        hydrateRoot(island, createElement(Component, { ...(JSON.parse(island.dataset.props ?? '{}') as object), ...sharedProps }))
      } catch (error: unknown) {
        console.error(`islands: ${island.dataset.island} not hydrated`, error)
      }
    }
    running = false
  }
  const add = (element: Element, first = false) => {
    const at = unseen.indexOf(element as HTMLElement)
    if (at < 0) return // not an island of this page's, or already on its way
    const island = unseen.splice(at, 1)[0]!
    const entry: (typeof waiting)[number] = [island, loaders[island.dataset.island!]!(), fetchShared(island.dataset.shared)]
    // Handled where it is awaited (in run), not reported as unhandled before its turn.
    for (const promise of entry.slice(1) as Promise<unknown>[]) promise.catch(() => {})
    if (first) waiting.unshift(entry)
    else waiting.push(entry)
    if (!running) void run()
  }
  // The one a visitor is in goes first: the act that brought this script may have been inside it,
  // even out of view (a field focused without scrolling). Any later act inside an island is in view,
  // where the observer has already brought it.
  for (const island of [...unseen]) if (island.contains(document.activeElement)) add(island, true)
  whenNear([...unseen], (island) => add(island))
}

async function fetchShared(url: string | undefined): Promise<object> {
  if (!url) return {}
  const response = await fetch(url)
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return (await response.json()) as object
}

/** A promise that resolves in a later task: `scheduler.yield()` where there is one (it keeps the
 * page's priority), else a timer. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve))
}
