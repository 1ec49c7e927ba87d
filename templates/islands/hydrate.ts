// Hydrates the islands a page contains. Each page's +client.ts passes only the components it uses,
// so a page ships the code of its own islands and nothing else.
import { type ComponentType, createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'

// biome-ignore lint: components take different props
export function hydrateIslands(components: Record<string, ComponentType<any>>): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = el.dataset.island ?? ''
    const component = components[name]
    if (!component) continue
    const props = JSON.parse(el.dataset.props ?? '{}') as object
    hydrateRoot(el, createElement(component, props))
  }
}
