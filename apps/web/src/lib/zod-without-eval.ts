import { config } from 'zod/v4/core'

/*
 * The browser build's `zod` (vite.config.ts aliases it here). The site's content security policy
 * allows no `eval`; unless told otherwise, zod probes for `new Function` as its first object schema
 * is built, and although the probe is caught, the browser reports a breach of the policy
 * (Lighthouse's best practices count it). Every schema module imports zod through this file, so
 * the setting is in place before any schema is built. The API keeps zod's compiled parsers.
 */
config({ jitless: true })

export * from 'zod/v4'
export { default } from 'zod/v4'
