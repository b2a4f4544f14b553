import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// STYLE.md "Web features are folders": imports go one way, shared code → features → app.
const src = import.meta.dirname

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

interface Import {
  file: string
  /** The imported module, relative to src, for imports of our own files. */
  target: string
  dynamic: boolean
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8')
  const found = [
    ...[...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((m) => ({
      m,
      dynamic: false,
    })),
    ...[...text.matchAll(/\bimport\('(\.[^']+)'\)/g)].map((m) => ({ m, dynamic: true })),
  ]
  return found.map(({ m, dynamic }) => ({
    file: path.relative(src, file),
    target: path.relative(src, path.resolve(path.dirname(file), m[1] ?? '')),
    dynamic,
  }))
}

const files = sourceFiles(src)
const imports = files.flatMap(importsOf)
const layer = (relative: string) => relative.split(path.sep)[0] ?? ''
const featureOf = (relative: string) => (layer(relative) === 'features' ? relative.split(path.sep)[1] : null)

test('shared code (lib, components, content) imports neither features nor the app', () => {
  const wrong = imports.filter(
    ({ file, target }) =>
      ['lib', 'components', 'content', 'testing'].includes(layer(file)) &&
      ['features', 'app'].includes(layer(target)),
  )
  expect(wrong).toEqual([])
})

test('the test helpers of testing/ are never part of the app', () => {
  expect(
    imports.filter(({ file, target }) => layer(target) === 'testing' && layer(file) !== 'testing'),
  ).toEqual([])
})

test('features never import the app', () => {
  expect(imports.filter(({ file, target }) => layer(file) === 'features' && layer(target) === 'app')).toEqual(
    [],
  )
})

test("a feature is reached from outside only through its public file (the router's lazy pages aside)", () => {
  const wrong = imports.filter(({ file, target, dynamic }) => {
    const feature = featureOf(target)
    if (!feature || featureOf(file) === feature || dynamic) return false
    const publicFile = path.join('features', feature)
    return target !== publicFile && target !== path.join(publicFile, 'index')
  })
  expect(wrong).toEqual([])
})

test('every query key comes from a key factory, never an inline array', () => {
  const inline = files.filter((file) => /queryKey:\s*\[/.test(readFileSync(file, 'utf8')))
  expect(inline.map((file) => path.relative(src, file))).toEqual([])
})

test('no circle of imports between our files, type-only imports included', () => {
  const node = (relative: string) => relative.replace(/\.tsx?$/, '').replace(/\/index$/, '')
  const edges = new Map<string, string[]>()
  for (const { file, target } of imports)
    edges.set(node(file), [...(edges.get(node(file)) ?? []), node(target)])
  const state = new Map<string, 'open' | 'done'>()
  const circles: string[][] = []
  const visit = (at: string, trail: string[]) => {
    state.set(at, 'open')
    for (const next of edges.get(at) ?? []) {
      if (state.get(next) === 'open') circles.push([...trail.slice(trail.indexOf(next)), at, next])
      else if (!state.has(next)) visit(next, [...trail, at])
    }
    state.set(at, 'done')
  }
  for (const file of edges.keys()) if (!state.has(file)) visit(file, [])
  expect(circles).toEqual([])
})
