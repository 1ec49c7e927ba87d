// Remote editing's settings (docs/editing.md): the browser editor on the live site saves through
// GitHub pull requests, after a GitHub login handled by server/admin-cms/oauth.ts. All four
// variables or none: without them /admin/ explains how to turn remote editing on.
export interface CmsRemoteConfig {
  /** owner/name of the site's repository. */
  repo: string
  branch: string
  clientId: string
  clientSecret: string
  /** GitHub's web address (its login and token endpoints); another only in tests. */
  githubUrl: string
}

const REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/

/** Reads CMS_GITHUB_REPO, CMS_GITHUB_BRANCH, GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET (and GITHUB_OAUTH_URL). */
export function loadCmsRemoteConfig(env: NodeJS.ProcessEnv): { config: CmsRemoteConfig | undefined; problems: string[] } {
  const value = (key: string) => env[key]?.trim() || undefined
  const repo = value('CMS_GITHUB_REPO')
  const clientId = value('GITHUB_OAUTH_CLIENT_ID')
  const clientSecret = value('GITHUB_OAUTH_CLIENT_SECRET')
  const given = { CMS_GITHUB_REPO: repo, GITHUB_OAUTH_CLIENT_ID: clientId, GITHUB_OAUTH_CLIENT_SECRET: clientSecret }
  const missing = Object.entries(given)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k)
  if (missing.length === 3) return { config: undefined, problems: [] }
  const problems = missing.map(
    (key) =>
      `${key}: remote editing needs it too (set all of CMS_GITHUB_REPO, GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET, or none)`,
  )
  if (repo && !REPO.test(repo)) problems.push(`CMS_GITHUB_REPO: must be owner/name, e.g. acme/website (got "${repo}")`)
  const githubUrl = value('GITHUB_OAUTH_URL') ?? 'https://github.com'
  if (!/^https?:\/\/[^/]+$/.test(githubUrl))
    problems.push(`GITHUB_OAUTH_URL: must be an origin such as https://github.com (got "${githubUrl}")`)
  if (problems.length > 0) return { config: undefined, problems }
  return {
    config: { repo: repo!, branch: value('CMS_GITHUB_BRANCH') ?? 'main', clientId: clientId!, clientSecret: clientSecret!, githubUrl },
    problems: [],
  }
}
