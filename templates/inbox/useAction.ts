// What every inbox page does when someone acts: the page's controls disabled while one action runs,
// then its news or its refusal shown (by StatusMessages, beside this file) until the next action's
// outcome replaces it: news on success, the refusal alone on failure, never the last action's news
// beside this one's refusal.
import { useCallback, useState } from 'react'

export interface Action<News> {
  /** True while an action runs; the page's controls are disabled meanwhile. */
  busy: boolean
  /** What the last action that had something to say did. */
  news: News | undefined
  /** Why the last action, or the loading of the page's data, was refused. */
  error: string | undefined
  /** Shows a refusal from elsewhere than an action: the page's data not loaded, a check before any request. */
  setError: (message: string | undefined) => void
  /**
   * Runs one action, then `reload` (the page's data read again) once it has worked. Its news shows
   * after both; it may answer undefined, having nothing to say (the last news stays). If it throws,
   * its message is the refusal.
   */
  act: (work: () => Promise<News | undefined>, reload?: () => Promise<unknown>) => Promise<void>
  /** Runs an action that answers with the next page's address, and goes there; the controls stay disabled while the browser leaves. */
  actThenGo: (work: () => Promise<string>) => Promise<void>
}

export function useAction<News = string>(): Action<News> {
  const [busy, setBusy] = useState(false)
  const [news, setNews] = useState<News>()
  const [error, setError] = useState<string>()
  const run = useCallback(async (work: () => Promise<{ news?: News | undefined; leave?: string }>) => {
    setBusy(true)
    setError(undefined)
    try {
      const outcome = await work()
      if (outcome.news !== undefined) setNews(() => outcome.news)
      if (outcome.leave === undefined) setBusy(false)
      else window.location.assign(outcome.leave)
    } catch (e) {
      setNews(undefined)
      setError((e as Error).message)
      setBusy(false)
    }
  }, [])
  const act = useCallback(
    (work: () => Promise<News | undefined>, reload?: () => Promise<unknown>) =>
      run(async () => {
        const news = await work()
        await reload?.()
        return { news }
      }),
    [run],
  )
  const actThenGo = useCallback((work: () => Promise<string>) => run(async () => ({ leave: await work() })), [run])
  return { busy, news, error, setError, act, actThenGo }
}
