// React and its DOM renderer as one ES module, for the island loader's import (./hydrate.ts). React is
// published as CommonJS: imported from here, the CommonJS helpers stay inside React's own chunk (the
// `react` group in vite.config.ts) instead of a file of their own that every page with an island
// also loads (the pages' JavaScript budget, docs/speed.md).
export { createElement } from 'react'
export { hydrateRoot } from 'react-dom/client'
