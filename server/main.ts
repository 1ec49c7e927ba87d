// Entry point of `npm start`: configuration, the site build if it is missing or stale, then the
// server; SIGTERM or SIGINT shuts it down gracefully.
import path from 'node:path'
import { paths } from '../project/paths.ts'
import { runBuild, staleReason } from './build-freshness.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { createJsonLogger, describeError } from './log.ts'
import { SiteError } from './site.ts'
import { startServer } from './start.ts'

const logger = createJsonLogger()

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee README.md, "Enquiry service" › "Configuration", for every variable.\n`)
      process.exit(1)
    }
    throw error
  }

  if (config.buildOnStart) {
    const ownDist = path.join(paths.root, 'dist')
    if (config.distDir !== ownDist) {
      logger.info('DIST_DIR is not the build output; not building', { distDir: config.distDir })
    } else {
      const reason = staleReason(paths.root, config.distDir)
      if (reason) {
        logger.info('building the site before starting', { reason })
        await runBuild(paths.root)
      }
    }
  }

  const running = await startServer(config, { logger })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info('shutting down', { signal })
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', describeError(error))
          process.exit(1)
        },
      )
    })
  }
}

main().catch((error: unknown) => {
  if (error instanceof SiteError) process.stderr.write(`${error.message}\n`)
  else logger.error('start-up failed', describeError(error))
  process.exit(1)
})
