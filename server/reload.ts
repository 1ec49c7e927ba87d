// SIGHUP: the running service takes the build now in dist/ without a restart (systemd's
// `ExecReload=/bin/kill -HUP $MAINPID`; docs/deploy/server.md, "Reloading a new build"). The new request
// listener is made whole first (the site manifest with its formTypes and CSP hashes, every page
// indexed into memory, the headers, the editor's config, the inbox's pages) while the old one goes on
// answering; then one assignment puts it in place. The listening socket never closes, and each
// request is answered by one listener or the other from start to end, so none fails or is refused
// during the switch. A build that is not whole (a file its build-manifest.json lists is missing or
// differs, or it has no such list: server/site.ts, assertWholeBuild), cannot be read (an invalid
// manifest) or was built for another address leaves the old listener serving, and one error line
// in the log says why.
import fs from 'node:fs'
import type { RequestListener } from 'node:http'
import { distLayout } from '../project/paths.ts'
import { assertWholeBuild, readBuiltOrigin } from './site.ts'
import type { Logger } from './log.ts'

export interface ReloadableListener {
  /** For http.createServer: hands each request to the listener of the moment. */
  readonly listener: RequestListener
  /** Makes a listener from the build in dist/ and puts it in place; false (and a log line) when it could not. Never throws. */
  reload(): Promise<boolean>
}

export function reloadableListener(
  first: RequestListener,
  makeListener: () => RequestListener | Promise<RequestListener>,
  options: { logger: Logger; distDir: string; siteUrl: string },
): ReloadableListener {
  const { logger, distDir, siteUrl } = options
  let current = first
  let queue: Promise<unknown> = Promise.resolve()

  const reloadOnce = async (): Promise<boolean> => {
    const started = performance.now()
    try {
      await assertWholeBuild(distDir)
      // How long the check of every file's hash took: the log shows it grow with the site.
      const checkMs = Math.round(performance.now() - started)
      // The address is fixed at start-up (the allowed origins, mail domains, the editor's login all
      // follow from it): a build for another one needs a restart with that SITE_URL.
      const builtFor = readBuiltOrigin(distDir)
      if (builtFor !== undefined && builtFor !== siteUrl) {
        throw new Error(`the build in ${distDir} is for ${builtFor} but the service runs for ${siteUrl}: restart it to change address`)
      }
      const next = await makeListener()
      current = next
      logger.info(
        { distDir, builtAt: builtAtOf(distDir), ms: Math.round(performance.now() - started), checkMs },
        'reloaded: serving the build now in dist/',
      )
      return true
    } catch (error) {
      logger.error(
        { err: error, distDir },
        `reload failed, still serving the build loaded before: ${error instanceof Error ? error.message : String(error)}`,
      )
      return false
    }
  }

  return {
    listener: (req, res) => current(req, res),
    // One at a time: a second signal during a reload waits for it, then reads dist/ again.
    reload: () => {
      const result = queue.then(reloadOnce)
      queue = result
      return result
    },
  }
}

/** When the build being served was made (its manifest's builtAt), for the log: which build is live. */
function builtAtOf(distDir: string): string | undefined {
  try {
    const { builtAt } = JSON.parse(fs.readFileSync(distLayout(distDir).siteManifest, 'utf8')) as { builtAt?: unknown }
    return typeof builtAt === 'string' ? builtAt : undefined
  } catch {
    return undefined
  }
}
