import { expect, test } from 'vitest'
import { imageUrl, storedNameOf } from './image-url'

const PUBLIC_URL = 'https://clinic.example'
const NAME = `${'0a'.repeat(16)}.webp`

test('our own /uploads/ URL, relative or on our origin, names the stored image', () => {
  expect(imageUrl(NAME)).toBe(`/uploads/${NAME}`)
  expect(storedNameOf(imageUrl(NAME), PUBLIC_URL)).toBe(NAME)
  expect(storedNameOf(`${PUBLIC_URL}/uploads/${NAME}`, PUBLIC_URL)).toBe(NAME)
})

test('any other URL is not one of ours', () => {
  for (const url of [
    `https://evil.example/uploads/${NAME}`,
    `//evil.example/uploads/${NAME}`,
    `http://clinic.example/uploads/${NAME}`,
    `https://clinic.example:8443/uploads/${NAME}`,
    `/uploads/${NAME}?x=1`,
    `/uploads/${NAME}#top`,
    `/uploads/../api/${NAME}`,
    `/uploads/%2e%2e/${NAME}`,
    `/static/${NAME}`,
    '/uploads/../../etc/passwd',
    '/uploads/short.webp',
    `/uploads/sub/${NAME}`,
    `/uploads/${NAME.replace('.webp', 'w320.webp')}`,
    `javascript:alert(1)//uploads/${NAME}`,
    `data:image/webp;base64,AAAA`,
    'https://i.ibb.co/abc/photo.png',
    'http://[::1',
  ]) {
    expect(storedNameOf(url, PUBLIC_URL), url).toBeUndefined()
  }
})
