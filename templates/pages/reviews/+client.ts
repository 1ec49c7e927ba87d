import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ ReviewForm: () => import('../../components/forms/ReviewForm.tsx').then((m) => m.ReviewForm) })
