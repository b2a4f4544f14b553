import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// An issue's text lives in the tracker, not in the repository: comments cite docs/ (the spec, the
// architecture, a decision record), which the next engineer can open. Applied migrations keep
// their words, since changing one would change what every database already ran.
const root = path.resolve(import.meta.dirname, '../../..')
const trees = ['apps/api/src', 'apps/web/src', 'packages/shared/src', 'e2e', 'bench', 'scripts']

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : codeFiles(full)
    return /\.(ts|tsx|mjs|css)$/.test(entry.name) ? [full] : []
  })
}

test('no comment or test name cites an issue number', () => {
  const citations = trees
    .flatMap((tree) => codeFiles(path.join(root, tree)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\bissues? \d+/i.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    )
  expect(citations).toEqual([])
})
