// Arabic typed into the editor reads right to left. Decap's text boxes carry no `dir`, so they would
// lay Arabic out left to right, aligned to the left edge, with its punctuation and any Latin words in
// the wrong places. Every text box gets dir="auto" as it appears: the browser then sets each one's
// direction from what is typed in it (the first letter that has one), as the site's Arabic pages read.
const TEXT_BOXES = 'input:not([type]), input[type="text"], input[type="search"], textarea, [contenteditable="true"]'

function mark(element: Element): void {
  if (element.matches(TEXT_BOXES) && !element.hasAttribute('dir')) element.setAttribute('dir', 'auto')
  for (const box of element.querySelectorAll(TEXT_BOXES)) if (!box.hasAttribute('dir')) box.setAttribute('dir', 'auto')
}

/** Marks the text boxes inside `root` now and whenever Decap renders more. */
export function typeInAnyDirection(root: Element = document.body): MutationObserver {
  mark(root)
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) mark(node)
  })
  observer.observe(root, { childList: true, subtree: true })
  return observer
}
