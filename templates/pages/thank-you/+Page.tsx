import { PageHero } from '../../components/PageHero.tsx'
import type { Data } from './+data.ts'

/** Where a form sent without JavaScript lands once the server has stored it. */
export default function Page({ page, homePath, productsPath, words }: Data) {
  return (
    <>
      <PageHero heading={page.heading} intro={page.intro} />
      <div className="section">
        <div className="container button-row">
          <a className="button" href={homePath}>
            {words.home}
          </a>
          <a className="button button-outline" href={productsPath}>
            {words.products}
          </a>
        </div>
      </div>
    </>
  )
}
