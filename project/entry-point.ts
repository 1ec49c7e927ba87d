// For a module that is both a library and a command: is it the file node was started with?
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * True when `moduleUrl` (the caller's import.meta.url) is the script node runs. Compares file paths,
 * not URLs: a URL spells a space or an accented letter with % escapes where argv does not. Links are
 * followed, so a script started through a symlinked folder still knows itself.
 */
export function isEntryPoint(moduleUrl: string, script: string | undefined = process.argv[1]): boolean {
  if (!script) return false
  return canonical(resolve(script)) === canonical(fileURLToPath(moduleUrl))
}

function canonical(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return file
  }
}
