// What makes the prerendered carousel (Carousel.tsx) move, in the browser: it advances every
// interval, loops both ways, pauses while hovered or focused, when the visitor presses pause, and
// never moves by itself under prefers-reduced-motion. It changes only attributes of the markup.

/** The index after moving `step` from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count
}

export function startCarousels(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-carousel]')) startCarousel(root)
}

function startCarousel(root: HTMLElement): void {
  const intervalMs = Number(root.dataset.carousel)
  const slides = [...root.querySelectorAll<HTMLElement>('.carousel-slide')]
  const dots = [...root.querySelectorAll<HTMLElement>('[data-slide]')]
  const live = root.querySelector<HTMLElement>('.carousel-slides')!
  const count = slides.length
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
  const state = { index: 0, hovered: false, focused: false, stopped: false }
  let timer: number | undefined

  const show = () => {
    const { index } = state
    const next = wrapIndex(index, 1, count)
    slides.forEach((slide, i) => {
      slide.classList.toggle('is-active', i === index)
      slide.toggleAttribute('hidden', i !== index && i !== next)
      slide.toggleAttribute('inert', i !== index)
      if (i !== index && i === next) slide.setAttribute('aria-hidden', 'true')
      else slide.removeAttribute('aria-hidden')
    })
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true')
      else dot.removeAttribute('aria-current')
    })
    const running = !state.hovered && !state.focused && !state.stopped && !motion.matches && count > 1
    live.setAttribute('aria-live', running ? 'off' : 'polite')
    root.classList.toggle('is-stopped', state.stopped)
    if (running && timer === undefined) timer = window.setInterval(() => go(1), intervalMs)
    if (!running && timer !== undefined) timer = void window.clearInterval(timer)
  }
  const go = (step: number) => {
    state.index = wrapIndex(state.index, step, count)
    show()
  }
  const set = (change: Partial<typeof state>) => {
    Object.assign(state, change)
    show()
  }

  root.addEventListener('mouseenter', () => set({ hovered: true }))
  root.addEventListener('mouseleave', () => set({ hovered: false }))
  root.addEventListener('focusin', () => set({ focused: true }))
  root.addEventListener('focusout', (event) => {
    if (!root.contains(event.relatedTarget as Node | null)) set({ focused: false })
  })
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button')
    if (!button) return
    if (button.dataset.step) go(Number(button.dataset.step))
    else if (button.dataset.slide) set({ index: Number(button.dataset.slide) })
    else if (button.classList.contains('carousel-pause')) set({ stopped: !state.stopped })
  })
  motion.addEventListener('change', show)
  show()
}
