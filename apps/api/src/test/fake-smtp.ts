import { SMTPServer } from 'smtp-server'

/** An SMTP server that answers "try again later" to the first `refusals` messages, then takes them. */
export function fakeSmtpServer(refusals = 0) {
  const attempts: string[] = []
  const accepted: string[] = []
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk) => {
        data += chunk
      })
      stream.on('end', () => {
        attempts.push(data)
        if (attempts.length <= refusals) {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
        } else {
          accepted.push(data)
          callback()
        }
      })
    },
  })
  // A sending server SIGKILLed mid-message resets its connection: not this server's failure.
  server.on('error', () => {})
  return { server, attempts, accepted }
}

export const messageIdOf = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim()
