/**
 * The few parts of the POSIX tar format (ustar) that a backup needs: regular files with short
 * names, written and read whole. Written here instead of adding a dependency for ~60 lines.
 */

const BLOCK = 512
const NAME_BYTES = 100

export interface TarFile {
  name: string
  bytes: Uint8Array
}

/** Two empty blocks end an archive; a reader that never meets them has a cut-off file. */
export const TAR_END = Buffer.alloc(2 * BLOCK)

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`
}

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) >= NAME_BYTES) throw new Error(`tar: name too long: ${name}`)
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 'utf8')
  block.write(octal(0o600, 8), 100)
  block.write(octal(0, 8), 108)
  block.write(octal(0, 8), 116)
  block.write(octal(size, 12), 124)
  block.write(octal(Math.floor(Date.now() / 1000), 12), 136)
  block.write('        ', 148)
  block.write('0', 156)
  block.write('ustar\u000000', 257)
  const sum = block.reduce((total, byte) => total + byte, 0)
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return block
}

/** One file's header, content and padding to the next block. */
export function tarFile({ name, bytes }: TarFile): Buffer[] {
  const padding = (BLOCK - (bytes.length % BLOCK)) % BLOCK
  return [
    header(name, bytes.length),
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
    Buffer.alloc(padding),
  ]
}

/** Every file of an archive; throws when it is not a whole ustar archive of regular files. */
export function readTar(archive: Buffer): TarFile[] {
  const files: TarFile[] = []
  let offset = 0
  while (offset + BLOCK <= archive.length) {
    const block = archive.subarray(offset, offset + BLOCK)
    if (block.every((byte) => byte === 0)) return files
    if (block.toString('latin1', 257, 262) !== 'ustar') throw new Error('tar: not a ustar archive')
    const name = block.toString('utf8', 0, NAME_BYTES).replace(/\0.*$/s, '')
    const size = Number.parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, ''), 8)
    const start = offset + BLOCK
    if (!Number.isSafeInteger(size) || start + size > archive.length) throw new Error('tar: archive cut off')
    files.push({ name, bytes: archive.subarray(start, start + size) })
    offset = start + Math.ceil(size / BLOCK) * BLOCK
  }
  throw new Error('tar: archive cut off')
}
