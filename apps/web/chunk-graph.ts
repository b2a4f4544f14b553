import type { Rolldown } from 'vite'

type Chunk = Rolldown.OutputChunk

/** The JavaScript chunks of a bundle, by file, and the static imports that tie them. */
export function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))

  /** `files` and every chunk they import statically, less those in `known`. */
  const staticClosure = (files: Iterable<string>, known: ReadonlySet<string> = new Set()) => {
    const found = new Set<string>()
    const visit = (file: string) => {
      if (known.has(file) || found.has(file)) return
      found.add(file)
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported)
    }
    for (const file of files) visit(file)
    return found
  }

  return { chunks, byFile, staticClosure }
}
