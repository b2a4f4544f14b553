// `npm start`: build what is missing or stale, then run the production server in this process.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { buildIfStale, root } from './lib/build-if-stale.mjs'

buildIfStale()
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href)
