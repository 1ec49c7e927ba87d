import { hydrateIslands } from '../../islands/hydrate.ts'

hydrateIslands({ ContactForm: () => import('../../components/forms/ContactForm.tsx').then((m) => m.ContactForm) })
