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
    cssMinify: 'lightningcss',
    // React, its JSX runtime and the CommonJS helper they share in one file: every island loads all
    // three, and one file compresses smaller than three (the pages' JavaScript budget, docs/speed.md).
    // advancedChunks, not Rolldown's newer codeSplitting: with codeSplitting Vike adds a group for
    // CSS, which changes the order of the rules the pages inline. Rolldown's deprecation notice for
    // it is left out of the build's output (build/build.ts, quietBuildOutput).
    rollupOptions: {
      output: { advancedChunks: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] } },
      // Rolldown's table of the slowest plugins, in raw colour codes on every build, is for profiling
      // one; the build prints its own steps' times.
      checks: { bundlerTimings: false },
    },
  },
  server: { port: Number(process.env.PORT ?? 3000) },
})
