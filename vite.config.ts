import mdx from '@mdx-js/rollup'
import react from '@vitejs/plugin-react'
import remarkFrontmatter from 'remark-frontmatter'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { browserRulesPlugin } from './forms/browser-rules-plugin.ts'
import { paths } from './project/paths.ts'

export default defineConfig({
  // Encoded images (and nothing else) are published from here; build/build.ts fills it.
  publicDir: paths.publicDir,
  // dedupe: MDX in a content folder outside the project still uses the project's React.
  resolve: { alias: { '@content': paths.contentDir }, dedupe: ['react', 'react-dom'] },
  plugins: [
    browserRulesPlugin(),
    // Front matter of legal texts is read and validated by model/load.ts; MDX just skips it.
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter] }) },
    react({ include: /\.(mdx|tsx?)$/ }),
    vike(),
  ],
  build: {
    target: 'es2022',
    // No <link rel=modulepreload> lists for an island's chunks: the loader fetches React itself as the
    // island's code arrives (templates/islands/hydrate.ts), and the lists cost bytes on every page.
    modulePreload: false,
    cssMinify: 'lightningcss',
    // The chunks every page with an island loads, in as few files as the pages share (each file
    // compresses on its own, so fewer files weigh less: the pages' JavaScript budget, docs/speed.md):
    // React with its JSX runtime and DOM renderer; the island loader; and what every form uses but
    // the browser checks (./forms/rules.ts, which the quotation form leaves to the service).
    // advancedChunks, not Rolldown's newer codeSplitting: with codeSplitting Vike adds a group for
    // CSS, which changes the order of the rules the pages inline. Rolldown's deprecation notice for
    // it is left out of the build's output (build/build.ts, quietBuildOutput).
    rollupOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|templates[\\/]islands[\\/]react-dom\.ts/ },
            { name: 'boot', test: /templates[\\/]islands[\\/](when-near|after-paint|hydrate|Island)|vite[\\/]preload-helper/ },
            {
              name: 'forms',
              test: /templates[\\/]components[\\/]forms[\\/](submit|useForm|fields|text|ProductField)|project[\\/]analytics/,
            },
          ],
        },
      },
      // Rolldown's table of the slowest plugins, in raw colour codes on every build, is for profiling
      // one; the build prints its own steps' times.
      checks: { bundlerTimings: false },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
})
