import { expect, test } from 'vitest'
import { imageSrcSet, imageVariantName, isFullImageName, parseImageName } from './images'

const STEM = '0a'.repeat(16)

test('a copy is named from its full image, and found back from its name', () => {
  expect(imageVariantName(`${STEM}.webp`, 320)).toBe(`${STEM}w320.webp`)
  expect(parseImageName(`${STEM}w640.webp`)).toEqual({ fullName: `${STEM}.webp`, width: 640 })
  expect(parseImageName(`${STEM}.webp`)).toEqual({ fullName: `${STEM}.webp` })
  expect(isFullImageName(`${STEM}w320.webp`)).toBe(false)
})

test('no other name is a copy: another width, another stem, a path', () => {
  for (const name of [
    `${STEM}w300.webp`,
    `${STEM}w1024.webp`,
    `${STEM.slice(2)}w320.webp`,
    `../${STEM}w320.webp`,
  ]) {
    expect(parseImageName(name), name).toBeUndefined()
  }
})

test('only our stored URLs have a srcset', () => {
  expect(imageSrcSet(`https://clinic.example/uploads/${STEM}.webp`)).toBe(
    `https://clinic.example/uploads/${STEM}w320.webp 320w, https://clinic.example/uploads/${STEM}w640.webp 640w, https://clinic.example/uploads/${STEM}.webp 1024w`,
  )
  for (const url of [
    'https://i.ibb.co/abc/photo.png',
    `/uploads/${STEM}w320.webp`,
    `/uploads/${STEM}.webp?x=1`,
  ]) {
    expect(imageSrcSet(url), url).toBeUndefined()
  }
})
