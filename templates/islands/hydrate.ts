// Hydrates the islands a page contains once the page has loaded and painted its main content. The
// built pages load this entry only after that paint (templates/islands/entry-loader.ts, put in the
// page by scripts/defer-entry.ts), so neither it nor the chunks it imports compete with the page's
// main picture for the network or the main thread; the wait here covers the pages as the preview
// serves them, and is over at once when the loader already waited. The prerendered forms work
// before then (they post without JavaScript too).
// Each page's +client.ts names only the islands it uses, as loaders, so a page ships the code of its
// own islands and nothing else.
import type { ComponentType } from 'react'
import { afterPagePaint } from './after-paint.ts'

export { afterPagePaint }
// biome-ignore lint: components take different props
export type IslandLoader = () => Promise<ComponentType<any>>

export function hydrateIslands(loaders: Record<string, IslandLoader>): void {
  afterPagePaint(() => hydrate(loaders).catch((error: unknown) => console.error('islands: hydration failed', error)))
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
