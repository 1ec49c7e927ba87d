// Hydrates the islands a page contains. A built page imports its entry (and so this) only once it
// has loaded and painted its main content, or once a visitor acts (templates/islands/entry-loader.ts,
// put in the page by scripts/defer-entry.ts): neither this code nor the chunks it imports compete
// with the page's main picture for the network or the main thread, so there is nothing left to wait
// for here. The prerendered forms work before then (they post without JavaScript too).
// Each page's +client.ts names only the islands it uses, as loaders, so a page ships the code of its
// own islands and nothing else.
import type { ComponentType } from 'react'

// biome-ignore lint: components take different props
export type IslandLoader = () => Promise<ComponentType<any>>

export function hydrateIslands(loaders: Record<string, IslandLoader>): void {
  hydrate(loaders).catch((error: unknown) => console.error('islands: hydration failed', error))
}

async function hydrate(loaders: Record<string, IslandLoader>): Promise<void> {
  const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((el) => loaders[el.dataset.island ?? ''])
  if (islands.length === 0) return
  const [{ createElement }, { hydrateRoot }, components] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    Promise.all(islands.map((el) => loaders[el.dataset.island!]!())),
  ])
  islands.forEach((el, i) => {
    hydrateRoot(el, createElement(components[i]!, JSON.parse(el.dataset.props ?? '{}') as object))
  })
}
