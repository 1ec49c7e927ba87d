// Colours as the artwork computes with them: RGB triples of 0–255 numbers (not yet rounded).

export type RGB = [number, number, number]

/** '#5a3b2e' → [90, 59, 46] */
export function hexToRgb(hex: string): RGB {
  const n = parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** The colour a share `t` of the way from a to b. */
export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}
