import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ QuoteForm: () => import('../../components/quote/QuoteForm.tsx').then((m) => m.QuoteForm) })
