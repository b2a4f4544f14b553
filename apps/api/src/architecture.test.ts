import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// docs/decisions/0021-api-layers.md: infrastructure (lib, db, providers, plugins) stands below the
// modules and imports none of them; a module is reached only through its public file (index.ts);
// no file imports itself back through others, type-only imports included.
const src = import.meta.dirname

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : []
  })
}

const files = sourceFiles(src).map((file) => path.relative(src, file))
const known = new Set(files)

/** Our own files a file imports (type-only imports too), relative to src, without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8')
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm),
    ...text.matchAll(/\bimport\('(\.[^']+)'\)/g),
  ].map(([, specifier]) => specifier as string)
  return specifiers.map((specifier) => {
    const target = path.relative(src, path.resolve(path.dirname(path.join(src, file)), specifier))
    return known.has(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts')
  })
}

const graph = new Map(files.map((file) => [file, importsOf(file)]))
const moduleOf = (file: string) => (file.startsWith(`modules${path.sep}`) ? file.split(path.sep)[1] : null)
const edges = [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })))

/** The strongly connected groups of more than one file (Tarjan's algorithm). */
function circles(): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) as number, index.get(target) as number))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1) found.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return found
}

test('no circle of imports, type-only imports included', () => {
  expect(circles()).toEqual([])
})

/** Floors from the ground up: a file imports only from its own floor or those below. */
const FLOORS: Record<string, number> = {
  lib: 0,
  'errors.ts': 0,
  'config.ts': 0,
  db: 1,
  providers: 2,
  plugins: 3,
  modules: 4,
}
const floorOf = (file: string) => FLOORS[file.split(path.sep)[0] ?? ''] ?? 5

test('infrastructure (lib, db, providers, plugins, errors, config) imports no module, nor a floor above its own', () => {
  const upward = edges.filter(({ file, target }) => floorOf(target) > floorOf(file))
  expect(upward).toEqual([])
})

test('a module is reached from outside only through its public file, index.ts', () => {
  const deep = edges.filter(({ file, target }) => {
    const module = moduleOf(target)
    return module && moduleOf(file) !== module && target !== path.join('modules', module, 'index.ts')
  })
  expect(deep).toEqual([])
})

test('every module has a public file', () => {
  const modules = new Set(files.flatMap((file) => moduleOf(file) ?? []))
  const without = [...modules].filter((module) => !known.has(path.join('modules', module, 'index.ts')))
  expect(without).toEqual([])
})
