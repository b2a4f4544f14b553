import {
  Award,
  BadgeCheck,
  ChevronLeft,
  ChevronRight,
  CreditCard,
  HeartPulse,
  ShieldCheck,
  Siren,
} from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { advantages } from '../../content/advantages'

// Spec section 9: one slide at a time, infinite loop, speed 500 ms, no dots.
const SPEED_MS = 500
const icons = [Siren, Award, BadgeCheck, HeartPulse, ShieldCheck, CreditCard]
const count = advantages.length
const wrap = (index: number) => (index + count) % count
const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

// The track is [last, ...slides, first]: moving past an end slides onto a copy, then jumps without
// animation to the real slide, so the loop never visibly rewinds.
const track = [count - 1, ...advantages.map((_, index) => index), 0]

/** Loaded on demand by the About page (dynamic import). Buttons and ←/→ move; each move is announced. */
export function AdvantagesCarousel() {
  const [position, setPosition] = useState(1)
  const [animated, setAnimated] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const settling = useRef<ReturnType<typeof setTimeout> | null>(null)
  const trackId = useId()
  const trackRef = useRef<HTMLDivElement>(null)
  const current = wrap(position - 1)

  useEffect(() => () => clearTimeout(settling.current ?? undefined), [])

  // Ends a running slide at once (on its real slide), so quick presses are never lost.
  const settle = () => {
    clearTimeout(settling.current ?? undefined)
    settling.current = null
    flushSync(() => {
      setAnimated(false)
      setPosition(current + 1)
    })
    // Read layout so the browser applies the jump before the next animated move starts.
    void trackRef.current?.offsetWidth
  }

  const move = (delta: 1 | -1) => {
    if (settling.current) settle()
    const target = wrap(current + delta)
    setAnnouncement(`${target + 1} of ${count}: ${advantages[target]?.title}`)
    if (prefersReducedMotion()) {
      setAnimated(false)
      setPosition(target + 1)
      return
    }
    setAnimated(true)
    setPosition(current + 1 + delta)
    settling.current = setTimeout(() => {
      settling.current = null
      setAnimated(false)
      setPosition(target + 1)
    }, SPEED_MS)
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1)
    else if (event.key === 'ArrowRight') move(1)
    else return
    event.preventDefault()
  }

  return (
    // Arrow keys pressed on the carousel's buttons bubble up to this handler.
    <section
      aria-roledescription="carousel"
      aria-label="Advantages"
      className="relative mx-auto max-w-3xl"
      onKeyDown={onKeyDown}
    >
      <div className="overflow-hidden rounded-box">
        <div
          ref={trackRef}
          data-testid="carousel-track"
          id={trackId}
          className="flex"
          style={{
            transform: `translateX(-${position * 100}%)`,
            transition: animated ? `transform ${SPEED_MS}ms ease-in-out` : 'none',
          }}
        >
          {track.map((index, slot) => {
            const advantage = advantages[index]
            const Icon = icons[index] ?? BadgeCheck
            const isClone = slot === 0 || slot === track.length - 1
            const isCurrent = slot === position
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern labels each slide as a group
              <div
                // The slot is the key: slots are fixed, and two hold copies of the same slide.
                key={slot}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${count}`}
                aria-hidden={!isCurrent}
                inert={!isCurrent}
                data-testid={isClone ? undefined : 'advantage'}
                className="w-full shrink-0 px-14 sm:px-16"
              >
                <div className="flex min-h-64 flex-col items-center justify-center rounded-box bg-base-100 p-8 text-center shadow-sm">
                  <Icon className="size-12 text-primary" aria-hidden="true" strokeWidth={1.5} />
                  <h3 className="mt-4 text-2xl font-bold">{advantage?.title}</h3>
                  <p className="mt-3 text-base-content/80">{advantage?.description}</p>
                </div>
              </div>
            )
          })}
        </div>
      </div>
      <button
        type="button"
        className="btn btn-circle btn-primary absolute top-1/2 left-0 -translate-y-1/2"
        aria-label="Previous advantage"
        aria-controls={trackId}
        onClick={() => move(-1)}
      >
        <ChevronLeft className="size-6" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="btn btn-circle btn-primary absolute top-1/2 right-0 -translate-y-1/2"
        aria-label="Next advantage"
        aria-controls={trackId}
        onClick={() => move(1)}
      >
        <ChevronRight className="size-6" aria-hidden="true" />
      </button>
      <p className="mt-4 text-center text-sm font-medium text-base-content/80" aria-hidden="true">
        {current + 1} / {count}
      </p>
      <p className="sr-only" aria-live="polite" data-testid="carousel-status">
        {announcement}
      </p>
    </section>
  )
}
