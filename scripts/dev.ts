// `npm run dev`: a live preview for editing content and templates. Pages re-render on every change;
// forms post to the enquiry service, which runs in the same process on embedded defaults.
import { paths } from '../project/paths.ts'
import { buildImages } from './build-images.ts'

await buildImages({ imagesDir: paths.contentImagesDir, outDir: paths.imagesOut, manifestPath: paths.imageManifest, cachePath: paths.imageCache })

const { loadConfig } = await import('../server/config.ts')
const { startServer } = await import('../server/start.ts')
const port = Number(process.env.PORT ?? 3000)
// The enquiry service listens beside the preview; Vite forwards /api to it.
const api = await startServer(loadConfig({ ...process.env, PORT: String(port + 1), HOST: '127.0.0.1', BUILD_ON_START: 'false' }, paths.root))

const { dev } = await import('vike/api')
const { viteServer } = await dev({
  viteConfig: { root: paths.root, server: { port, host: '127.0.0.1', proxy: { '/api': api.url } } },
})
await viteServer.listen()
viteServer.printUrls()
