// content/interface.yaml: the interface words the page templates write around the content (headings
// of fixed sections, buttons, labels read aloud, notices), in English, the reference every
// translation (interface.ar.yaml …) follows. Grouped by where they show. A value with a variable
// part names it in braces, {product}: the page puts the product's name there, wherever the
// translation puts it, since word order differs per language. A value may use only the placeholders
// its English reference uses (each field below lists them), so a misspelt {prodcut} is an error,
// not a visible brace on the page. The `forms:` section is the forms' own (their labels and messages).
import { z } from 'zod'
import { formsInterfaceSchema } from './interface-forms.ts'
import { words } from './fields.ts'

/** The {name} placeholders a value may use: those of its English reference. */
function withPlaceholders(...names: string[]) {
  const allowed = names.map((n) => `\\{${n}\\}`).join('|')
  // No flags: the pattern is exported to JSON Schema, so editors check it too.
  const pattern = new RegExp(allowed ? `^(?:[^{}]|${allowed})*$` : '^[^{}]*$')
  const message = names.length
    ? `Only these placeholders, written exactly so: ${names.map((n) => `{${n}}`).join(', ')} (no other { or })`
    : 'No {…} placeholders here, and no { or }'
  return words.regex(pattern, message).meta({ patternErrorMessage: message })
}

/** A string with no placeholder, shown `where`. */
const shown = (where: string) => withPlaceholders().meta({ description: where })
/** A string with placeholders, shown `where` (the description says what each placeholder becomes). */
const filled = (where: string, ...names: string[]) => withPlaceholders(...names).meta({ description: where })

const header = z
  .strictObject({
    skipLink: shown('The first link of every page, seen when tabbing in: jumps past the menus to the page’s content.'),
    logoAlt: filled('What the company logo in the header is read aloud as; {company} is the company’s name.', 'company'),
    mainMenu: shown('The name screen readers give the main menu (header).'),
    menuButton: shown('The button that opens the menu on phones.'),
    allProducts: shown(
      'The last link of the product menus (header, footer, side lists) when there are more products than they show; the About page’s button to every product.',
    ),
    language: shown('The name screen readers give the language switcher in the header.'),
  })
  .meta({ description: 'The header at the top of every page.' })

const footer = z
  .strictObject({
    socialLink: filled('A social network link in the footer, read aloud; {network} is the network’s label from site.yaml.', 'network'),
    quickLinks: shown('The heading of the footer’s list of quick links.'),
    products: shown('The heading of the footer’s list of products.'),
    contact: shown('The heading of the footer’s contact details.'),
    place: filled('The footer’s last contact line; {offices} is the office towns, {country} the country.', 'offices', 'country'),
    copyright: filled('The line at the very bottom of every page; {year} is this year, {company} the company’s name.', 'year', 'company'),
  })
  .meta({ description: 'The footer at the bottom of every page.' })

const breadcrumbs = z
  .strictObject({
    label: shown('The name screen readers give the “you are here” trail above a page’s heading.'),
    home: shown('The first link of that trail, to the home page (also in what search engines read).'),
    products: shown('The trail’s link to the Products page, on product and granite pages.'),
  })
  .meta({ description: 'The trail of links above a page’s heading.' })

const carousel = z
  .strictObject({
    label: shown('The name screen readers give the home page’s slide show of products.'),
    roleDescription: shown('What screen readers call the slide show (the word “carousel”).'),
    slideRoleDescription: shown('What screen readers call one of its slides (the word “slide”).'),
    slide: filled(
      'A slide as read aloud; {number} is its position, {count} how many there are, {name} the product.',
      'number',
      'count',
      'name',
    ),
    showSlide: filled('A dot under the slides, read aloud; {number} is the slide’s position, {name} the product.', 'number', 'name'),
    previous: shown('The button to the previous slide, read aloud.'),
    next: shown('The button to the next slide, read aloud.'),
    pause: shown('The button that stops the slides.'),
    play: shown('The button that starts them again.'),
    viewProduct: shown('The button on each slide.'),
  })
  .meta({ description: 'The slide show at the top of the home page.' })

const cards = z
  .strictObject({
    viewProduct: shown('Under each product card (home, products list, About page).'),
    viewShade: shown('Under each shade’s card on the Granite Collection page.'),
    getQuote: shown('Under each card of “Explore more” on product and shade pages.'),
  })
  .meta({ description: 'The small call under each card of a grid of products or shades.' })

const home = z
  .strictObject({
    heading: filled(
      'The home page’s main heading, read aloud only; {company} is the company’s name, {tagline} its tagline.',
      'company',
      'tagline',
    ),
    latestEyebrow: shown('The small line above the latest products’ heading.'),
    popularEyebrow: shown('The small line above the popular products’ heading.'),
  })
  .meta({ description: 'The home page.' })

const product = z
  .strictObject({
    atAGlance: filled('The name screen readers give the key facts beside the photo; {product} is the product’s name.', 'product'),
    requestCall: shown('The button that calls the company (product and shade pages).'),
    sendEnquiry: shown('The button that writes the company an e-mail (product and shade pages).'),
    enquirySubject: filled('The subject of that e-mail; {product} is the product’s name.', 'product'),
    detailsHeading: shown('The heading over the specifications and applications.'),
    specifications: shown('The title of the specifications table (product and shade pages).'),
    applications: shown('The heading of the list of applications (product and shade pages).'),
    packingHeading: shown('The heading of the packing, storage and shelf life details.'),
    packing: shown('Label: how the product is packed.'),
    storage: shown('Label: how it is stored.'),
    shelfLife: shown('Label: how long it keeps.'),
    categories: filled('The heading of a product’s grades and price bands (makhana); {product} is its name.', 'product'),
    grade: shown('The grades table: heading of the grade column.'),
    indicativePrice: shown('The grades table: heading of the price column.'),
    price: filled('A price in the grades table; {amount} is the number of US dollars.', 'amount'),
    priceUnder: filled('A price that is a ceiling; {price} is the price as written above.', 'price'),
    priceFrom: filled('A price that is a floor; {price} is the price as written above.', 'price'),
    lookingFor: filled('The heading over a product page’s enquiry form; {product} is the product’s name.', 'product'),
    explore: shown('The heading of the other products shown at the bottom of a product page.'),
  })
  .meta({ description: 'Product pages (spices and agro products); granite shade pages share some.' })

const granite = z
  .strictObject({
    eyebrow: shown('The small line above a granite shade’s name.'),
    enquirySubject: filled('The subject of the e-mail the Send Enquiry button writes; {shade} is the shade’s name.', 'shade'),
    detailsHeading: shown('The heading over a shade’s specifications and applications.'),
  })
  .meta({ description: 'Granite shade pages.' })

const about = z
  .strictObject({
    since: filled('The small line above the story’s heading; {year} is the year the company was founded.', 'year'),
    numbers: shown('The name screen readers give the tiles of figures beside the story.'),
    natureOfBusiness: shown('Company facts: label of the nature of business.'),
    employees: shown('Company facts: label of the number of employees.'),
    employeesValue: filled('Company facts: the number of employees; {count} is the number.', 'count'),
    marketCoverage: shown('Company facts: label of the markets served.'),
    legalStatus: shown('Company facts: label of the legal form.'),
    offices: shown('Company facts: label of the offices.'),
    officesValue: filled('Company facts: the offices; {offices} is the towns, {country} the country.', 'offices', 'country'),
    established: shown('Company facts: label of the year of establishment.'),
  })
  .meta({ description: 'The About page.' })

const contact = z
  .strictObject({
    person: shown('Contact details: label of the contact person.'),
    address: shown('Contact details: label of the address.'),
    phone: shown('Contact details: label of the phone numbers.'),
    email: shown('Contact details: label of the e-mail address.'),
    onlineStore: shown('Contact details: label of the online store link.'),
  })
  .meta({ description: 'The contact details on the Contact page.' })

const a11y = z
  .strictObject({
    newTab: shown('Read aloud after a link that opens in a new tab (Contact page’s online store).'),
  })
  .meta({ description: 'Words only screen readers read, used in several places.' })

const reviews = z
  .strictObject({
    overall: shown('The rating summary’s heading, read aloud only.'),
    basedOn: filled('Under the average rating; {count} is the number of ratings.', 'count'),
    stars: filled('A row of stars, read aloud; {rating} is the rating.', 'rating'),
    levelOne: filled('A bar of the rating summary for 1 star; {stars} is the number.', 'stars'),
    levelOther: filled('A bar of the rating summary for more stars; {stars} is the number.', 'stars'),
    levelCount: filled('Read aloud after a bar’s number of ratings; {percent} is its share in percent.', 'percent'),
    product: filled('Under a review: the product reviewed; {product} is its name.', 'product'),
    verified: shown('Under a review by a verified buyer.'),
    date: filled(
      'A review’s date; {day}, {month} (its name, as the language writes it; in Chinese its number, so write 月 after it) and {year}, in this language’s order.',
      'day',
      'month',
      'year',
    ),
  })
  .meta({ description: 'The Reviews page.' })

const pagination = z
  .strictObject({
    label: filled('The name screen readers give the page links under a long products list; {heading} is the list’s heading.', 'heading'),
    previous: shown('The link to the previous page of the list.'),
    next: shown('The link to the next page of the list.'),
    pageHidden: shown('Read aloud after “Previous” and “Next” (the word “page”).'),
    page: filled('A page number link; only {number} is seen, the rest is read aloud.', 'number'),
    title: filled('The browser tab’s title of the list’s second page on; {title} is the page’s title.', 'title', 'number', 'count'),
  })
  .meta({ description: 'The page links under a products list too long for one page.' })

const legal = z
  .strictObject({
    effective: filled('Under a legal text’s heading; {date} is the date it took effect.', 'date'),
    updated: filled('Beside it; {date} is the date it last changed.', 'date'),
    date: filled(
      'Those dates; {day}, {month} (its name, as the language writes it; in Chinese its number, so write 月 after it) and {year}, in this language’s order.',
      'day',
      'month',
      'year',
    ),
    countingHeading: shown(
      'On the privacy policy in another language (the policy itself stays English): the heading of its summary of how the site counts visits.',
    ),
    countingSummary: shown(
      'Under it, one paragraph: what the site counts and what it does not keep, and that the English policy below is the one that applies. Keep it to what the policy’s section 5 says.',
    ),
  })
  .meta({ description: 'The privacy policy and terms pages (their text stays English).' })

const notFound = z
  .strictObject({
    mainPages: shown('The “page not found” page: heading of the list of main pages.'),
    productPages: shown('The “page not found” page: heading of the list of product pages.'),
  })
  .meta({ description: 'The “page not found” page.' })

const thankYou = z
  .strictObject({
    home: shown('The thank-you page’s button to the home page.'),
    products: shown('The thank-you page’s button to the products.'),
  })
  .meta({ description: 'The page seen after sending a form without JavaScript.' })

const notice = z
  .strictObject({
    untranslated: shown('Shown on a page whose words are partly or wholly English because their translation is missing.'),
    englishOnly: shown('Shown on the legal pages, which stay English.'),
  })
  .meta({ description: 'Notices about the page’s language.' })

const structured = z
  .strictObject({
    graniteCategory: shown('What search engines read as the category of granite (not seen on the page).'),
    agroCategory: shown('What search engines read as the category of spices and agro products (not seen on the page).'),
    areaServed: shown('What search engines read as where the company sells (not seen on the page).'),
  })
  .meta({ description: 'Words only search engines read.' })

const documents = z
  .strictObject({
    specSheet: shown('The link to a product’s or shade’s specification sheet (a PDF), on its page.'),
    catalogue: shown('The link to the catalogue of the whole range (a PDF), on the Products page.'),
    sheetTitle: filled(
      'The title of a specification sheet (the PDF’s title and its first line); {product} is the product’s name.',
      'product',
    ),
    catalogueTitle: filled('The title of the catalogue (the PDF’s title and its cover); {company} is the company’s short name.', 'company'),
    keyFacts: shown('A specification sheet: the heading of the key facts.'),
    contents: shown('The catalogue’s cover: the heading of the list of products in it.'),
    contact: shown('A specification sheet: the heading of the company’s contact details.'),
    web: shown('A specification sheet: label of the address of the product’s page on the site.'),
  })
  .meta({ description: 'The specification sheets and the catalogue (PDF files made by the build), and the links to them.' })

const whatsapp = z
  .strictObject({
    chat: shown('The link that opens a WhatsApp chat with the company (product, shade and contact pages).'),
    productText: filled('The message already written in that chat on a product or shade page; {product} is its name.', 'product'),
    contactText: shown('The message already written in that chat on the Contact page.'),
  })
  .meta({ description: 'The WhatsApp chat link; the number is site.yaml’s contact.whatsapp.' })

const quote = z
  .strictObject({
    add: shown('The “Add to quotation” button or link of a product, a granite shade and their cards.'),
    added: shown('What that button says once the product is in the quotation.'),
    headerLink: shown('The header’s link to the quotation page (the number of products in it follows).'),
    count: filled('What a screen reader says of the number next to that link; {count} is the number.', 'count'),
    itemsHeading: shown('The quotation page: the heading above the chosen products.'),
    empty: shown('The quotation page when no product has been added yet.'),
    allProductsIntro: shown('The quotation page without JavaScript: the line above the list of every product, each with a quantity box.'),
    addMore: shown('The quotation page: the link back to the products to add more.'),
    product: shown('The quotation page: the column of the product’s name.'),
    quantity: shown('The quantity box of an item.'),
    unit: shown('The unit choice of an item.'),
    units: z
      .strictObject({
        kg: shown('The unit “kg”.'),
        tonnes: shown('The unit “tonnes” (metric tons).'),
        m2: shown('The unit “square metres” (granite).'),
        container20: shown('The unit “20 ft containers”.'),
        container40: shown('The unit “40 ft containers”.'),
      })
      .meta({ description: 'How the units read (what is sent and stored stays the same in every language).' }),
    finish: shown('The finish choice of a granite item.'),
    size: shown('The size choice of a granite item.'),
    samples: shown('The box of an item: the buyer would like samples before ordering.'),
    remove: filled('The button that takes an item out of the quotation, read aloud; {product} is its name.', 'product'),
    buyerHeading: shown('The quotation page: the heading above the buyer’s details.'),
    incoterm: shown('The Incoterm choice (EXW, FOB, CFR, CIF, DAP).'),
    port: shown('The destination port box (optional).'),
    message: shown('The message box of the quotation (optional).'),
    send: shown('The button that sends the quotation request.'),
    tooMany: filled('Shown when the quotation already holds the most products it may; {max} is that number.', 'max'),
    yes: shown('In the buyer’s acknowledgement: an item whose samples are asked for first.'),
  })
  .meta({ description: 'The quotation: its page, the buttons that add to it and its link in the header.' })

export const interfaceSchema = z
  .strictObject({
    header,
    footer,
    breadcrumbs,
    carousel,
    cards,
    home,
    product,
    granite,
    about,
    contact,
    a11y,
    reviews,
    pagination,
    legal,
    notFound,
    thankYou,
    notice,
    structured,
    documents,
    whatsapp,
    quote,
    forms: formsInterfaceSchema,
  })
  .meta({
    title: 'interface.yaml',
    description:
      'The words of the interface: fixed headings, buttons, labels read aloud and notices, grouped by where they show. Words in {braces} are filled in by the page: keep them exactly.',
  })

export type Interface = z.infer<typeof interfaceSchema>
