// A Content-Security-Policy read into its directives: "default-src 'self';img-src 'self' data:" →
// default-src → ["'self'"], img-src → ["'self'", 'data:'], in the policy's order.

export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/)
      return [name!, values] as const
    }),
  )
}
