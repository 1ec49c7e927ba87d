// Remote editing's settings (docs/editing.md): the browser editor on the live site saves through
// GitHub pull requests, after a GitHub login handled by server/editor/oauth.ts. The variables are
// declared (and documented) with the others in server/config.ts; this decides whether they make a
// whole: the repository and both OAuth values, or none of them. Without them /admin/ explains how to
// turn remote editing on.
export interface CmsRemoteConfig {
  /** owner/name of the site's repository. */
  repo: string
  branch: string
  clientId: string
  clientSecret: string
  /** GitHub's web origin (its login and token endpoints); another only for GitHub Enterprise or tests. */
  githubUrl: string
}

export const GITHUB_REPO = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/

interface CmsVariables {
  CMS_GITHUB_REPO?: string | undefined
  CMS_GITHUB_BRANCH: string
  GITHUB_OAUTH_CLIENT_ID?: string | undefined
  GITHUB_OAUTH_CLIENT_SECRET?: string | undefined
  GITHUB_OAUTH_URL: string
}

export function cmsRemoteConfig(e: CmsVariables): { config: CmsRemoteConfig | undefined; problems: string[] } {
  const needed = {
    CMS_GITHUB_REPO: e.CMS_GITHUB_REPO,
    GITHUB_OAUTH_CLIENT_ID: e.GITHUB_OAUTH_CLIENT_ID,
    GITHUB_OAUTH_CLIENT_SECRET: e.GITHUB_OAUTH_CLIENT_SECRET,
  }
  const missing = Object.entries(needed)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k)
  if (missing.length === 3) return { config: undefined, problems: [] }
  if (missing.length > 0) {
    return {
      config: undefined,
      problems: missing.map(
        (key) =>
          `${key}: remote editing needs it too (set all of CMS_GITHUB_REPO, GITHUB_OAUTH_CLIENT_ID and GITHUB_OAUTH_CLIENT_SECRET, or none)`,
      ),
    }
  }
  return {
    config: {
      repo: e.CMS_GITHUB_REPO!,
      branch: e.CMS_GITHUB_BRANCH,
      clientId: e.GITHUB_OAUTH_CLIENT_ID!,
      clientSecret: e.GITHUB_OAUTH_CLIENT_SECRET!,
      githubUrl: e.GITHUB_OAUTH_URL,
    },
    problems: [],
  }
}
