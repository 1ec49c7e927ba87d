// package-lock.json is complete: every dependency of every locked package resolves to a locked
// package, the optional native binaries of other platforms included (rollup's, Biome's, sharp's).
// `npm ci` (the Dockerfile, the workflow's content check) refuses a lock that misses one, and a lock
// written where the registry listed only this machine's binaries misses them on macOS and Windows.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paths } from '../../../project/paths.ts'

interface LockedPackage {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
interface Lock {
  lockfileVersion: number
  packages: Record<string, LockedPackage>
}

const lock = JSON.parse(readFileSync(join(paths.root, 'package-lock.json'), 'utf8')) as Lock

/** Where Node (and npm) finds `name` from the package at `location`: its own node_modules, then each parent's. */
function resolve(packages: Lock['packages'], location: string, name: string): string | undefined {
  let dir = location
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
    if (candidate in packages) return candidate
    if (!dir) return undefined
    const parent = dir.lastIndexOf('/node_modules/')
    dir = parent === -1 ? '' : dir.slice(0, parent)
  }
}

/** Each dependency that does not resolve, as 'location → name'. */
function unresolved(packages: Lock['packages']): string[] {
  const missing: string[] = []
  for (const [location, pkg] of Object.entries(packages)) {
    const names = [
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      // Only the project's own development dependencies are installed.
      ...(location === '' ? Object.keys(pkg.devDependencies ?? {}) : []),
    ]
    for (const name of names) {
      if (!resolve(packages, location, name)) missing.push(`${location || '(the project)'} → ${name}`)
    }
  }
  return missing
}

describe('package-lock.json', () => {
  it('is a version 3 lock', () => {
    expect(lock.lockfileVersion).toBe(3)
  })

  it('locks every dependency of every package, other platforms’ optional binaries included', () => {
    expect(unresolved(lock.packages)).toEqual([])
    // The families that have bitten: each lists macOS and Windows beside Linux.
    expect(Object.keys(lock.packages)).toEqual(
      expect.arrayContaining(
        ['@rollup/rollup-darwin-arm64', '@rollup/rollup-win32-x64-msvc', '@biomejs/cli-darwin-arm64'].map((n) => `node_modules/${n}`),
      ),
    )
  })

  it('names what is missing (the check does check)', () => {
    const packages = structuredClone(lock.packages)
    delete packages['node_modules/@rollup/rollup-darwin-arm64']
    expect(unresolved(packages)).toEqual(['node_modules/rollup → @rollup/rollup-darwin-arm64'])
    // A copy nested under its dependent resolves it too.
    packages['node_modules/rollup/node_modules/@rollup/rollup-darwin-arm64'] = {}
    expect(unresolved(packages)).toEqual([])
  })
})
