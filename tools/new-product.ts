// `npm run new:product -- <slug> ["Display Name"]` writes content/products/<slug>.yaml: a valid
// starting point for a new agro product that the staff then edit. The placeholders are true but
// generic, so a forgotten one never shows a wrong fact. The "# EDIT" notes below are for whoever
// changes this template: the file itself is written in the editor's layout (no comments), as
// `npm run format:content` and the browser editor write it.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parse } from 'yaml'
import { canonicalYaml } from '../model/canonical-yaml.ts'
import { productKeyOrder } from '../model/format-content.ts'
import { enquiryFormType, productPath, productSchema } from '../model/schema.ts'
import { paths } from '../project/paths.ts'

const productsDir = join(paths.contentDir, 'products')

function fail(message: string): never {
  console.error(`\n✗ ${message}\n`)
  process.exit(1)
}

const [slug, nameArg] = process.argv.slice(2)
if (!slug) {
  fail(
    'Please give the new product a short name for its file and web address, for example:\n' +
      '    npm run new:product -- green-chilli\n' +
      'or, with the name visitors read:\n' +
      '    npm run new:product -- green-chilli "Green Chilli"',
  )
}
if (!/^[a-z0-9][a-z0-9-]*$/.test(slug) || slug.endsWith('-') || slug.includes('--')) {
  fail(
    `"${slug}" cannot be used as a product's file name.\n` +
      '  Use lower-case letters (a–z), digits and single dashes only, e.g. green-chilli or sesame-seeds.',
  )
}

const file = join(productsDir, `${slug}.yaml`)
const shownFile = relative(paths.root, file) || file
if (existsSync(file)) {
  fail(`${shownFile} already exists. Edit that file, or choose another name for the new product.`)
}

/** green-chilli → Green Chilli */
const name =
  nameArg?.trim() ||
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
if (/^[0-9]/.test(slug)) fail(`"${slug}" must start with a letter, e.g. sesame-seeds rather than 1-sesame.`)
// Neither is written in the file: they follow from its name (model/schema.ts), as for a product
// added in the browser editor.
const formType = enquiryFormType(slug)
const path = productPath(slug)

// What the existing products already use: the new one goes last and must not share a path or formType.
let lastOrder = 0
for (const other of existsSync(productsDir) ? readdirSync(productsDir) : []) {
  if (!/\.ya?ml$/.test(other)) continue
  let data: Record<string, unknown> | undefined
  try {
    const parsed = productSchema.safeParse(parse(readFileSync(join(productsDir, other), 'utf8')))
    if (parsed.success) data = parsed.data
  } catch {
    // not YAML
  }
  if (!data) continue // a broken file is reported by check:content, not here
  if (typeof data.order === 'number') lastOrder = Math.max(lastOrder, data.order)
  const paths = [data.path, ...(Array.isArray(data.aliases) ? data.aliases : [])].map((p) => String(p).toLowerCase())
  if (paths.includes(path.toLowerCase())) {
    fail(`The address ${path} already belongs to content/products/${other}. Choose another name for the new product.`)
  }
  if (data.formType === formType) {
    fail(`The form name ${formType} is already used by content/products/${other}. Choose another name for the new product.`)
  }
}
const order = lastOrder + 1

const q = (text: string) => JSON.stringify(text)
/** A line with its comment lined up, as in the hand-written product files. */
const c = (line: string, comment: string) => `${line.padEnd(32)} # ${comment}`

const yamlText = `# products/${slug}.yaml — the ${name} product page.
# Made by "npm run new:product". Every line marked EDIT holds placeholder text: replace it with
# the real facts of ${name}. Every field is explained in content/FIELDS.md.
# Text with a colon (:) goes inside "double quotes".

kind: agro                       # do not change: an agro / spice product page
${c(`slug: ${slug}`, 'must equal the file name (without .yaml)')}
name: ${q(name)}
${c(`menuLabel: ${q(name)}`, 'EDIT if menus should say more, e.g. "Black Pepper (Kali Mirch)"')}
${c(`order: ${order}`, 'position in menus and lists; this product comes last')}

subtitle: ${q(`${name} from India, cleaned, graded and packed for bulk buyers.`)}   # EDIT
summary: ${q(`${name} from India, supplied in bulk for export. Specifications and packing on request.`)}   # EDIT (at most 200 characters)

image:
  src: products/${slug}.jpg       # put the photo at content/images/products/${slug}.jpg
  alt: ${q(`${name} in bulk`)}   # EDIT: describe what the photo shows

# The facts grid beside the photo, in this order.
facts:
  - label: "Quantity"
    value: "Available on Request"
  - label: "Container"
    value: "20 ft / Bulk"
  - label: "Business Type"
    value: "Manufacturer, Exporter, Supplier"
  - label: "Color"
    value: "Natural"                # EDIT
  - label: "Packaging Type"
    value: "25 / 50 kg PP Bags"     # EDIT
  - label: "Country of Origin"
    value: "India"

# The Specifications table under Product Details. Add or remove rows as needed.
specifications:
  - label: "Form"
    value: "As per buyer's requirement"   # EDIT
  - label: "Moisture"
    value: "On request"             # EDIT
  - label: "Shelf Life"
    value: "On request"             # EDIT
  - label: "Packing"
    value: "25 / 50 kg PP bags"     # EDIT

# Product Applications: 4 to 6 uses, each with a title and one line.
applications:
  - title: "Wholesale and Trading"
    text: ${q(`Bulk ${name} for importers, wholesalers and distributors.`)}   # EDIT
  - title: "Food Processing"
    text: ${q(`Raw material for food manufacturers and processors.`)}   # EDIT
  - title: "Retail Packs"
    text: ${q(`Repacked by buyers for supermarkets and retail stores.`)}   # EDIT

packing:
  packing: "25 / 50 kg PP bags, or as agreed with the buyer."   # EDIT
  storage: "Store in a cool, dry, well-ventilated place away from direct sunlight and moisture."
  shelfLife: "On request"           # EDIT

seo:
  title: ${q(`${name} Exporter from India | Bulk Supply`)}   # EDIT (at most 70 characters)
  description: ${q(`Bulk ${name} from India, supplied by a manufacturer, supplier and exporter. Send an enquiry for specifications and a quotation.`)}   # EDIT (at most 170 characters)
  keywords:
    - ${q(`${name.toLowerCase()} exporter`)}
    - ${q(`bulk ${name.toLowerCase()}`)}
    - ${q(`${name.toLowerCase()} India`)}
`

// Check the file against the same rules as check:content before writing it.
const result = productSchema.safeParse(parse(yamlText))
if (!result.success) {
  const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
  fail(`The new file would not be valid, so nothing was written:\n${problems}\n  Try a shorter name for the product.`)
}

writeFileSync(file, canonicalYaml(parse(yamlText), productKeyOrder('agro')), { flag: 'wx' })
console.log(`
✓ Created ${shownFile}
  Page address: ${path}   Enquiry form: ${formType}   Menu position: ${order}

Next steps:
  1. Replace the placeholder texts with the real facts of ${name}: in the browser editor
     (npm run edit, then "Spice and agro products" → ${name}), or in ${shownFile}.
  2. Add a photo as content/images/products/${slug}.jpg (JPEG, at least 1600 px wide).
  3. Run  npm run check:content  and fix anything it lists.
  4. Run  npm run dev  and open http://localhost:3000${path} to see the page.
The menu, footer, sitemap, products list and forms pick up the new product automatically.
`)
