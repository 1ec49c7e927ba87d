// Home page product carousel, as prerendered: the first slide shown, the others hidden until it
// starts. What moves it (every `intervalMs`, looping both
// ways, pausing while hovered or focused, when the visitor presses pause, and under
// prefers-reduced-motion) is carousel-motion.ts, a few lines of browser code working on this markup:
// a carousel needs no React, and its props would otherwise travel in the page twice.
import type { Interface } from '../../model/schemas/interface.ts'
import { Icon } from './Icon.tsx'
import type { ImageEntry } from './images.ts'
import { Picture } from './Picture.tsx'
import './carousel.css'

export { wrapIndex } from './carousel-motion.ts'

export interface CarouselSlide {
  name: string
  path: string
  caption: string
  image: ImageEntry
  alt: string
  /** The slide as read aloud, "1 of 8: Clove" (content.ui.carousel.slide). */
  label: string
  /** Its dot as read aloud, "Show slide 1: Clove". */
  dotLabel: string
}

export interface CarouselProps {
  slides: CarouselSlide[]
  intervalMs: number
  label: string
  /** Its words (content/interface.yaml). */
  words: Pick<Interface['carousel'], 'roleDescription' | 'slideRoleDescription' | 'previous' | 'next' | 'pause' | 'play' | 'viewProduct'>
}

/** Slides span the screen's width. */
export const CAROUSEL_SIZES = '100vw'
/**
 * Phones held upright, whose slides show only the middle of the photo (object-fit: cover): the first
 * slide, the page's largest paint, comes to them as a portrait cut (project/image-widths.ts, PORTRAIT;
 * the build cuts that photo alone), without the sides they never draw. A 412 x 823 phone at 1.75x
 * takes the 736 px cut (29 KB, 1104 px tall for a slide about 1200 device px tall); the whole photo
 * as sharp would need its 1600 px file, 80 KB. Only the first slide: every slide's cuts would add
 * ~0.1 KB each to the HTML, whose bytes count while it fits the first round trip, and the other
 * slides load after the paint.
 */
export const PORTRAIT_MEDIA = '(max-width: 480px) and (max-aspect-ratio: 13/25)'

export function Carousel({ slides, intervalMs, label, words }: CarouselProps) {
  const count = slides.length
  return (
    <section
      className="carousel"
      aria-roledescription={words.roleDescription}
      aria-label={label}
      data-carousel={intervalMs}
      data-scripted=""
    >
      {/* Polite only while it stands still (carousel-motion.ts switches it), so moving slides are not read out. */}
      <div className="carousel-slides" aria-live={count > 1 ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the carousel pattern's slide is a group with a role description
          <div
            key={slide.path}
            className={i === 0 ? 'carousel-slide is-active' : 'carousel-slide'}
            role="group"
            aria-roledescription={words.slideRoleDescription}
            aria-label={slide.label}
            // Every slide but the first is hidden until the carousel starts (after the first slide's
            // paint: carousel-motion.ts then displays the next one under it, so its picture loads
            // ahead). Displayed from the start, the second picture was fetched beside the first, at
            // high priority as a picture in view, and shared the connection with it.
            hidden={i > 0}
            inert={i !== 0}
          >
            {/* biome-ignore lint/a11y/useAnchorContent: repeats the caption's link for pointer users; hidden from assistive technology */}
            <a href={slide.path} className="carousel-image" tabIndex={-1} aria-hidden="true">
              <Picture
                image={slide.image}
                alt=""
                sizes={CAROUSEL_SIZES}
                priority={i === 0}
                portraitMedia={i === 0 ? PORTRAIT_MEDIA : undefined}
              />
            </a>
            <div className="carousel-caption container">
              <p className="carousel-title">
                <a href={slide.path}>{slide.name}</a>
              </p>
              <p className="carousel-text">{slide.caption}</p>
              {/* biome-ignore lint/a11y/useAnchorContent: repeats the caption's link for pointer users; hidden from assistive technology */}
              <a href={slide.path} className="button button-light" tabIndex={-1} aria-hidden="true">
                {`${words.viewProduct} `}
                <Icon name="arrow" />
              </a>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel-controls container">
        <button type="button" className="carousel-arrow" data-step="-1" aria-label={words.previous}>
          <Icon name="chevronLeft" />
        </button>
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.path}
              type="button"
              className="carousel-dot"
              data-slide={i}
              aria-label={slide.dotLabel}
              aria-current={i === 0 ? 'true' : undefined}
            />
          ))}
        </div>
        <button type="button" className="carousel-arrow" data-step="1" aria-label={words.next}>
          <Icon name="chevronRight" />
        </button>
        <button type="button" className="carousel-pause">
          <Icon name="pause" className="carousel-when-running" />
          <Icon name="play" className="carousel-when-stopped" />
          <span className="carousel-pause-label carousel-when-running">{words.pause}</span>
          <span className="carousel-pause-label carousel-when-stopped">{words.play}</span>
        </button>
      </div>
    </section>
  )
}
