import { ReviewForm } from '../../components/forms/ReviewForm.tsx'
import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ ReviewForm })
