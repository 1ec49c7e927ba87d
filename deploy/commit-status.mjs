// @ts-check
// Reports a pull request's preview to GitHub as a commit status on the pull request's head commit
// (docs/deploy/workflow.md, "A preview of every pull request"). Decap's editorial workflow shows "View preview"
// with the status's link: its GitHub backend reads the head commit's combined status
// (GET /repos/{repo}/commits/{sha}/status) and takes the first status whose context contains "deploy"
// (decaporg/decap-cms: packages/decap-cms-backend-github/src/implementation.tsx, getDeployPreview;
// packages/decap-cms-lib-util/src/API.ts, isPreviewContext). So the context here is "deploy/preview".
// Check runs, which Actions jobs make, are not statuses: Decap does not see them.
//
//   node deploy/commit-status.mjs <pending|success|failure|error> [url | netlify-deploy.json]
//
// The second argument is the preview's address, or the file `netlify deploy --json` wrote (its
// deploy_url). Reads GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_TOKEN and PREVIEW_SHA (the head commit:
// on a pull_request event GITHUB_SHA is a merge commit, which Decap never asks about).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const PREVIEW_CONTEXT = 'deploy/preview'

const DESCRIPTIONS = {
  pending: 'Building the preview of this change',
  success: 'Preview of this change: the site as it would be after the merge',
  failure: 'The preview could not be built: see the workflow run',
  error: 'The preview could not be published: see the workflow run',
}

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<string>} what was reported
 */
export async function reportPreview(args, env) {
  const [state, where] = args
  if (!state || !(state in DESCRIPTIONS) || args.length > 2)
    throw new Error('Usage: node deploy/commit-status.mjs <pending|success|failure|error> [url | netlify-deploy.json]')
  const missing = ['GITHUB_API_URL', 'GITHUB_REPOSITORY', 'GITHUB_TOKEN', 'PREVIEW_SHA'].filter((name) => !env[name])
  if (missing.length > 0) throw new Error(`${missing.join(', ')} must be set (the workflow sets them)`)
  let targetUrl
  if (where) targetUrl = /^https?:\/\//.test(where) ? where : JSON.parse(readFileSync(where, 'utf8')).deploy_url
  if (state === 'success' && !targetUrl) throw new Error(`success needs the preview's address (got ${where ?? 'none'})`)
  if (targetUrl !== undefined && (typeof targetUrl !== 'string' || !URL.canParse(targetUrl)))
    throw new Error(`not an address: ${String(targetUrl)}`)
  const response = await fetch(`${env.GITHUB_API_URL}/repos/${env.GITHUB_REPOSITORY}/statuses/${env.PREVIEW_SHA}`, {
    method: 'POST',
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${env.GITHUB_TOKEN}`,
      'content-type': 'application/json',
      'x-github-api-version': '2022-11-28',
    },
    body: JSON.stringify({
      state,
      context: PREVIEW_CONTEXT,
      description: DESCRIPTIONS[/** @type {keyof typeof DESCRIPTIONS} */ (state)],
      ...(targetUrl ? { target_url: targetUrl } : {}),
    }),
  })
  if (response.status !== 201) throw new Error(`GitHub refused the status: ${response.status} ${await response.text()}`)
  return `${PREVIEW_CONTEXT}: ${state}${targetUrl ? ` ${targetUrl}` : ''}`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  reportPreview(process.argv.slice(2), process.env).then(
    (line) => console.log(line),
    (error) => {
      console.error(error instanceof Error ? error.message : String(error))
      process.exit(1)
    },
  )
}
