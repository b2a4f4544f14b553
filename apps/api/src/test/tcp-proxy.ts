import net from 'node:net'

/**
 * A TCP proxy of our own between a server and PostgreSQL, to cut the database away mid-run as a
 * failing network or a stopped server would: `cut()` drops every connection and refuses new
 * ones, `stall()` lets nothing through, `restore()` lets everything through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let cut = false
  let stalled = false
  const server = net.createServer((client) => {
    if (cut) return client.destroy()
    const upstream = net.connect(target)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {})
    }
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    if (stalled) pause()
  })
  // A stalled database holds every byte back, and lets them through in order once restored.
  const pause = () => {
    for (const socket of sockets) socket.pause()
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    cut() {
      cut = true
      for (const socket of sockets) socket.destroy()
    },
    /** Connections stay open and nothing answers: a database too slow or a silent network. */
    stall() {
      stalled = true
      pause()
    },
    restore() {
      cut = false
      stalled = false
      for (const socket of sockets) socket.resume()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
