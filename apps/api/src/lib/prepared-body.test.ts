import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsGzip, prepareBody } from './prepared-body'

describe('acceptsGzip', () => {
  test.each([
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['gzip;q=0', false],
    ['gzip;q=0, *;q=1', false],
    ['br, *;q=0', false],
    ['x-gzip', false],
  ])('%s → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected)
  })
})

test('a prepared body holds the text as bytes and the same bytes gzipped', async () => {
  const text = JSON.stringify({ options: [{ name: 'Teeth Cleaning — 1 000 ৳' }] })
  const body = await prepareBody(text)
  expect(body.plain.toString('utf8')).toBe(text)
  expect(gunzipSync(body.gzipped).toString('utf8')).toBe(text)
})
