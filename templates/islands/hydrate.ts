// Hydrates the islands a page contains, each when it is near the viewport or a visitor focuses or
// presses inside it (./when-near.ts), one per task, so a page whose forms a visitor never reaches
// runs no React at all. The prerendered forms work before then (they post without JavaScript), and
// what a visitor typed before is kept (templates/components/forms/useForm.ts). A built page imports
// its entry, and so this, only once it has painted its main content and something scripted is near
// (templates/islands/entry-loader.ts, put in the page by scripts/defer-entry.ts).
// Each page's +client.ts names only the islands it uses, as loaders, so a page ships the code of its
// own islands and nothing else.
import type { ComponentType } from 'react'
import { onActInside, whenNear } from './when-near.ts'

// biome-ignore lint: components take different props
export type IslandLoader = () => Promise<ComponentType<any>>

export function hydrateIslands(loaders: Record<string, IslandLoader>): void {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => loaders[el.dataset.island ?? ''])
  if (islands.length === 0) return
  const queue = hydrationQueue(loaders)
  const add = (element: Element, urgent = false) => {
    if (islands.includes(element as HTMLElement)) queue.add(element as HTMLElement, urgent)
  }
  // The one a visitor is in goes first: the act that brought this script may have been inside it.
  for (const island of islands) if (island.contains(document.activeElement)) add(island, true)
  onActInside('[data-island]', (island) => add(island, true))
  whenNear(islands, (island) => add(island))
}

/** Hydrates the islands added to it in order (urgent ones first), each in a task of its own. */
function hydrationQueue(loaders: Record<string, IslandLoader>) {
  const waiting: HTMLElement[] = []
  const components = new Map<HTMLElement, Promise<ComponentType<object>>>()
  let running = false

  const run = async () => {
    if (running) return
    running = true
    try {
      const [{ createElement }, { hydrateRoot }] = await Promise.all([import('react'), import('react-dom/client')])
      for (let island = waiting.shift(); island; island = waiting.shift()) {
        const Component = await components.get(island)!
        // React DOM's evaluation, or the island before, had the main thread: let the browser in between.
        await nextTask()
        hydrateRoot(island, createElement(Component, JSON.parse(island.dataset.props ?? '{}') as object))
      }
    } catch (error: unknown) {
      console.error('islands: hydration failed', error)
    } finally {
      running = false
    }
  }

  return {
    add(island: HTMLElement, urgent: boolean) {
      const at = waiting.indexOf(island)
      if (components.has(island) && at < 0) return // hydrated, or being hydrated
      if (at >= 0) waiting.splice(at, 1)
      if (urgent) waiting.unshift(island)
      else waiting.push(island)
      if (!components.has(island)) components.set(island, loaders[island.dataset.island!]!())
      void run()
    },
  }
}

/** A promise that resolves in a later task: `scheduler.yield()` where there is one (it keeps the
 * page's priority), else a message to itself, which no paused test clock holds back. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}
