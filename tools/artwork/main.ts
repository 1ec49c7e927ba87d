// `npm run artwork`: the site's stand-in artwork, made from the content into content/images/: a
// polished slab for every granite shade (from its `colours`), the Granite Collection's fan of
// slabs, a still-life for each product that has a drawing, the home page's quick-enquiry picture
// and the logo. Deterministic (seeded), so a re-run gives identical files. Each picture stands in
// for a photo: the owner swaps one in by replacing the file under the same name.
//
//   npm run artwork                    everything
//   npm run artwork -- granite clove   only the pictures whose path contains one of the words
import { ContentError, formatProblems, loadContent } from '../../model/load.ts'
import { paths } from '../../project/paths.ts'
import { graniteBoard, quickEnquiry } from './boards.ts'
import { graniteShadeImage } from './granite.ts'
import { logos } from './logo.ts'
import { hasProductScene, productImage } from './products.ts'

type Job = [name: string, make: () => Promise<void>]

function artworkJobs(): { jobs: Job[]; notes: string[] } {
  // The artwork makes the images, so content may name pictures that are not there yet.
  const content = loadContent(paths.contentDir, { requireImages: false })
  const jobs: Job[] = []
  const notes: string[] = []
  const jpeg = (src: string) => {
    if (/\.jpe?g$/i.test(src)) return true
    notes.push(`${src} is not a JPEG file name: left alone`)
    return false
  }

  // The shades come first: the sample board and the enquiry picture are made from them.
  const shades = content.graniteShades.filter((s) => jpeg(s.image.src))
  for (const shade of shades) jobs.push([shade.image.src, () => graniteShadeImage(shade)])
  const collection = content.products.find((p) => p.kind === 'graniteCollection')
  if (collection && shades.length > 0 && jpeg(collection.image.src)) {
    jobs.push([collection.image.src, () => graniteBoard(collection, shades)])
  }
  for (const product of content.agroProducts) {
    if (!hasProductScene(product.slug)) {
      notes.push(`${product.image.src}: no drawing of ${product.name} in tools/artwork/products.ts; add a photo under that name`)
    } else if (jpeg(product.image.src)) {
      jobs.push([product.image.src, () => productImage(product)])
    }
  }
  const enquiryPicture = content.home.quickEnquiry.image
  const slab = shades.find((s) => s.slug === 'NeoGalaxy') ?? shades[0]
  if (slab && jpeg(enquiryPicture.src)) jobs.push([enquiryPicture.src, () => quickEnquiry(enquiryPicture, slab)])
  const { logo, icon } = content.site
  if ([logo.src, icon.src].every((src) => /\.svg$/i.test(src))) jobs.push([`${logo.src} ${icon.src}`, () => logos(content.site)])
  else notes.push(`${logo.src}, ${icon.src}: the logo is drawn as SVG only; left alone`)
  return { jobs, notes }
}

try {
  const { jobs, notes } = artworkJobs()
  const only = process.argv.slice(2)
  const wanted = (name: string) => only.length === 0 || only.some((w) => name.toLowerCase().includes(w.toLowerCase()))
  for (const [name, make] of jobs) if (wanted(name)) await make()
  for (const note of notes) console.log(`artwork: ${note}`)
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(`Artwork not made: ${error.problems.length} problem(s) in content:\n${formatProblems(error.problems)}`)
  process.exit(1)
}
