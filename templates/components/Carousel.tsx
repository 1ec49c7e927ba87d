// Home page product carousel. Advances every `intervalMs`, loops both ways, pauses while hovered or
// focused or when the visitor presses pause, and never moves by itself under prefers-reduced-motion.
// Only the current and the next slide are displayed, so the browser fetches images one step ahead.
import { useCallback, useEffect, useState } from 'react'
import { Icon } from './Icon.tsx'
import type { ImageEntry } from './images.ts'
import { Picture } from './Picture.tsx'
import './carousel.css'

export interface CarouselSlide {
  name: string
  path: string
  caption: string
  image: ImageEntry
  alt: string
}

export interface CarouselProps {
  slides: CarouselSlide[]
  intervalMs: number
  label: string
}

/** The index after moving `step` from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count
}

export function Carousel({ slides, intervalMs, label }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(false)
  const count = slides.length
  const running = !hovered && !focused && !stopped && !reducedMotion && count > 1

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    setReducedMotion(query.matches)
    const onChange = () => setReducedMotion(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => setIndex((i) => wrapIndex(i, 1, count)), intervalMs)
    return () => window.clearInterval(timer)
  }, [running, intervalMs, count])

  const go = useCallback((step: number) => setIndex((i) => wrapIndex(i, step, count)), [count])
  const next = wrapIndex(index, 1, count)

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <div className="carousel-slides" aria-live={running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group with a role description
          <div
            key={slide.path}
            className={i === index ? 'carousel-slide is-active' : 'carousel-slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}: ${slide.name}`}
            // A hidden slide is out of the accessibility tree already; only the next one, displayed
            // under the current one so its picture loads ahead, needs aria-hidden.
            aria-hidden={i !== index && i === next ? true : undefined}
            hidden={i !== index && i !== next}
            inert={i !== index}
          >
            {/* biome-ignore lint/a11y/useAnchorContent: repeats the caption's link for pointer users; hidden from assistive technology */}
            <a href={slide.path} className="carousel-image" tabIndex={-1} aria-hidden="true">
              <Picture image={slide.image} alt="" sizes="100vw" priority={i === 0} />
            </a>
            <div className="carousel-caption container">
              <p className="carousel-title">
                <a href={slide.path}>{slide.name}</a>
              </p>
              <p className="carousel-text">{slide.caption}</p>
              {/* biome-ignore lint/a11y/useAnchorContent: repeats the caption's link for pointer users; hidden from assistive technology */}
              <a href={slide.path} className="button button-light" tabIndex={-1} aria-hidden="true">
                View product <Icon name="arrow" />
              </a>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel-controls container">
        <button type="button" className="carousel-arrow" onClick={() => go(-1)} aria-label="Previous slide">
          <Icon name="chevronLeft" />
        </button>
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.path}
              type="button"
              className="carousel-dot"
              aria-label={`Show slide ${i + 1}: ${slide.name}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
        <button type="button" className="carousel-arrow" onClick={() => go(1)} aria-label="Next slide">
          <Icon name="chevronRight" />
        </button>
        <button type="button" className="carousel-pause" onClick={() => setStopped((s) => !s)}>
          <Icon name={stopped ? 'play' : 'pause'} />
          <span className="carousel-pause-label">{stopped ? 'Play' : 'Pause'}</span>
        </button>
      </div>
    </section>
  )
}
