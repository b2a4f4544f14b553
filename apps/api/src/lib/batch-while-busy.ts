interface Waiting<In, Out> {
  input: In
  resolve: (output: Out) => void
  reject: (error: unknown) => void
}

/**
 * Turns a batch operation into a single-item function. The first call runs at once; calls made
 * while a batch runs wait and then run together as the next batch, at most `maxBatch` at a time.
 * So an idle server answers one request with one query, and a rush of requests costs a few
 * queries instead of one each. `run` answers each input in order. If a batch of several fails,
 * each input is tried alone, so that one bad input fails only its own caller.
 */
export function batchWhileBusy<In, Out>(
  run: (inputs: In[]) => Promise<Out[]>,
  maxBatch = 500,
): (input: In) => Promise<Out> {
  const waiting: Waiting<In, Out>[] = []
  let running = false

  async function runOne(item: Waiting<In, Out>) {
    try {
      const [output] = await run([item.input])
      item.resolve(output as Out)
    } catch (error) {
      item.reject(error)
    }
  }

  async function runWaiting() {
    running = true
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch)
      try {
        const outputs = await run(batch.map((item) => item.input))
        for (const [i, item] of batch.entries()) item.resolve(outputs[i] as Out)
      } catch (error) {
        if (batch.length === 1) batch[0]?.reject(error)
        else for (const item of batch) await runOne(item)
      }
    }
    running = false
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject })
      if (!running) void runWaiting()
    })
}
