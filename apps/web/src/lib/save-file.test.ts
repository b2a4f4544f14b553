// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { saveFile } from './save-file'

afterEach(() => vi.restoreAllMocks())

test('saves the blob under its name through a download link, then lets go of its address', async () => {
  const blob = new Blob(['a,b\n'], { type: 'text/csv' })
  const made = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved-1')
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const clicked: { href: string; download: string; revokedBefore: boolean }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download, revokedBefore: revoked.mock.calls.length > 0 })
  })

  saveFile(blob, 'agenda-2026-03-02.csv')

  expect(made).toHaveBeenCalledWith(blob)
  expect(clicked).toEqual([{ href: 'blob:saved-1', download: 'agenda-2026-03-02.csv', revokedBefore: false }])
  await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:saved-1'))
})
