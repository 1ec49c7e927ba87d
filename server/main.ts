// The enquiry service's process: configuration, logger, server; SIGTERM or SIGINT shuts it down
// gracefully within SHUTDOWN_TIMEOUT_SECONDS; SIGHUP serves a new build without a restart. `npm run build` compiles this file to
// dist/service/main.js, which `npm start` (server/launch.mjs) and the Docker image run with plain
// node. It never builds the site: see server/launch.mjs for that.
import { ConfigError, DOCS, loadConfig, type Config } from './config.ts'
// pino's asynchronous stdout is flushed synchronously on process.exit (pino registers that itself).
import { createLogger } from './log.ts'
import { SiteError } from './site.ts'
import { startServer } from './start.ts'
import { DataDirError } from './store/sqlite.ts'

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger({ level: config.logLevel })
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception')
    process.exit(1)
  })
  process.on('unhandledRejection', (error) => {
    logger.fatal({ err: error }, 'unhandled promise rejection')
    process.exit(1)
  })

  let running: Awaited<ReturnType<typeof startServer>> | undefined
  // SIGHUP serves the build now in dist/ (server/reload.ts). Listened for from here on: unhandled,
  // it would end the process.
  process.on('SIGHUP', () => {
    if (running) void running.reload()
    else logger.warn('SIGHUP before the service listens: ignored (it is reading dist/ now)')
  })
  try {
    running = await startServer(config, { logger })
  } catch (error) {
    if (error instanceof SiteError || error instanceof DataDirError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      logger.fatal({ err: error }, `cannot listen on ${config.host ?? 'all interfaces'} port ${config.port}: set PORT or HOST (${DOCS})`)
      process.exit(1)
    }
    throw error
  }

  const service = running
  let stoppingSince: number | undefined
  function stop(signal: NodeJS.Signals) {
    if (stoppingSince !== undefined) {
      // Ctrl-C in a terminal reaches both npm and node, and npm passes it on: one press, two signals.
      // A press a second later is a person insisting.
      if (Date.now() - stoppingSince < 1000) return
      logger.warn({ signal }, 'second signal: exiting now')
      process.exit(1)
    }
    stoppingSince = Date.now()
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down')
    // The last resort, should something not let go: the process ends within the timeout regardless.
    setTimeout(() => {
      logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish in time: exiting')
      process.exit(1)
    }, config.shutdownTimeoutMs).unref()
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
