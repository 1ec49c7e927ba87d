import { createElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { Counter } from '../../islands/Counter'
for (const el of document.querySelectorAll<HTMLElement>('[data-island="Counter"]')) {
  hydrateRoot(el, createElement(Counter, JSON.parse(el.dataset.props ?? '{}')))
}
