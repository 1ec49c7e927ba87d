// Reading HTML in tests as a browser reads it. parse5 implements the HTML standard's parsing
// algorithm, so attribute names are case-insensitive (React writes fetchPriority and srcSet, a
// browser reads fetchpriority and srcset), character references are decoded in text and attributes,
// a script or style keeps its raw text, and neither attribute order nor quoting matters.
import { type Element, getAttribute, getTextContent, isElementNode, type Node, queryAll } from '@parse5/tools'
import { parse, parseFragment } from 'parse5'

export type { Element, Node }

/** A whole page (a document, with the head and body the parser implies when they are left out). */
export const parsePage = (html: string): Node => parse(html)

/** Markup rendered on its own, such as a form or a component. */
export const parseMarkup = (html: string): Node => parseFragment(html)

/** Every element with this tag name ('*': any) under root, in document order, that passes `where`. */
export function elements(root: Node, tag: string, where: (element: Element) => boolean = () => true): Element[] {
  return [...queryAll<Element>(root, (node) => isElementNode(node) && (tag === '*' || node.tagName === tag) && where(node))]
}

/** An attribute's value, decoded; undefined when it is absent. Names are lower case, as the parser keeps them. */
export const attr = (element: Element, name: string): string | undefined => getAttribute(element, name) ?? undefined

/** The text inside a node, as textContent gives it: character references decoded, tags left out. */
export const text = (node: Node): string => getTextContent(node)

/** The page's title, or undefined without a title element. */
export function title(page: Node): string | undefined {
  const [element] = elements(page, 'title')
  return element && text(element)
}

/** Every meta tag's content by its name or property (og:image, twitter:card), in document order. */
export function metaTags(page: Node): Map<string, string[]> {
  const tags = new Map<string, string[]>()
  for (const element of elements(page, 'meta')) {
    const key = attr(element, 'property') ?? attr(element, 'name')
    const content = attr(element, 'content')
    if (key !== undefined && content !== undefined) tags.set(key, [...(tags.get(key) ?? []), content])
  }
  return tags
}

/** The content of the first meta tag with this name or property. */
export const meta = (page: Node, key: string): string | undefined => metaTags(page).get(key)?.[0]

/** The address of the page's canonical link. */
export function canonical(page: Node): string | undefined {
  const [link] = elements(page, 'link', (l) => attr(l, 'rel') === 'canonical')
  return link && attr(link, 'href')
}

/** The text of every JSON-LD block, as written. */
export const jsonLdTexts = (page: Node): string[] => elements(page, 'script', (s) => attr(s, 'type') === 'application/ld+json').map(text)

/** Every JSON-LD block, parsed (a block that is not JSON throws). */
export const jsonLd = (page: Node): Record<string, unknown>[] => jsonLdTexts(page).map((block) => JSON.parse(block))

/** The scripts a page loads: each script's src, or the entry its inline loader imports (build/defer-entry.ts). */
export function scriptSources(page: Node): string[] {
  return elements(page, 'script').flatMap((s) => attr(s, 'src') ?? attr(s, 'data-entry') ?? [])
}

/** The href of every link (a element) of the page. */
export const links = (page: Node): string[] => elements(page, 'a').flatMap((a) => attr(a, 'href') ?? [])
